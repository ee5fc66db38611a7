import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { products } from "~/content/products";
import { MAX_CART_LINE_QUANTITY, MAX_ORDER_LINES as MAX_CART_LINES } from "~/backend/constants";
import { BackendError, type BackendErrorCode } from "~/backend/errors";
import type { Backend, RequestBackend, ShippingAddress } from "~/backend/port";
import { listMigrations, migrate } from "~/backend/sql/migrations.server";
import type { SqlBackendOptions } from "~/backend/sql/sql-backend.server";
import type { SqlDatabase, SqlExecutor } from "~/backend/sql/sql-database";
import { toCents } from "~/modules/money";
import { cookiesAfter } from "#tests/support/cookie-jar.mjs";

/** What a SQL-backed adapter gives the contract: owner access to its database and a way to open it. */
export interface ContractHarness {
  /** Owner-level SQL on the database the backends use (the role that ran the migrations). */
  db: SqlDatabase;
  /**
   * A backend over that database (or over `database`, a wrapper of it); overrides set the clock,
   * hashing cost or cookie flags.
   */
  createBackend(overrides?: Partial<SqlBackendOptions>, database?: SqlDatabase): Backend;
  teardown(): Promise<void>;
}

export const shipping: ShippingAddress = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "5551234567",
  address: "1 Rodeo Drive",
  city: "Beverly Hills",
  state: "CA",
  zipCode: "90210",
  country: "United States",
};

const uniqueEmail = (label = "shopper") => `${label}-${crypto.randomUUID()}@example.com`;
const newKey = () => crypto.randomUUID();

function requestWith(cookie?: string): Request {
  return new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });
}

async function expectBackendError(promise: Promise<unknown>, code: BackendErrorCode, message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected BackendError "${code}"`).toBeInstanceOf(BackendError);
  expect((error as BackendError).code).toBe(code);
  if (message) expect((error as BackendError).message).toMatch(message);
}

/** Direct SQL as PostgREST would run it for a signed-in user: role authenticated, the user id as JWT subject. */
function asAuthenticated<T>(db: SqlDatabase, userId: string, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec("set local role authenticated");
    await tx.query("select set_config('request.jwt.claim.sub', $1, true)", [userId]);
    return work(tx);
  });
}

function asAnon<T>(db: SqlDatabase, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec("set local role anon");
    return work(tx);
  });
}

async function expectSqlError(promise: Promise<unknown>, sqlState: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected SQLSTATE ${sqlState}`).toBeDefined();
  expect((error as { code?: string }).code).toBe(sqlState);
}

/** Registers the backend contract: every operation of the port, concurrency, and row-level security. */
export function describeBackendContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`backend contract: ${name}`, () => {
    let harness: ContractHarness;
    let backend: Backend;
    let db: SqlDatabase;

    beforeAll(async () => {
      harness = await setup();
      backend = harness.createBackend();
      db = harness.db;
    });

    afterAll(async () => {
      await harness?.teardown();
    });

    /** Signs up a new user; returns the request scope of a follow-up request carrying the session cookie. */
    async function signedUpUser(options: { fullName?: string; password?: string; via?: Backend } = {}) {
      const via = options.via ?? backend;
      const email = uniqueEmail();
      const password = options.password ?? "correct horse battery";
      const signUpScope = via.forRequest(requestWith());
      const { user } = await signUpScope.auth.signUp({ email, password, fullName: options.fullName });
      const cookie = cookiesAfter(signUpScope.responseHeaders);
      return { user, email, password, cookie, scope: via.forRequest(requestWith(cookie)) };
    }

    const anyScope = (): RequestBackend => backend.forRequest(requestWith());

    describe("health and schema", () => {
      test("ping answers", async () => {
        await expect(backend.ping()).resolves.toBeUndefined();
      });

      test("the SQL backends neither send e-mail nor host OAuth", () => {
        expect(backend.capabilities).toEqual({ sendsEmail: false, hostedOAuth: false });
        return expect(backend.hostedOAuthProviders()).resolves.toEqual([]);
      });

      test("the database price list equals the catalogue (selling price in cents, stock)", async () => {
        const rows = await db.query<{ product_id: string; price_cents: number; in_stock: boolean }>(
          "select product_id, price_cents, in_stock from public.product_prices order by product_id",
        );
        const catalogue = products
          .map((product) => ({ product_id: product.id, price_cents: toCents(product.price), in_stock: product.inStock }))
          .sort((a, b) => a.product_id.localeCompare(b.product_id));
        expect(rows).toEqual(catalogue);
      });

      test("running the migrations again is a no-op", async () => {
        const before = await db.query<{ version: string; applied_at: Date }>(
          "select version, applied_at from app_private.schema_migrations order by version",
        );
        expect(before.map((row) => row.version)).toEqual(listMigrations().map((migration) => migration.version));
        await expect(migrate(db)).resolves.toEqual([]);
        const after = await db.query("select version, applied_at from app_private.schema_migrations order by version");
        expect(after).toEqual(before);
      });

      test("an applied migration that was edited stops the runner", async () => {
        const edited = listMigrations().map((migration, index) =>
          index === 0 ? { ...migration, checksum: "edited" } : migration,
        );
        await expect(migrate(db, edited)).rejects.toThrow(/was changed after it was applied/);
      });

      test("a failing migration leaves the database as it was", async () => {
        const broken = {
          version: "99990101000000",
          file: "99990101000000_broken.sql",
          sql: "create table public.half_done (id int); select 1 / 0;",
          checksum: "broken",
        };
        await expect(migrate(db, [...listMigrations(), broken])).rejects.toThrow(/99990101000000_broken\.sql failed/);
        const [row] = await db.query<{ exists: boolean }>("select to_regclass('public.half_done') is not null as exists");
        expect(row?.exists).toBe(false);
        const [count] = await db.query<{ n: number }>("select count(*)::int as n from app_private.schema_migrations");
        expect(count?.n).toBe(listMigrations().length);
      });
    });

    describe("auth", () => {
      test("sign-up creates the user, a profile (trigger) and a session cookie", async () => {
        const scope = anyScope();
        const email = uniqueEmail("New.Shopper");
        const result = await scope.auth.signUp({ email, password: "long enough 1", fullName: "  Grace Hopper " });
        expect(result.signedIn).toBe(true);
        expect(result.user).toMatchObject({ email: email.toLowerCase(), fullName: "Grace Hopper", avatarUrl: null });
        expect(Date.parse(result.user.createdAt)).not.toBeNaN();

        const [setCookie] = scope.responseHeaders.getSetCookie();
        expect(setCookie).toMatch(/^shop_session=/);
        expect(setCookie).toMatch(/HttpOnly/i);
        expect(setCookie).toMatch(/SameSite=Lax/i);
        expect(setCookie).toMatch(/Path=\//);
        expect(setCookie).not.toMatch(/Secure/i);

        const next = backend.forRequest(requestWith(cookiesAfter(scope.responseHeaders)));
        await expect(next.auth.getUser()).resolves.toEqual(result.user);

        const profile = await next.profiles.get({ userId: result.user.id });
        expect(profile).toMatchObject({ id: result.user.id, email: email.toLowerCase(), fullName: "Grace Hopper" });
      });

      test("the cookie holds only a random token; the database only its hash", async () => {
        const { user, cookie } = await signedUpUser();
        const token = cookie.slice(cookie.indexOf("=") + 1);
        const [row] = await db.query<{ token_hash: string }>("select token_hash from auth.sessions where user_id = $1", [user.id]);
        expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(token).not.toContain(row?.token_hash);
        expect(token).not.toContain(user.id);
        expect(decodeURIComponent(token)).not.toContain(user.email);
      });

      test("cookies are Secure when the backend is told so (production)", async () => {
        const secure = harness.createBackend({ secureCookies: true });
        const scope = secure.forRequest(requestWith());
        await scope.auth.signUp({ email: uniqueEmail(), password: "long enough 1" });
        expect(scope.responseHeaders.getSetCookie()[0]).toMatch(/;\s*Secure/i);
      });

      test("a visitor without a cookie is signed out", async () => {
        await expect(anyScope().auth.getUser()).resolves.toBeNull();
      });

      test("a tampered or foreign session cookie is treated as signed out and cleared", async () => {
        const { cookie } = await signedUpUser();
        const tampered = cookie.replace(/.(;|$)/, (last) => (last.startsWith("A") ? "B" : "A") + last.slice(1));
        const scope = backend.forRequest(requestWith(tampered));
        await expect(scope.auth.getUser()).resolves.toBeNull();
        expect(scope.responseHeaders.getSetCookie().join()).toMatch(/shop_session=;/);

        const otherSecret = harness.createBackend({ cookieSecrets: ["another-secret"] });
        await expect(otherSecret.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
      });

      test("a rotated secret still verifies cookies signed with the previous one", async () => {
        const { user, cookie } = await signedUpUser();
        const rotated = harness.createBackend({ cookieSecrets: ["new-secret", "test-session-secret"] });
        await expect(rotated.forRequest(requestWith(cookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });
      });

      test("the same e-mail cannot sign up twice, whatever its case", async () => {
        const { email } = await signedUpUser();
        await expectBackendError(
          anyScope().auth.signUp({ email: email.toUpperCase(), password: "long enough 1" }),
          "email_taken",
          /already registered/,
        );
      });

      test("sign-up rejects short passwords and malformed addresses", async () => {
        await expectBackendError(anyScope().auth.signUp({ email: uniqueEmail(), password: "short" }), "weak_password", /at least 8/);
        await expectBackendError(anyScope().auth.signUp({ email: "not-an-address", password: "long enough 1" }), "invalid_input");
      });

      test("sign-in with the right password starts a session; a wrong one or an unknown address does not", async () => {
        const { user, email, password } = await signedUpUser();
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "wrong password" }),
          "invalid_credentials",
          /Invalid login credentials/,
        );
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email: uniqueEmail(), password }),
          "invalid_credentials",
        );

        const scope = anyScope();
        await expect(scope.auth.signInWithPassword({ email: ` ${email.toUpperCase()} `, password })).resolves.toMatchObject({
          id: user.id,
        });
        const next = backend.forRequest(requestWith(cookiesAfter(scope.responseHeaders)));
        await expect(next.auth.getUser()).resolves.toMatchObject({ id: user.id });
      });

      test("repeated failed sign-ins for an address are refused for a while, then allowed again", async () => {
        let clock = new Date("2030-01-01T12:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const { email, password } = await signedUpUser({ via: timed });
        const attempt = (pw: string) => timed.forRequest(requestWith()).auth.signInWithPassword({ email, password: pw });

        for (let failure = 1; failure < 5; failure += 1) await expectBackendError(attempt("wrong"), "invalid_credentials");
        await expectBackendError(attempt("wrong"), "too_many_attempts", /Try again in 30 seconds/);
        // Locked: even the right password waits.
        await expectBackendError(attempt(password), "too_many_attempts");

        clock = new Date(clock.getTime() + 31_000);
        await expectBackendError(attempt("wrong"), "too_many_attempts", /Try again in 1 minutes|Try again in 60 seconds/);
        clock = new Date(clock.getTime() + 61_000);
        await expect(attempt(password)).resolves.toMatchObject({ email });
        // Success clears the count: one more failure is an ordinary failure.
        await expectBackendError(attempt("wrong"), "invalid_credentials");
      });

      test("sign-out revokes the session on the server and clears the cookie", async () => {
        const { user, cookie } = await signedUpUser();
        const scope = backend.forRequest(requestWith(cookie));
        await scope.auth.signOut();
        expect(scope.responseHeaders.getSetCookie().join()).toMatch(/shop_session=;.*Max-Age=0/i);
        await expect(scope.auth.getUser()).resolves.toBeNull();
        // The old cookie, replayed, no longer works.
        await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
        const [row] = await db.query<{ n: number }>("select count(*)::int as n from auth.sessions where user_id = $1", [user.id]);
        expect(row?.n).toBe(0);
        // Signing out again is harmless.
        await expect(backend.forRequest(requestWith()).auth.signOut()).resolves.toBeUndefined();
      });

      test("sessions expire after 30 days and are extended when used in their second half", async () => {
        let clock = new Date("2031-03-01T00:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const { user, cookie } = await signedUpUser({ via: timed });
        const expiry = async () =>
          new Date(
            (await db.query<{ expires_at: Date }>("select expires_at from auth.sessions where user_id = $1", [user.id]))[0]!
              .expires_at,
          ).getTime();
        const firstExpiry = await expiry();
        expect(firstExpiry - clock.getTime()).toBe(30 * 24 * 3600 * 1000);

        clock = new Date(clock.getTime() + 10 * 24 * 3600 * 1000);
        const early = timed.forRequest(requestWith(cookie));
        await expect(early.auth.getUser()).resolves.toMatchObject({ id: user.id });
        expect(early.responseHeaders.getSetCookie()).toEqual([]);
        expect(await expiry()).toBe(firstExpiry);

        clock = new Date(clock.getTime() + 10 * 24 * 3600 * 1000);
        const late = timed.forRequest(requestWith(cookie));
        await expect(late.auth.getUser()).resolves.toMatchObject({ id: user.id });
        expect(late.responseHeaders.getSetCookie()).toHaveLength(1);
        expect(await expiry()).toBe(clock.getTime() + 30 * 24 * 3600 * 1000);

        clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000);
        await expect(timed.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
      });

      test("updating the password keeps this session, ends the others, and changes what signs in", async () => {
        const { user, email, password, cookie } = await signedUpUser();
        const otherDevice = anyScope();
        await otherDevice.auth.signInWithPassword({ email, password });
        const otherCookie = cookiesAfter(otherDevice.responseHeaders);

        const scope = backend.forRequest(requestWith(cookie));
        await expect(scope.auth.updatePassword({ password: "a brand new secret" })).resolves.toMatchObject({ id: user.id });
        await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();

        await expectBackendError(anyScope().auth.signInWithPassword({ email, password }), "invalid_credentials");
        await expect(anyScope().auth.signInWithPassword({ email, password: "a brand new secret" })).resolves.toMatchObject({
          id: user.id,
        });
        await expectBackendError(anyScope().auth.updatePassword({ password: "whatever123" }), "not_authenticated");
        await expectBackendError(scope.auth.updatePassword({ password: "short" }), "weak_password");
      });

      test("without mail (MAIL=off, the default here), e-mail links and hosted OAuth are not offered, and say so", async () => {
        const scope = anyScope();
        await expectBackendError(
          scope.auth.requestPasswordReset({ email: uniqueEmail(), redirectTo: "http://shop.test/reset" }),
          "not_supported",
          /cannot send e-mail/,
        );
        await expectBackendError(scope.auth.startOAuth({ provider: "google", redirectTo: "http://shop.test/" }), "not_supported");
        // E-mailed links land on exchangeCodeForSession (issue 17): a code that was never issued is refused.
        await expectBackendError(scope.auth.exchangeCodeForSession({ code: "abc" }), "invalid_link");
      });

      test("a verified Google identity signs in, creating the account once and linking an existing one", async () => {
        const email = uniqueEmail("google");
        const first = anyScope();
        const created = await first.auth.signInWithVerifiedIdentity({
          provider: "google",
          email,
          fullName: "Katherine Johnson",
          avatarUrl: "https://example.com/k.png",
        });
        expect(created).toMatchObject({ email, fullName: "Katherine Johnson", avatarUrl: "https://example.com/k.png" });
        await expect(backend.forRequest(requestWith(cookiesAfter(first.responseHeaders))).auth.getUser()).resolves.toMatchObject({
          id: created.id,
        });
        const again = await anyScope().auth.signInWithVerifiedIdentity({ provider: "google", email: email.toUpperCase() });
        expect(again.id).toBe(created.id);
        expect(again.fullName).toBe("Katherine Johnson");
        // No password was set: password sign-in cannot guess its way in.
        await expectBackendError(anyScope().auth.signInWithPassword({ email, password: "" }), "invalid_credentials");

        const { user, email: passwordEmail } = await signedUpUser();
        const linked = await anyScope().auth.signInWithVerifiedIdentity({ provider: "google", email: passwordEmail });
        expect(linked.id).toBe(user.id);
      });

      test("a scope is shared per request, and its headers start empty", () => {
        const request = requestWith();
        expect(backend.forRequest(request)).toBe(backend.forRequest(request));
        expect([...backend.forRequest(request).responseHeaders]).toEqual([]);
      });
    });

    describe("account safety and limits (issue 16)", () => {
      test("sign out everywhere ends every session of the account, and only of that account", async () => {
        const { user, email, password, cookie } = await signedUpUser();
        const otherDevice = anyScope();
        await otherDevice.auth.signInWithPassword({ email, password });
        const otherCookie = cookiesAfter(otherDevice.responseHeaders);
        const stranger = await signedUpUser();

        const scope = backend.forRequest(requestWith(cookie));
        await scope.auth.signOutEverywhere();
        expect(scope.responseHeaders.getSetCookie().join()).toMatch(/shop_session=;.*Max-Age=0/i);
        await expect(scope.auth.getUser()).resolves.toBeNull();
        await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();
        const [row] = await db.query<{ n: number }>("select count(*)::int as n from auth.sessions where user_id = $1", [user.id]);
        expect(row?.n).toBe(0);
        await expect(backend.forRequest(requestWith(stranger.cookie)).auth.getUser()).resolves.toMatchObject({ id: stranger.user.id });
        // Signed out already: nothing to do, no error.
        await expect(anyScope().auth.signOutEverywhere()).resolves.toBeUndefined();
      });

      test("sign out everywhere also ends sessions the embedded backend holds in its session cache", async () => {
        const cached = harness.createBackend({ cacheSessions: true });
        const { user, email, password, cookie } = await signedUpUser({ via: cached });
        const otherDevice = cached.forRequest(requestWith());
        await otherDevice.auth.signInWithPassword({ email, password });
        const otherCookie = cookiesAfter(otherDevice.responseHeaders);
        // Both sessions read once, so both sit in the cache.
        await expect(cached.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });
        await expect(cached.forRequest(requestWith(cookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });

        await cached.forRequest(requestWith(cookie)).auth.signOutEverywhere();
        await expect(cached.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();
        await expect(cached.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
      });

      test("changing the password needs the current one: a wrong one changes nothing", async () => {
        const { user, email, password, cookie } = await signedUpUser();
        const otherDevice = anyScope();
        await otherDevice.auth.signInWithPassword({ email, password });
        const otherCookie = cookiesAfter(otherDevice.responseHeaders);
        const scope = () => backend.forRequest(requestWith(cookie));

        await expectBackendError(
          scope().auth.changePassword({ currentPassword: "not my password", password: "a brand new secret" }),
          "invalid_credentials",
          /current password/i,
        );
        // Nothing changed: the old password signs in, the other device is still signed in.
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });
        await expect(anyScope().auth.signInWithPassword({ email, password })).resolves.toMatchObject({ id: user.id });
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "a brand new secret" }),
          "invalid_credentials",
        );

        await expectBackendError(scope().auth.changePassword({ currentPassword: password, password: "short" }), "weak_password");
        await expect(scope().auth.changePassword({ currentPassword: password, password: "a brand new secret" })).resolves.toMatchObject({
          id: user.id,
        });
        // As with updatePassword: this session stays, the others end, and the new password is the one that works.
        await expect(scope().auth.getUser()).resolves.toMatchObject({ id: user.id });
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();
        await expectBackendError(anyScope().auth.signInWithPassword({ email, password }), "invalid_credentials");
        await expectBackendError(
          anyScope().auth.changePassword({ currentPassword: password, password: "whatever123" }),
          "not_authenticated",
        );
      });

      test("failed sign-in rows expire: writing a failure purges the rows older than the lockout window", async () => {
        let clock = new Date("2032-05-01T12:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const unknown = Array.from({ length: 3 }, () => uniqueEmail("nobody"));
        const fail = (email: string) =>
          expectBackendError(timed.forRequest(requestWith()).auth.signInWithPassword({ email, password: "guess" }), "invalid_credentials");
        const rowsFor = async (emails: string[]) =>
          (
            await db.query<{ n: number }>("select count(*)::int as n from auth.sign_in_failures where email = any($1::text[])", [
              emails,
            ])
          )[0]?.n;

        for (const email of unknown) await fail(email);
        expect(await rowsFor(unknown)).toBe(3);

        // Still inside the window: kept (they still count towards a lockout).
        clock = new Date(clock.getTime() + 14 * 60_000);
        const later = uniqueEmail("nobody");
        await fail(later);
        expect(await rowsFor(unknown)).toBe(3);

        // Past the window: the next failure written removes them; its own row and the newer one stay.
        clock = new Date(clock.getTime() + 2 * 60_000);
        const latest = uniqueEmail("nobody");
        await fail(latest);
        expect(await rowsFor(unknown)).toBe(0);
        expect(await rowsFor([later, latest])).toBe(2);
      });

      test("a locked address keeps its row until the lock ends, even past the window", async () => {
        const clock = new Date("2032-06-01T12:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const { email, password } = await signedUpUser({ via: timed });
        // Failing since 20 minutes ago (before the window) and locked for 5 more.
        await db.query(
          "insert into auth.sign_in_failures (email, failures, first_failed_at, locked_until) values ($1, 12, $2, $3)",
          [email, new Date(clock.getTime() - 20 * 60_000), new Date(clock.getTime() + 5 * 60_000)],
        );
        await expectBackendError(
          timed.forRequest(requestWith()).auth.signInWithPassword({ email: uniqueEmail("nobody"), password: "guess" }),
          "invalid_credentials",
        );
        await expectBackendError(timed.forRequest(requestWith()).auth.signInWithPassword({ email, password }), "too_many_attempts");
      });

      test("rate limits count hits per key and say how long to wait; other keys are not affected", async () => {
        const rule = { name: `contract-${crypto.randomUUID()}`, points: 2, durationSeconds: 60 };
        const client = `203.0.113.${Math.floor(Math.random() * 200)}`;
        await expect(backend.rateLimits.hit([rule], client)).resolves.toBe(0);
        await expect(backend.rateLimits.hit([rule], client)).resolves.toBe(0);
        const wait = await backend.rateLimits.hit([rule], client);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
        await expect(backend.rateLimits.hit([rule], `${client}-other`)).resolves.toBe(0);
        // With several rules, the strictest refusing one decides.
        const hourly = { name: `${rule.name}-hourly`, points: 1, durationSeconds: 3600 };
        const another = `${client}-third`;
        await expect(backend.rateLimits.hit([rule, hourly], another)).resolves.toBe(0);
        expect(await backend.rateLimits.hit([rule, hourly], another)).toBeGreaterThan(60);
      });

      test("instances on one database share the counters where the backend says so", async () => {
        const rule = { name: `shared-${crypto.randomUUID()}`, points: 1, durationSeconds: 60 };
        const secondInstance = harness.createBackend();
        await expect(backend.rateLimits.hit([rule], "198.51.100.7")).resolves.toBe(0);
        const second = await secondInstance.rateLimits.hit([rule], "198.51.100.7");
        // Shared (postgres): the second instance sees the first one's hit. Memory (embedded): each counts its own.
        expect(second > 0).toBe(backend.rateLimits.shared);
      });
    });

    describe("carts", () => {
      test("add creates a line and adds to it; set, remove and clear change it", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        expect(await scope.carts.list({ userId })).toEqual([]);

        expect(await scope.carts.add({ userId, productId: "clip-1", quantity: 1 })).toEqual({
          productId: "clip-1",
          quantity: 1,
          capped: false,
        });
        expect(await scope.carts.add({ userId, productId: "clip-1", quantity: 2 })).toMatchObject({ quantity: 3 });
        await scope.carts.add({ userId, productId: "acc-2", quantity: 4 });
        expect(await scope.carts.list({ userId })).toEqual([
          { productId: "clip-1", quantity: 3 },
          { productId: "acc-2", quantity: 4 },
        ]);

        expect(await scope.carts.setQuantity({ userId, productId: "acc-2", quantity: 7 })).toEqual({
          productId: "acc-2",
          quantity: 7,
          capped: false,
        });
        expect(await scope.carts.setQuantity({ userId, productId: "clip-1", quantity: 0 })).toEqual({
          productId: "clip-1",
          quantity: 0,
          capped: false,
        });
        expect(await scope.carts.list({ userId })).toEqual([{ productId: "acc-2", quantity: 7 }]);
        await scope.carts.setQuantity({ userId, productId: "tape-1", quantity: 2 });
        await scope.carts.setQuantity({ userId, productId: "tape-1", quantity: -3 });
        await scope.carts.remove({ userId, productId: "acc-2" });
        expect(await scope.carts.list({ userId })).toEqual([]);

        await scope.carts.add({ userId, productId: "wig-1", quantity: 1 });
        await scope.carts.add({ userId, productId: "wig-3", quantity: 1 });
        await scope.carts.clear({ userId });
        expect(await scope.carts.list({ userId })).toEqual([]);
      });

      test(`a line holds at most ${MAX_CART_LINE_QUANTITY} and says when the cap cut in`, async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        expect(await scope.carts.add({ userId, productId: "acc-1", quantity: 98 })).toMatchObject({ quantity: 98, capped: false });
        expect(await scope.carts.add({ userId, productId: "acc-1", quantity: 5 })).toMatchObject({ quantity: 99, capped: true });
        expect(await scope.carts.add({ userId, productId: "acc-3", quantity: 500 })).toMatchObject({ quantity: 99, capped: true });
        expect(await scope.carts.setQuantity({ userId, productId: "acc-2", quantity: 150 })).toEqual({
          productId: "acc-2",
          quantity: 99,
          capped: true,
        });
      });

      test("unknown products, out-of-stock products and bad quantities are refused", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await expectBackendError(scope.carts.add({ userId, productId: "nope-9", quantity: 1 }), "product_not_found", /Product not found\./);
        await expectBackendError(scope.carts.setQuantity({ userId, productId: "nope-9", quantity: 1 }), "product_not_found");
        await expectBackendError(scope.carts.add({ userId, productId: "wig-2", quantity: 1 }), "out_of_stock");
        await expectBackendError(scope.carts.add({ userId, productId: "clip-1", quantity: 0 }), "invalid_quantity");
        await expectBackendError(scope.carts.add({ userId, productId: "clip-1", quantity: 1.5 }), "invalid_quantity");
        await expectBackendError(scope.carts.setQuantity({ userId, productId: "clip-1", quantity: Number.NaN }), "invalid_quantity");
        expect(await scope.carts.list({ userId })).toEqual([]);
      });

      test("20 concurrent adds to one line all count", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await Promise.all(
          Array.from({ length: 20 }, () => scope.carts.add({ userId, productId: "tape-2", quantity: 1 })),
        );
        expect(await scope.carts.list({ userId })).toEqual([{ productId: "tape-2", quantity: 20 }]);
      });

      test("concurrent requests from two tabs on different lines lose nothing", async () => {
        const { user, cookie } = await signedUpUser();
        const userId = user.id;
        const tab = () => backend.forRequest(requestWith(cookie));
        await Promise.all([
          ...Array.from({ length: 10 }, () => tab().carts.add({ userId, productId: "clip-2", quantity: 2 })),
          ...Array.from({ length: 10 }, () => tab().carts.add({ userId, productId: "clip-3", quantity: 1 })),
          tab().carts.merge({ userId, lines: [{ productId: "clip-3", quantity: 5 }] }),
        ]);
        const lines = await tab().carts.list({ userId });
        expect(Object.fromEntries(lines.map((line) => [line.productId, line.quantity]))).toEqual({ "clip-2": 20, "clip-3": 15 });
      });

      test("merging a visitor cart adds quantities, caps lines, skips unknown products, and returns the cart", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await scope.carts.add({ userId, productId: "clip-1", quantity: 2 });
        await scope.carts.add({ userId, productId: "acc-1", quantity: 90 });
        const merged = await scope.carts.merge({
          userId,
          lines: [
            { productId: "clip-1", quantity: 3 },
            { productId: "acc-1", quantity: 20 },
            { productId: "tape-3", quantity: 1 },
            { productId: "vanished-product", quantity: 4 },
            { productId: "wig-1", quantity: 0 },
            { productId: "wig-3", quantity: 2.5 },
          ],
        });
        const byProduct = Object.fromEntries(merged.map((line) => [line.productId, line.quantity]));
        expect(byProduct).toEqual({ "clip-1": 5, "acc-1": 99, "tape-3": 1 });
        expect(await scope.carts.list({ userId })).toEqual(merged);
        expect(await scope.carts.merge({ userId, lines: [] })).toEqual(merged);
      });

      describe(`a cart holds at most ${MAX_CART_LINES} products, as a visitor's does`, () => {
        // The shipped catalogue has 12 products: price-list rows for this describe only.
        const extraIds = Array.from({ length: MAX_CART_LINES + 5 }, (_, index) => `cap-${String(index).padStart(2, "0")}`);
        beforeAll(async () => {
          for (const id of extraIds) {
            await db.query("insert into public.product_prices (product_id, price_cents) values ($1, 100)", [id]);
          }
        });
        afterAll(() => db.query("delete from public.product_prices where product_id like 'cap-%'"));

        const fill = async (userId: string, scope: RequestBackend, count: number) => {
          for (const productId of extraIds.slice(0, count)) await scope.carts.add({ userId, productId, quantity: 1 });
        };

        test("a new product past the cap is refused with the shopper's message; existing lines still change", async () => {
          const { user, scope } = await signedUpUser();
          const userId = user.id;
          await fill(userId, scope, MAX_CART_LINES);
          await expectBackendError(scope.carts.add({ userId, productId: "clip-1", quantity: 1 }), "cart_full", /up to 50 different products/);
          await expectBackendError(scope.carts.setQuantity({ userId, productId: "clip-2", quantity: 3 }), "cart_full");
          expect(await scope.carts.add({ userId, productId: extraIds[0]!, quantity: 2 })).toMatchObject({ quantity: 3 });
          expect(await scope.carts.setQuantity({ userId, productId: extraIds[1]!, quantity: 5 })).toMatchObject({ quantity: 5 });
          const lines = await scope.carts.list({ userId });
          expect(lines).toHaveLength(MAX_CART_LINES);
          expect(lines.map((line) => line.productId)).not.toContain("clip-1");
        });

        test("concurrent adds of different products never pass the cap", async () => {
          const { user, cookie } = await signedUpUser();
          const userId = user.id;
          await fill(userId, backend.forRequest(requestWith(cookie)), MAX_CART_LINES - 2);
          const outcomes = await Promise.allSettled(
            extraIds.slice(MAX_CART_LINES - 2).map((productId) => backend.forRequest(requestWith(cookie)).carts.add({ userId, productId, quantity: 1 })),
          );
          expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
          for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) {
            expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "cart_full" });
          }
          expect(await backend.forRequest(requestWith(cookie)).carts.list({ userId })).toHaveLength(MAX_CART_LINES);
        });

        test("signing in merges what fits: known lines add up, new products stop at the cap, oldest first", async () => {
          const { user, scope } = await signedUpUser();
          const userId = user.id;
          await fill(userId, scope, MAX_CART_LINES - 1);
          const merged = await scope.carts.merge({
            userId,
            lines: [
              { productId: "clip-1", quantity: 2 },
              { productId: extraIds[0]!, quantity: 4 },
              { productId: "clip-2", quantity: 1 },
            ],
          });
          const byProduct = Object.fromEntries(merged.map((line) => [line.productId, line.quantity]));
          expect(merged).toHaveLength(MAX_CART_LINES);
          expect(byProduct).toMatchObject({ "clip-1": 2, [extraIds[0]!]: 5 });
          expect(byProduct).not.toHaveProperty("clip-2");
        });
      });

      test("lines for products that left the catalogue are deleted on request", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await scope.carts.add({ userId, productId: "clip-1", quantity: 1 });
        await scope.carts.add({ userId, productId: "acc-3", quantity: 1 });
        const removed = await scope.carts.removeProductsNotIn({ userId, productIds: products.map((p) => p.id).filter((id) => id !== "acc-3") });
        expect(removed).toEqual(["acc-3"]);
        expect(await scope.carts.list({ userId })).toEqual([{ productId: "clip-1", quantity: 1 }]);
        expect(await scope.carts.removeProductsNotIn({ userId, productIds: [] })).toEqual(["clip-1"]);
      });

      test("a malformed user id is refused before any query", async () => {
        await expectBackendError(anyScope().carts.list({ userId: "1 or 1=1" }), "not_authenticated");
      });
    });

    describe("profiles", () => {
      test("get and update the full name; blank clears it; too long is refused", async () => {
        const { user, email, scope } = await signedUpUser({ fullName: "Mary Jackson" });
        const userId = user.id;
        const profile = await scope.profiles.get({ userId });
        expect(profile).toMatchObject({ id: userId, email, fullName: "Mary Jackson", avatarUrl: null });
        expect(profile?.createdAt).toBe(profile?.updatedAt);

        const updated = await scope.profiles.updateFullName({ userId, fullName: "  Dorothy Vaughan  " });
        expect(updated).toMatchObject({ id: userId, fullName: "Dorothy Vaughan", createdAt: profile?.createdAt });
        expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(profile!.updatedAt));
        await expect(scope.profiles.get({ userId })).resolves.toEqual(updated);

        await expect(scope.profiles.updateFullName({ userId, fullName: "   " })).resolves.toMatchObject({ fullName: null });
        await expectBackendError(scope.profiles.updateFullName({ userId, fullName: "x".repeat(201) }), "invalid_input");
      });

      test("a user without a profile row reads null", async () => {
        const { user, scope } = await signedUpUser();
        await db.query("delete from public.profiles where id = $1", [user.id]);
        await expect(scope.profiles.get({ userId: user.id })).resolves.toBeNull();
        await expectBackendError(scope.profiles.updateFullName({ userId: user.id, fullName: "A" }), "not_found");
      });
    });

    describe("orders", () => {
      test("a member's order is priced by the database, stored with its lines, and listed newest first", async () => {
        const { user, email, scope } = await signedUpUser();
        const userId = user.id;
        const first = await scope.orders.place({
          userId,
          items: [
            { productId: "clip-1", quantity: 2 },
            { productId: "acc-2", quantity: 1 },
          ],
          shippingAddress: shipping,
          email,
          idempotencyKey: newKey(),
        });
        expect(first).toMatchObject({
          userId,
          status: "pending",
          currency: "usd",
          email,
          totalAmount: 2 * 29_900 + 2_400,
          shippingAddress: shipping,
        });
        expect(first.items.map(({ productId, quantity, pricePerItem }) => ({ productId, quantity, pricePerItem }))).toEqual([
          { productId: "clip-1", quantity: 2, pricePerItem: 29_900 },
          { productId: "acc-2", quantity: 1, pricePerItem: 2_400 },
        ]);

        const second = await scope.orders.place({
          userId,
          items: [{ productId: "wig-3", quantity: 1 }],
          shippingAddress: { ...shipping, city: "Los Angeles" },
          email,
          idempotencyKey: newKey(),
        });
        const listed = await scope.orders.listForUser({ userId });
        expect(listed.map((order) => order.id)).toEqual([second.id, first.id]);
        expect(listed[1]).toEqual(first);
        expect(listed[0]?.shippingAddress.city).toBe("Los Angeles");
      });

      test("a guest order has no user and still gets its amounts from the database", async () => {
        const order = await anyScope().orders.place({
          userId: null,
          items: [{ productId: "tape-1", quantity: 3 }],
          shippingAddress: shipping,
          email: "guest@example.com",
          idempotencyKey: newKey(),
        });
        expect(order).toMatchObject({ userId: null, totalAmount: 3 * 32_900, status: "pending" });
      });

      test("a repeated idempotency key returns the first order, also under concurrent submissions", async () => {
        const { user, email, scope } = await signedUpUser();
        const input = {
          userId: user.id,
          items: [{ productId: "clip-2", quantity: 1 }],
          shippingAddress: shipping,
          email,
          idempotencyKey: newKey(),
        };
        const results = await Promise.all(Array.from({ length: 5 }, () => scope.orders.place(input)));
        const again = await scope.orders.place({ ...input, items: [{ productId: "wig-1", quantity: 9 }] });
        expect(new Set([...results, again].map((order) => order.id)).size).toBe(1);
        expect(again.items).toEqual(results[0]?.items);
        const [count] = await db.query<{ n: number }>("select count(*)::int as n from public.orders where idempotency_key = $1", [
          input.idempotencyKey,
        ]);
        expect(count?.n).toBe(1);
      });

      test("another shopper's idempotency key is refused instead of revealing that order", async () => {
        const a = await signedUpUser();
        const b = await signedUpUser();
        const idempotencyKey = newKey();
        const base = { items: [{ productId: "acc-1", quantity: 1 }], shippingAddress: shipping, idempotencyKey };
        await a.scope.orders.place({ ...base, userId: a.user.id, email: a.email });
        await expectBackendError(b.scope.orders.place({ ...base, userId: b.user.id, email: b.email }), "conflict");
        await expectBackendError(anyScope().orders.place({ ...base, userId: null, email: "guest@example.com" }), "conflict");
      });

      test("unknown or out-of-stock products, bad quantities and incomplete details are refused", async () => {
        const place = (overrides: Record<string, unknown>) =>
          anyScope().orders.place({
            userId: null,
            items: [{ productId: "clip-1", quantity: 1 }],
            shippingAddress: shipping,
            email: "guest@example.com",
            idempotencyKey: newKey(),
            ...overrides,
          });
        await expectBackendError(place({ items: [{ productId: "nope", quantity: 1 }] }), "product_not_found");
        await expectBackendError(place({ items: [{ productId: "wig-2", quantity: 1 }] }), "out_of_stock");
        for (const quantity of [0, 100, 1.5, -1]) {
          await expectBackendError(place({ items: [{ productId: "clip-1", quantity }] }), "invalid_quantity");
        }
        await expectBackendError(place({ items: [] }), "invalid_input", /1 to 50 lines/);
        await expectBackendError(
          place({ items: [{ productId: "clip-1", quantity: 1 }, { productId: "clip-1", quantity: 2 }] }),
          "invalid_input",
          /only once/,
        );
        await expectBackendError(place({ shippingAddress: { ...shipping, city: " " } }), "invalid_input", /city/);
        await expectBackendError(place({ email: "nobody" }), "invalid_input", /e-mail/);
        await expectBackendError(place({ idempotencyKey: "short" }), "invalid_input");
        const [count] = await db.query<{ n: number }>("select count(*)::int as n from public.orders where email = 'nobody'");
        expect(count?.n).toBe(0);
      });

      test("malformed lines are refused before any other check, whatever else is wrong", async () => {
        const placeRaw = (items: unknown) =>
          asAnon(db, (tx) =>
            tx.query("select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed", [
              JSON.stringify(items),
              JSON.stringify(shipping),
              "guest@example.com",
              newKey(),
            ]),
          );
        for (const items of [
          [{ product_id: "clip-1", quantity: "two" }],
          [{ product_id: "clip-1" }],
          [{ product_id: 7, quantity: 1 }],
          ["clip-1"],
          [{ product_id: "nope", quantity: 500 }, { product_id: "clip-1", quantity: "1" }],
        ]) {
          await expectSqlError(placeRaw(items), "LB004");
        }
        // Then quantities, then repeats, then unknown products, then stock, each naming the first offending line.
        await expectSqlError(placeRaw([{ product_id: "nope", quantity: 1 }, { product_id: "clip-1", quantity: 100 }]), "LB003");
        await expectSqlError(placeRaw([{ product_id: "nope", quantity: 1 }, { product_id: "nope", quantity: 1 }]), "LB004");
        const missing = placeRaw([{ product_id: "wig-2", quantity: 1 }, { product_id: "nope-1", quantity: 1 }, { product_id: "nope-2", quantity: 1 }]);
        await expect(missing).rejects.toMatchObject({ code: "LB001", message: expect.stringContaining("nope-1") });
        const soldOut = placeRaw([{ product_id: "clip-1", quantity: 1 }, { product_id: "wig-2", quantity: 1 }]);
        await expect(soldOut).rejects.toMatchObject({ code: "LB002", message: expect.stringContaining("wig-2") });
      });

      test("prices posted with the lines are ignored: the function reads only ids and quantities", async () => {
        const [row] = await asAnon(db, (tx) =>
          tx.query<{ placed: { total_amount: number; order_items: { price_per_item: number }[] } }>(
            "select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed",
            [
              JSON.stringify([{ product_id: "wig-3", quantity: 1, price_per_item: 1, price: 1 }]),
              JSON.stringify({ ...shipping, total_amount: 1 }),
              "guest@example.com",
              newKey(),
            ],
          ),
        );
        expect(row?.placed.total_amount).toBe(69_900);
        expect(row?.placed.order_items[0]?.price_per_item).toBe(69_900);
      });

      test("a user with no orders lists none", async () => {
        const { user, scope } = await signedUpUser();
        await expect(scope.orders.listForUser({ userId: user.id })).resolves.toEqual([]);
        await expect(scope.orders.listPageForUser({ userId: user.id, limit: 10, offset: 0 })).resolves.toEqual({
          orders: [],
          totalCount: 0,
        });
      });

      test("orders are paged and counted by the database, newest first, with their items", async () => {
        const { user, email, scope } = await signedUpUser();
        const userId = user.id;
        const placed = [];
        for (const quantity of [1, 2, 3, 4, 5]) {
          placed.push(
            await scope.orders.place({
              userId,
              items: [{ productId: "acc-2", quantity }, { productId: "clip-1", quantity: 1 }],
              shippingAddress: shipping,
              email,
              idempotencyKey: newKey(),
            }),
          );
        }
        const newestFirst = [...placed].reverse();
        // Someone else's order is neither listed nor counted.
        const other = await signedUpUser();
        await other.scope.orders.place({
          userId: other.user.id,
          items: [{ productId: "acc-2", quantity: 1 }],
          shippingAddress: shipping,
          email: other.email,
          idempotencyKey: newKey(),
        });

        const page = (offset: number, limit = 2) => scope.orders.listPageForUser({ userId, limit, offset });
        const first = await page(0);
        expect(first.totalCount).toBe(5);
        expect(first.orders).toEqual(newestFirst.slice(0, 2));
        expect((await page(2)).orders.map((order) => order.id)).toEqual(newestFirst.slice(2, 4).map((order) => order.id));
        expect(await page(4)).toEqual({ orders: newestFirst.slice(4), totalCount: 5 });
        expect(await page(5)).toEqual({ orders: [], totalCount: 5 });
        expect(await page(1_000_000)).toEqual({ orders: [], totalCount: 5 });
        expect((await page(0, 100)).orders).toEqual(await scope.orders.listForUser({ userId }));
        expect((await page(3, 1)).orders[0]?.items.map((item) => [item.productId, item.quantity])).toEqual([
          ["acc-2", 2],
          ["clip-1", 1],
        ]);
      });

      test("a page window outside 1-100 rows from offset 0 is refused", async () => {
        const { user, scope } = await signedUpUser();
        for (const window of [
          { limit: 0, offset: 0 },
          { limit: 101, offset: 0 },
          { limit: 1.5, offset: 0 },
          { limit: 10, offset: -1 },
          { limit: 10, offset: 0.5 },
          { limit: 10, offset: Number.POSITIVE_INFINITY },
        ]) {
          await expectBackendError(scope.orders.listPageForUser({ userId: user.id, ...window }), "invalid_input");
        }
      });
    });

    describe("wishlist", () => {
      test("add, list (newest first), toggle, remove and merge", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await scope.wishlist.add({ userId, productId: "wig-1" });
        await scope.wishlist.add({ userId, productId: "wig-1" });
        expect(await scope.wishlist.toggle({ userId, productId: "clip-3" })).toBe(true);
        expect(await scope.wishlist.list({ userId })).toEqual(expect.arrayContaining(["wig-1", "clip-3"]));
        expect(await scope.wishlist.list({ userId })).toHaveLength(2);
        expect(await scope.wishlist.toggle({ userId, productId: "clip-3" })).toBe(false);
        expect(await scope.wishlist.list({ userId })).toEqual(["wig-1"]);

        const merged = await scope.wishlist.merge({ userId, productIds: ["wig-1", "acc-1", "acc-1", "vanished"] });
        expect([...merged].sort()).toEqual(["acc-1", "wig-1"]);
        await scope.wishlist.remove({ userId, productId: "wig-1" });
        expect(await scope.wishlist.list({ userId })).toEqual(["acc-1"]);
        await expectBackendError(scope.wishlist.add({ userId, productId: "nope" }), "product_not_found");
        await expectBackendError(scope.wishlist.toggle({ userId, productId: "nope" }), "product_not_found");
      });

      test("the wishlist keeps the order products were added in, newest first", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await scope.wishlist.add({ userId, productId: "acc-2" });
        await new Promise((resolve) => setTimeout(resolve, 5));
        await scope.wishlist.add({ userId, productId: "tape-3" });
        expect(await scope.wishlist.list({ userId })).toEqual(["tape-3", "acc-2"]);
      });
    });

    describe("newsletter", () => {
      test("one row per address whatever its case; subscribing twice is not an error", async () => {
        const email = uniqueEmail("News");
        await anyScope().newsletter.subscribe({ email });
        await anyScope().newsletter.subscribe({ email: ` ${email.toUpperCase()} ` });
        const [row] = await db.query<{ n: number }>(
          "select count(*)::int as n from public.newsletter_subscribers where lower(email) = lower($1)",
          [email],
        );
        expect(row?.n).toBe(1);
        await expectBackendError(anyScope().newsletter.subscribe({ email: "not an address" }), "invalid_input", /valid e-mail/);
      });
    });

    describe("row-level security on direct SQL", () => {
      async function twoShoppersWithData() {
        const a = await signedUpUser({ fullName: "Alice" });
        const b = await signedUpUser({ fullName: "Bob" });
        await b.scope.carts.add({ userId: b.user.id, productId: "clip-1", quantity: 2 });
        await b.scope.wishlist.add({ userId: b.user.id, productId: "wig-1" });
        const order = await b.scope.orders.place({
          userId: b.user.id,
          items: [{ productId: "acc-1", quantity: 1 }],
          shippingAddress: shipping,
          email: b.email,
          idempotencyKey: newKey(),
        });
        return { a, b, order };
      }

      test("as user A, B's rows cannot be read", async () => {
        const { a, b, order } = await twoShoppersWithData();
        await asAuthenticated(db, a.user.id, async (tx) => {
          expect(await tx.query("select * from public.cart_items where user_id = $1", [b.user.id])).toEqual([]);
          expect(await tx.query("select * from public.wishlist_items where user_id = $1", [b.user.id])).toEqual([]);
          expect(await tx.query("select * from public.profiles where id = $1", [b.user.id])).toEqual([]);
          expect(await tx.query("select * from public.orders where id = $1", [order.id])).toEqual([]);
          expect(await tx.query("select * from public.order_items where order_id = $1", [order.id])).toEqual([]);
          // Without a filter, A sees exactly A's own profile.
          const profiles = await tx.query<{ id: string }>("select id from public.profiles");
          expect(profiles.map((row) => row.id)).toEqual([a.user.id]);
        });
        // The same reads as B do find them: the rows exist.
        await asAuthenticated(db, b.user.id, async (tx) => {
          expect(await tx.query("select * from public.cart_items where user_id = $1", [b.user.id])).toHaveLength(1);
          expect(await tx.query("select * from public.order_items where order_id = $1", [order.id])).toHaveLength(1);
        });
      });

      test("as user A, B's rows cannot be changed or deleted", async () => {
        const { a, b } = await twoShoppersWithData();
        await asAuthenticated(db, a.user.id, async (tx) => {
          expect(await tx.query("update public.cart_items set quantity = 50 where user_id = $1 returning id", [b.user.id])).toEqual([]);
          expect(await tx.query("delete from public.cart_items where user_id = $1 returning id", [b.user.id])).toEqual([]);
          expect(await tx.query("delete from public.wishlist_items where user_id = $1 returning id", [b.user.id])).toEqual([]);
          expect(
            await tx.query("update public.profiles set full_name = 'Mallory' where id = $1 returning id", [b.user.id]),
          ).toEqual([]);
        });
        expect(await b.scope.carts.list({ userId: b.user.id })).toEqual([{ productId: "clip-1", quantity: 2 }]);
        expect(await b.scope.wishlist.list({ userId: b.user.id })).toEqual(["wig-1"]);
        expect((await b.scope.profiles.get({ userId: b.user.id }))?.fullName).toBe("Bob");
      });

      test("as user A, no cart row, wishlist row or order can be inserted for B", async () => {
        const { a, b, order } = await twoShoppersWithData();
        await expectSqlError(
          asAuthenticated(db, a.user.id, (tx) =>
            tx.query("insert into public.cart_items (user_id, product_id, quantity) values ($1, 'acc-3', 1)", [b.user.id]),
          ),
          "42501",
        );
        // Nor can A's own row be handed over to B.
        await expectSqlError(
          asAuthenticated(db, a.user.id, async (tx) => {
            await tx.query("insert into public.cart_items (user_id, product_id, quantity) values ($1, 'acc-3', 1)", [a.user.id]);
            return tx.query("update public.cart_items set user_id = $1 where user_id = $2", [b.user.id, a.user.id]);
          }),
          "42501",
        );
        await expectSqlError(
          asAuthenticated(db, a.user.id, (tx) =>
            tx.query("insert into public.wishlist_items (user_id, product_id) values ($1, 'acc-3')", [b.user.id]),
          ),
          "42501",
        );
        for (const owner of [b.user.id, a.user.id]) {
          await expectSqlError(
            asAuthenticated(db, a.user.id, (tx) =>
              tx.query(
                `insert into public.orders (user_id, total_amount, shipping_address, email, idempotency_key)
                 values ($1, 1, '{}'::jsonb, 'a@example.com', $2)`,
                [owner, newKey()],
              ),
            ),
            "42501",
          );
        }
        await expectSqlError(
          asAuthenticated(db, a.user.id, (tx) =>
            tx.query(
              "insert into public.order_items (order_id, line_number, product_id, quantity, price_per_item) values ($1, 9, 'clip-1', 1, 1)",
              [order.id],
            ),
          ),
          "42501",
        );
        await expectSqlError(
          asAuthenticated(db, a.user.id, (tx) => tx.query("update public.orders set total_amount = 1 where id = $1", [order.id])),
          "42501",
        );
        // A's orders from place_order belong to A, whatever A sends.
        const [row] = await asAuthenticated(db, a.user.id, (tx) =>
          tx.query<{ placed: { user_id: string } }>("select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed", [
            JSON.stringify([{ product_id: "acc-2", quantity: 1, user_id: b.user.id }]),
            JSON.stringify(shipping),
            a.email,
            newKey(),
          ]),
        );
        expect(row?.placed.user_id).toBe(a.user.id);
      });

      test("nobody reads newsletter addresses, prices are public, auth tables are out of reach", async () => {
        await anyScope().newsletter.subscribe({ email: uniqueEmail("secret") });
        await expectSqlError(asAnon(db, (tx) => tx.query("select email from public.newsletter_subscribers")), "42501");
        const { user } = await signedUpUser();
        await expectSqlError(
          asAuthenticated(db, user.id, (tx) => tx.query("select email from public.newsletter_subscribers")),
          "42501",
        );
        await expectSqlError(
          asAnon(db, (tx) => tx.query("insert into public.newsletter_subscribers (email) values ('x@example.com')")),
          "42501",
        );
        await expectSqlError(asAnon(db, (tx) => tx.query("select * from public.cart_items")), "42501");
        await expectSqlError(asAnon(db, (tx) => tx.query("select * from public.orders")), "42501");
        await expectSqlError(asAnon(db, (tx) => tx.query("select public.add_to_cart('clip-1', 1)")), "42501");
        await expectSqlError(asAuthenticated(db, user.id, (tx) => tx.query("select * from auth.users")), "42501");
        await expectSqlError(asAuthenticated(db, user.id, (tx) => tx.query("select * from auth.sessions")), "42501");
        const prices = await asAnon(db, (tx) => tx.query("select product_id from public.product_prices"));
        expect(prices).toHaveLength(products.length);
        await expectSqlError(
          asAuthenticated(db, user.id, (tx) => tx.query("update public.product_prices set price_cents = 1")),
          "42501",
        );
      });

      test("the adapter runs every data call as authenticated with the user's id, or as anon", async () => {
        const seen: { role: string; uid: string | null }[] = [];
        const whoIsAsking = "select current_user::text as role, auth.uid()::text as uid";
        // Asks, at the end of each of the adapter's transactions and batches, who the database thought was asking.
        const recording: SqlDatabase = {
          ...db,
          batch: async (statements) => {
            const results = await db.batch([...statements, { text: whoIsAsking }]);
            const [row] = (results.pop() ?? []) as { role: string; uid: string | null }[];
            if (row) seen.push(row);
            return results;
          },
          transaction: (work) =>
            db.transaction(async (tx) => {
              const result = await work(tx);
              const [row] = await tx.query<{ role: string; uid: string | null }>(whoIsAsking);
              if (row) seen.push(row);
              return result;
            }),
        };
        const observed = harness.createBackend({}, recording);
        const { user, email, cookie } = await signedUpUser({ via: observed });
        seen.length = 0;

        const scope = observed.forRequest(requestWith(cookie));
        const userId = user.id;
        await scope.carts.add({ userId, productId: "clip-1", quantity: 1 });
        await scope.carts.setQuantity({ userId, productId: "clip-1", quantity: 2 });
        await scope.carts.list({ userId });
        await scope.carts.merge({ userId, lines: [{ productId: "acc-1", quantity: 1 }] });
        await scope.profiles.get({ userId });
        await scope.wishlist.toggle({ userId, productId: "wig-1" });
        await scope.orders.place({ userId, items: [{ productId: "acc-2", quantity: 1 }], shippingAddress: shipping, email, idempotencyKey: newKey() });
        await scope.orders.listForUser({ userId });
        expect(seen).toHaveLength(8);
        expect(new Set(seen.map((row) => JSON.stringify(row)))).toEqual(new Set([JSON.stringify({ role: "authenticated", uid: userId })]));

        seen.length = 0;
        await scope.newsletter.subscribe({ email: uniqueEmail() });
        await scope.orders.place({
          userId: null,
          items: [{ productId: "acc-2", quantity: 1 }],
          shippingAddress: shipping,
          email: "guest@example.com",
          idempotencyKey: newKey(),
        });
        expect(seen).toEqual([
          { role: "anon", uid: null },
          { role: "anon", uid: null },
        ]);
        const [after] = await db.query<{ role: string }>("select current_user::text as role");
        expect(after?.role).not.toMatch(/^(anon|authenticated)$/);
      });
    });
  });
}

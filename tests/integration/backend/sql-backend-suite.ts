import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import {
  asAnon,
  asAuthenticated,
  expectBackendError,
  expectSqlError,
  insertTestProducts,
  newKey,
  placeOrder,
  requestWith,
  setUpStaff,
  shipping,
  signUpShopper,
  uniqueEmail,
} from "#tests/support/backend-helpers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import { listMigrations, migrate } from "~/backend/sql/migrations.server";
import type { SqlBackendOptions } from "~/backend/sql/sql-backend.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { shippingMethods } from "~/content/shipping";
import { shippingRegion } from "~/modules/checkout/shipping";
import { outboxRecoveryCode } from "./contract";

/** What the SQL adapter's own suite needs: owner access to its database and a backend with any SQL options. */
export interface SqlSuiteHarness {
  /** Owner-level SQL on the database the backends use (the role that ran the migrations). */
  db: SqlDatabase;
  /**
   * A backend over that database (or over `database`, a wrapper of it); overrides set the clock,
   * hashing cost or cookie flags.
   */
  createBackend(overrides?: Partial<SqlBackendOptions>, database?: SqlDatabase): Backend;
  teardown(): Promise<void>;
}

/**
 * What only the SQL adapter does, for PGlite and PostgreSQL: its sessions table and cookie, the sign-in throttle and
 * session lifetimes (on a clock of the test's), the migration runner, and the schema's row-level security and
 * place_order checked by direct SQL. The port itself is held to contract.ts, with the Supabase adapter.
 */
export function describeSqlBackend(name: string, setup: () => Promise<SqlSuiteHarness>): void {
  describe(`SQL backend: ${name}`, () => {
    let harness: SqlSuiteHarness;
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

    const signedUpUser = (options: { fullName?: string; password?: string; via?: Backend } = {}) =>
      signUpShopper(options.via ?? backend, options);
    const anyScope = (): RequestBackend => backend.forRequest(requestWith());

    describe("schema", () => {
      test("everyone reads the active catalogue only: a draft, its variants and images are staff's", async () => {
        await insertTestProducts(db, ["schema-draft"], { status: "draft" });
        const visible = await asAnon(db, (tx) => tx.query<{ id: string }>("select id from public.products"));
        expect(visible.map((row) => row.id)).not.toContain("schema-draft");
        expect(visible).toHaveLength(12);
        const variants = await asAnon(db, (tx) =>
          tx.query("select id from public.product_variants where product_id = 'schema-draft'"),
        );
        expect(variants).toEqual([]);
        await db.query("delete from public.products where id = 'schema-draft'");
      });

      test("a new shop's shipping rates are the spec's, for the regions app/content/shipping.ts names, and it tells the US from abroad as the checkout does", async () => {
        const rows = await db.query<{
          method: string;
          region: string;
          amount_cents: number;
          free_from_cents: number | null;
        }>("select method, region, amount_cents, free_from_cents from public.shipping_rates order by method");
        // The seed (PRODUCT decision 16); staff change the amounts at /admin/shipping, never the methods or regions.
        const seed: Record<string, [number, number | null]> = {
          standard: [999, 20_000],
          express: [1999, null],
          overnight: [3999, null],
          international: [2999, null],
        };
        const content = shippingMethods
          .map((method) => ({
            method: method.id,
            region: method.region,
            amount_cents: seed[method.id]![0],
            free_from_cents: seed[method.id]![1],
          }))
          .sort((a, b) => a.method.localeCompare(b.method));
        expect(rows).toEqual(content);
        for (const country of [
          "United States",
          "USA",
          "U.S.A.",
          "us",
          "United States of America",
          "Canada",
          "France",
          "",
          "Unites States",
          "América",
        ]) {
          const [row] = await db.query<{ region: string }>("select public.shipping_region($1) as region", [country]);
          expect({ country, region: row?.region }).toEqual({ country, region: shippingRegion(country) });
        }
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
        const [row] = await db.query<{ exists: boolean }>(
          "select to_regclass('public.half_done') is not null as exists",
        );
        expect(row?.exists).toBe(false);
        const [count] = await db.query<{ n: number }>("select count(*)::int as n from app_private.schema_migrations");
        expect(count?.n).toBe(listMigrations().length);
      });
    });

    describe("auth", () => {
      test("the SQL backends neither send e-mail nor host OAuth", () => {
        expect(backend.capabilities).toEqual({ sendsEmail: false, linksWorkInAnyBrowser: true, hostedOAuth: false });
        return expect(backend.hostedOAuthProviders()).resolves.toEqual([]);
      });

      test("the cookie holds only a random token; the database only its hash", async () => {
        const { user, cookie } = await signedUpUser();
        expect(cookie).toMatch(/^shop_session=[^;]+$/);
        const token = cookie.slice(cookie.indexOf("=") + 1);
        const [row] = await db.query<{ token_hash: string }>(
          "select token_hash from auth.sessions where user_id = $1",
          [user.id],
        );
        expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(token).not.toContain(row?.token_hash);
        expect(token).not.toContain(user.id);
        expect(decodeURIComponent(token)).not.toContain(user.email);
      });

      test("a tampered session cookie is cleared", async () => {
        const { cookie } = await signedUpUser();
        const tampered = cookie.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
        const scope = backend.forRequest(requestWith(tampered));
        await expect(scope.auth.getUser()).resolves.toBeNull();
        expect(scope.responseHeaders.getSetCookie().join()).toMatch(/shop_session=;.*Max-Age=0/i);
      });

      test("signing out deletes the session row; signing out everywhere every row of the account", async () => {
        const sessionRows = async (userId: string) =>
          (
            await db.query<{ n: number }>("select count(*)::int as n from auth.sessions where user_id = $1", [userId])
          )[0]?.n;
        const { user, email, password, cookie } = await signedUpUser();
        const other = anyScope();
        await other.auth.signInWithPassword({ email, password });
        expect(await sessionRows(user.id)).toBe(2);
        await backend.forRequest(requestWith(cookiesAfter(other.responseHeaders))).auth.signOut();
        expect(await sessionRows(user.id)).toBe(1);
        await anyScope().auth.signInWithPassword({ email, password });
        await backend.forRequest(requestWith(cookie)).auth.signOutEverywhere();
        expect(await sessionRows(user.id)).toBe(0);
      });

      test("repeated failed sign-ins for an address are refused for a while, then allowed again", async () => {
        let clock = new Date("2030-01-01T12:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const { email, password } = await signedUpUser({ via: timed });
        const attempt = (pw: string) =>
          timed.forRequest(requestWith()).auth.signInWithPassword({ email, password: pw });

        for (let failure = 1; failure < 5; failure += 1)
          await expectBackendError(attempt("wrong"), "invalid_credentials");
        await expectBackendError(attempt("wrong"), "too_many_attempts", /Try again in 30 seconds/);
        // Locked: even the right password waits.
        await expectBackendError(attempt(password), "too_many_attempts");

        clock = new Date(clock.getTime() + 31_000);
        await expectBackendError(
          attempt("wrong"),
          "too_many_attempts",
          /Try again in 1 minutes|Try again in 60 seconds/,
        );
        clock = new Date(clock.getTime() + 61_000);
        await expect(attempt(password)).resolves.toMatchObject({ email });
        // Success clears the count: one more failure is an ordinary failure.
        await expectBackendError(attempt("wrong"), "invalid_credentials");
      });

      test("sessions expire after 30 days and are extended when used in their second half", async () => {
        let clock = new Date("2031-03-01T00:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const { user, cookie } = await signedUpUser({ via: timed });
        const expiry = async () =>
          new Date(
            (
              await db.query<{ expires_at: Date }>("select expires_at from auth.sessions where user_id = $1", [user.id])
            )[0]!.expires_at,
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

      test("a recovery link's grant ends 15 minutes after the link was followed, by the database's record", async () => {
        let clock = new Date("2031-04-01T00:00:00Z");
        const timed = harness.createBackend({ now: () => clock, sendsEmail: true });
        const { user, email } = await signedUpUser();
        await timed
          .forRequest(requestWith())
          .auth.requestPasswordReset({ email, redirectTo: "http://shop.test/auth/callback" });
        const following = timed.forRequest(requestWith());
        await following.auth.exchangeCodeForSession({ code: await outboxRecoveryCode(db, email) });
        const cookie = cookiesAfter(following.responseHeaders);
        clock = new Date(clock.getTime() + 14 * 60_000);
        await expect(timed.forRequest(requestWith(cookie)).auth.hasRecoveryGrant()).resolves.toBe(true);
        clock = new Date(clock.getTime() + 2 * 60_000);
        await expect(timed.forRequest(requestWith(cookie)).auth.hasRecoveryGrant()).resolves.toBe(false);
        await expectBackendError(
          timed.forRequest(requestWith(cookie)).auth.resetPassword({ password: "too late for it 1" }),
          "recovery_required",
        );
        // Still signed in: only the grant ended.
        await expect(timed.forRequest(requestWith(cookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });
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
        await expect(
          backend.forRequest(requestWith(cookiesAfter(first.responseHeaders))).auth.getUser(),
        ).resolves.toMatchObject({
          id: created.id,
        });
        const again = await anyScope().auth.signInWithVerifiedIdentity({
          provider: "google",
          email: email.toUpperCase(),
        });
        expect(again.id).toBe(created.id);
        expect(again.fullName).toBe("Katherine Johnson");
        // No password was set: password sign-in cannot guess its way in.
        await expectBackendError(anyScope().auth.signInWithPassword({ email, password: "" }), "invalid_credentials");

        const { user, email: passwordEmail } = await signedUpUser();
        const linked = await anyScope().auth.signInWithVerifiedIdentity({ provider: "google", email: passwordEmail });
        expect(linked.id).toBe(user.id);
      });
    });

    // Decision 0032: a pending (unconfirmed) account does not hold its address. GoTrue decides this on Supabase: it
    // keeps the first sign-up's password (signup.go) and drops it when OAuth links the address (RemoveUnconfirmedIdentities).
    describe("pending accounts (decision 0032)", () => {
      const confirmLinks = (email: string) =>
        db
          .query<{ secret: string }>(
            "select secret from public.outbox where kind = 'confirm_signup' and recipient = $1 order by created_at",
            [email],
          )
          .then((rows) => rows.map((row) => row.secret));
      const signUpPending = async (mailing: Backend, email: string, password: string, fullName?: string) => {
        const result = await mailing.forRequest(requestWith()).auth.signUp({ email, password, fullName });
        expect(result.signedIn).toBe(false);
        return result;
      };

      test("the confirmation link brings the address's guest orders into /orders; before it, and for a stranger's pending sign-up, none (decision 0044)", async () => {
        const mailing = harness.createBackend({ sendsEmail: true });
        const email = uniqueEmail("guest");
        const order = await placeOrder(anyScope(), {
          userId: null,
          items: [{ productId: "acc-2", quantity: 1 }],
          email: email.toUpperCase(),
        });
        const stranger = await signUpPending(mailing, email, "stranger password 1");
        await asAuthenticated(db, stranger.user.id, async (tx) => {
          expect(await tx.query("select id from public.orders")).toEqual([]);
        });
        // The owner signs up again (the pending one is replaced) and follows their link.
        await signUpPending(mailing, email, "owner password 1");
        const [, ownersLink] = await confirmLinks(email);
        const following = mailing.forRequest(requestWith());
        const owner = await following.auth.exchangeCodeForSession({ code: ownersLink! });
        const signedIn = mailing.forRequest(requestWith(cookiesAfter(following.responseHeaders)));
        const page = await (await signedIn.member()).orders.listPageForUser({ limit: 10, offset: 0 });
        expect(page.orders.map((listed) => [listed.id, listed.userId])).toEqual([[order.id, owner.id]]);
      });

      test("a new sign-up for an unconfirmed address replaces the pending one: its password, name and older link", async () => {
        const mailing = harness.createBackend({ sendsEmail: true });
        const email = uniqueEmail("owner");
        await signUpPending(mailing, email, "stranger password 1", "Mallory");
        await signUpPending(mailing, email, "owner password 1", "Olive Owner");
        const [strangersLink, ownersLink] = await confirmLinks(email);
        expect(ownersLink).toEqual(expect.any(String));

        await expectBackendError(
          mailing.forRequest(requestWith()).auth.exchangeCodeForSession({ code: strangersLink! }),
          "invalid_link",
        );
        const confirmed = await mailing.forRequest(requestWith()).auth.exchangeCodeForSession({ code: ownersLink! });
        expect(confirmed).toMatchObject({ email, fullName: "Olive Owner" });
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "stranger password 1" }),
          "invalid_credentials",
        );
        await expect(
          anyScope().auth.signInWithPassword({ email, password: "owner password 1" }),
        ).resolves.toMatchObject({
          id: confirmed.id,
        });
        // Confirmed, the address is taken: a third sign-up changes nothing.
        await signUpPending(mailing, email, "stranger password 2");
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "stranger password 2" }),
          "invalid_credentials",
        );
      });

      test("without e-mail a sign-up replaces a pending account too; pending accounts go after 7 days", async () => {
        const mailing = harness.createBackend({ sendsEmail: true });
        const email = uniqueEmail("owner");
        await signUpPending(mailing, email, "stranger password 1");
        const replaced = await anyScope().auth.signUp({ email, password: "owner password 1" });
        expect(replaced.signedIn).toBe(true);
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "stranger password 1" }),
          "invalid_credentials",
        );

        const old = uniqueEmail("abandoned");
        const recent = uniqueEmail("recent");
        await db.query(
          `insert into auth.users (email, encrypted_password, created_at)
           values ($1, 'x', now() - interval '8 days'), ($2, 'x', now() - interval '6 days')`,
          [old, recent],
        );
        await signedUpUser();
        const left = await db.query<{ email: string }>("select email from auth.users where email = any($1)", [
          [old, recent],
        ]);
        expect(left.map((row) => row.email)).toEqual([recent]);
      });

      test("Google sign-in onto an address with an unconfirmed password account drops that password", async () => {
        const mailing = harness.createBackend({ sendsEmail: true });
        const email = uniqueEmail("owner");
        await signUpPending(mailing, email, "stranger password 1", "Mallory");
        const [strangersLink] = await confirmLinks(email);
        const owner = await anyScope().auth.signInWithVerifiedIdentity({ provider: "google", email });
        expect(owner.fullName).toBeNull();
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "stranger password 1" }),
          "invalid_credentials",
        );
        await expectBackendError(
          mailing.forRequest(requestWith()).auth.exchangeCodeForSession({ code: strangersLink! }),
          "invalid_link",
        );
        const again = await anyScope().auth.signInWithVerifiedIdentity({ provider: "google", email });
        expect(again.id).toBe(owner.id);
      });
    });

    describe("account safety (decision 0015)", () => {
      test("sign out everywhere also ends sessions the embedded backend holds in its session cache", async () => {
        const cached = harness.createBackend({ cacheSessions: true });
        const { user, email, password, cookie } = await signedUpUser({ via: cached });
        const otherDevice = cached.forRequest(requestWith());
        await otherDevice.auth.signInWithPassword({ email, password });
        const otherCookie = cookiesAfter(otherDevice.responseHeaders);
        // Both sessions read once, so both sit in the cache.
        await expect(cached.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toMatchObject({
          id: user.id,
        });
        await expect(cached.forRequest(requestWith(cookie)).auth.getUser()).resolves.toMatchObject({ id: user.id });

        await cached.forRequest(requestWith(cookie)).auth.signOutEverywhere();
        await expect(cached.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();
        await expect(cached.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
      });

      test("failed sign-in rows expire: writing a failure purges the rows older than the lockout window", async () => {
        let clock = new Date("2032-05-01T12:00:00Z");
        const timed = harness.createBackend({ now: () => clock });
        const unknown = Array.from({ length: 3 }, () => uniqueEmail("nobody"));
        const fail = (email: string) =>
          expectBackendError(
            timed.forRequest(requestWith()).auth.signInWithPassword({ email, password: "guess" }),
            "invalid_credentials",
          );
        const rowsFor = async (emails: string[]) =>
          (
            await db.query<{ n: number }>(
              "select count(*)::int as n from auth.sign_in_failures where email = any($1::text[])",
              [emails],
            )
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
        await expectBackendError(
          timed.forRequest(requestWith()).auth.signInWithPassword({ email, password }),
          "too_many_attempts",
        );
      });
    });

    describe("per-recipient caps on e-mail from anonymous actions (decision 0027)", () => {
      test("3 an hour of each kind of sign-up, reset and newsletter mail to one address; beyond that kept, marked, not due", async () => {
        const victim = uniqueEmail("Capped");
        // Each insert's own answer, in the order written (created_at can tie within a clock tick).
        const written: { kind: string; capped: boolean; due: boolean; secret: string | null }[] = [];
        const write = async (kind: string, recipient = victim) => {
          const [row] = await db.query<{ capped: boolean; due: boolean; secret: string | null }>(
            "insert into public.outbox (kind, recipient, payload, secret) values ($1, $2, '{}'::jsonb, 'token') returning capped, (failed_at is null) as due, secret",
            [kind, recipient],
          );
          if (recipient.toLowerCase() === victim.toLowerCase()) written.push({ kind, ...row! });
          return row!;
        };
        for (const kind of ["confirm_signup", "account_exists", "confirm_signup", "account_exists"]) await write(kind);
        for (let index = 0; index < 4; index += 1) await write("password_reset", victim.toUpperCase());
        for (let index = 0; index < 4; index += 1) await write("newsletter_confirmation");
        // Not from an anonymous action, or to another address: not capped.
        for (let index = 0; index < 4; index += 1) await write("newsletter_welcome");
        expect((await write("password_reset", uniqueEmail("other"))).capped).toBe(false);
        const cappedOf = (kinds: string[]) =>
          written.filter((row) => kinds.includes(row.kind)).map((row) => row.capped);
        expect(cappedOf(["confirm_signup", "account_exists"])).toEqual([false, false, false, true]);
        expect(cappedOf(["password_reset"])).toEqual([false, false, false, true]);
        expect(cappedOf(["newsletter_confirmation"])).toEqual([false, false, false, true]);
        expect(cappedOf(["newsletter_welcome"])).toEqual([false, false, false, false]);
        for (const row of written.filter((candidate) => candidate.capped))
          expect(row).toMatchObject({ due: false, secret: null });
        // An hour later the address may be written to again.
        await db.query(
          "update public.outbox set created_at = created_at - interval '61 minutes' where lower(recipient) = lower($1)",
          [victim],
        );
        const latest = await write("password_reset");
        expect(latest?.capped).toBe(false);
        await db.query("delete from public.outbox where lower(recipient) = lower($1)", [victim]);
      });
    });

    describe("place_order", () => {
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
          [
            { product_id: "nope", quantity: 500 },
            { product_id: "clip-1", quantity: "1" },
          ],
        ]) {
          await expectSqlError(placeRaw(items), "LB004");
        }
        // Then quantities, then repeats, then unknown products, then stock, each naming the first offending line.
        await expectSqlError(
          placeRaw([
            { product_id: "nope", quantity: 1 },
            { product_id: "clip-1", quantity: 100 },
          ]),
          "LB003",
        );
        await expectSqlError(
          placeRaw([
            { product_id: "nope", quantity: 1 },
            { product_id: "nope", quantity: 1 },
          ]),
          "LB004",
        );
        const missing = placeRaw([
          { product_id: "wig-2", quantity: 1 },
          { product_id: "nope-1", quantity: 1 },
          { product_id: "nope-2", quantity: 1 },
        ]);
        await expect(missing).rejects.toMatchObject({ code: "LB001", message: expect.stringContaining("nope-1") });
        const soldOut = placeRaw([
          { product_id: "clip-1", quantity: 1 },
          { product_id: "wig-2", quantity: 1 },
        ]);
        // Said for the shopper (the item's name), with the variant's id for the app in the error's detail.
        await expect(soldOut).rejects.toMatchObject({
          code: "LB002",
          message: expect.stringMatching(/^Sorry, Long Wavy Lace Wig .* has just sold out/),
          detail: "wig-2",
        });
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
    });

    describe("row-level security on direct SQL", () => {
      async function twoShoppersWithData() {
        const a = await signedUpUser({ fullName: "Alice" });
        const b = await signedUpUser({ fullName: "Bob" });
        // The order empties B's cart: the cart line comes after it.
        const order = await placeOrder(b.scope, {
          userId: b.user.id,
          items: [{ productId: "acc-1", quantity: 1 }],
          email: b.email,
        });
        await b.scope.carts.add({ userId: b.user.id, productId: "clip-1", quantity: 2 });
        await b.scope.wishlist.add({ userId: b.user.id, productId: "wig-1" });
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
          expect(
            await tx.query("update public.cart_items set quantity = 50 where user_id = $1 returning id", [b.user.id]),
          ).toEqual([]);
          expect(await tx.query("delete from public.cart_items where user_id = $1 returning id", [b.user.id])).toEqual(
            [],
          );
          expect(
            await tx.query("delete from public.wishlist_items where user_id = $1 returning id", [b.user.id]),
          ).toEqual([]);
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
            tx.query("insert into public.cart_items (user_id, product_id, quantity) values ($1, 'acc-3', 1)", [
              b.user.id,
            ]),
          ),
          "42501",
        );
        // Nor can A's own row be handed over to B.
        await expectSqlError(
          asAuthenticated(db, a.user.id, async (tx) => {
            await tx.query("insert into public.cart_items (user_id, product_id, quantity) values ($1, 'acc-3', 1)", [
              a.user.id,
            ]);
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
          asAuthenticated(db, a.user.id, (tx) =>
            tx.query("update public.orders set total_amount = 1 where id = $1", [order.id]),
          ),
          "42501",
        );
        // A's orders from place_order belong to A, whatever A sends (A's order is A's cart).
        await a.scope.carts.add({ userId: a.user.id, productId: "acc-2", quantity: 1 });
        const [row] = await asAuthenticated(db, a.user.id, (tx) =>
          tx.query<{ placed: { user_id: string } }>(
            "select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed",
            [
              JSON.stringify([{ product_id: "acc-2", quantity: 1, user_id: b.user.id }]),
              JSON.stringify(shipping),
              a.email,
              newKey(),
            ],
          ),
        );
        expect(row?.placed.user_id).toBe(a.user.id);
      });

      test("the back office by direct SQL: only staff read every order; nobody moves a status but through move_order", async () => {
        const { a, b, order } = await twoShoppersWithData();
        const bossEmail = uniqueEmail("boss");
        await backend.syncStaff({ staffEmails: [bossEmail], orderRecipients: [] });
        const boss = await setUpStaff(backend, bossEmail);
        await db.query("insert into public.order_notes (order_id, note) values ($1, 'staff only')", [order.id]);

        await asAuthenticated(db, a.user.id, async (tx) => {
          expect(await tx.query("select * from public.order_events where order_id = $1", [order.id])).toEqual([]);
          expect(await tx.query("select * from public.order_notes")).toEqual([]);
          expect(await tx.query("select * from public.orders where id = $1", [order.id])).toEqual([]);
        });
        // B reads B's own timeline, never the note.
        await asAuthenticated(db, b.user.id, async (tx) => {
          expect(await tx.query("select to_status from public.order_events where order_id = $1", [order.id])).toEqual([
            { to_status: "pending" },
          ]);
          expect(await tx.query("select * from public.order_notes")).toEqual([]);
        });
        for (const [who, statement, params] of [
          [a.user.id, "update public.orders set status = 'paid' where id = $1", [order.id]],
          [b.user.id, "update public.orders set status = 'paid' where id = $1", [order.id]],
          [b.user.id, "select public.move_order($1, 'pending', 'paid')", [order.id]],
          [
            b.user.id,
            "select public.apply_order_move($1, 'pending', 'paid', null, '{}'::jsonb, null, 'stripe')",
            [order.id],
          ],
          [
            b.user.id,
            "insert into public.order_events (order_id, actor_label, to_status) values ($1, 'staff', 'paid')",
            [order.id],
          ],
          [b.user.id, "select public.sync_shop_staff(array[$1], array[]::text[])", [b.email]],
          [b.user.id, "insert into public.staff (email) values ($1)", [b.email]],
          [b.user.id, "select public.staff_get_order($1)", [order.id]],
          [boss.user.id, "update public.orders set status = 'paid' where id = $1", [order.id]],
          [
            boss.user.id,
            "select public.apply_order_move($1, 'pending', 'paid', null, '{}'::jsonb, null, 'stripe')",
            [order.id],
          ],
        ] as const) {
          await expectSqlError(
            asAuthenticated(db, who, (tx) => tx.query(statement, [...params])),
            "42501",
          );
        }
        await expectSqlError(
          asAnon(db, (tx) => tx.query("select public.move_order($1, 'pending', 'paid')", [order.id])),
          "42501",
        );
        await expectSqlError(
          asAnon(db, (tx) => tx.query("select * from public.order_events")),
          "42501",
        );

        // Staff read every order, line, timeline and note directly too (the policies use is_staff()).
        await asAuthenticated(db, boss.user.id, async (tx) => {
          expect(await tx.query("select id from public.orders where id = $1", [order.id])).toHaveLength(1);
          expect(await tx.query("select id from public.order_items where order_id = $1", [order.id])).toHaveLength(1);
          expect(await tx.query("select id from public.order_events where order_id = $1", [order.id])).toHaveLength(1);
          expect(await tx.query("select note from public.order_notes where order_id = $1", [order.id])).toEqual([
            { note: "staff only" },
          ]);
        });
        const [status] = await db.query<{ status: string }>("select status from public.orders where id = $1", [
          order.id,
        ]);
        expect(status?.status).toBe("pending");
        await backend.syncStaff({ staffEmails: [], orderRecipients: [] });
      });

      test("nobody reads newsletter addresses, prices are public, auth tables are out of reach", async () => {
        await anyScope().newsletter.subscribe({ email: uniqueEmail("secret") });
        await expectSqlError(
          asAnon(db, (tx) => tx.query("select email from public.newsletter_subscribers")),
          "42501",
        );
        const { user } = await signedUpUser();
        await expectSqlError(
          asAuthenticated(db, user.id, (tx) => tx.query("select email from public.newsletter_subscribers")),
          "42501",
        );
        await expectSqlError(
          asAnon(db, (tx) => tx.query("insert into public.newsletter_subscribers (email) values ('x@example.com')")),
          "42501",
        );
        await expectSqlError(
          asAnon(db, (tx) => tx.query("select * from public.cart_items")),
          "42501",
        );
        await expectSqlError(
          asAnon(db, (tx) => tx.query("select * from public.orders")),
          "42501",
        );
        await expectSqlError(
          asAnon(db, (tx) => tx.query("select public.add_to_cart('clip-1', 1)")),
          "42501",
        );
        await expectSqlError(
          asAuthenticated(db, user.id, (tx) => tx.query("select * from auth.users")),
          "42501",
        );
        await expectSqlError(
          asAuthenticated(db, user.id, (tx) => tx.query("select * from auth.sessions")),
          "42501",
        );
        const variants = await asAnon(db, (tx) => tx.query("select id, price_cents from public.product_variants"));
        expect(variants).toHaveLength(12);
        // Only the staff functions write the catalogue; the low-stock bookkeeping is not even readable.
        for (const statement of [
          "update public.product_variants set price_cents = 1",
          "update public.products set name = 'x'",
          "insert into public.stock_movements (variant_id, reason, actor_label) values ('clip-1', 'staff', 'x')",
          "select low_stock_alerted from public.product_variants",
        ]) {
          await expectSqlError(
            asAuthenticated(db, user.id, (tx) => tx.query(statement)),
            "42501",
          );
        }
      });

      test("no API role records a payment, reads the payment events or changes an order's payment (decision 0031)", async () => {
        const { user, email, scope } = await signedUpUser();
        const order = await placeOrder(scope, {
          userId: user.id,
          items: [{ productId: "clip-1", quantity: 1 }],
          email,
        });
        const calls = [
          [
            "select public.record_payment_event('stripe', 'evt_forged', 'checkout.session.completed', $1, null, 'paid', 'pi_x', 1, 'usd')",
            [order.id],
          ],
          ["select public.attach_payment_session($1, 'stripe', 'cs_forged')", [order.id]],
          ["select public.cancel_unpaid_order($1, 'cs_forged')", [order.id]],
          ["select public.payment_order($1)", [order.id]],
          ["select * from public.payment_events", []],
          ["update public.orders set payment_reference = 'pi_forged' where id = $1", [order.id]],
        ] as const;
        for (const [text, params] of calls) {
          await expectSqlError(
            asAnon(db, (tx) => tx.query(text, params)),
            "42501",
          );
          await expectSqlError(
            asAuthenticated(db, user.id, (tx) => tx.query(text, params)),
            "42501",
          );
        }
        const [row] = await db.query<{ status: string; payment_reference: string | null }>(
          "select status, payment_reference from public.orders where id = $1",
          [order.id],
        );
        expect(row).toEqual({ status: "pending", payment_reference: null });
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
        // The cart as it stands is the order (it holds clip-1 x 2 and acc-1 x 1 by now).
        const items = [
          { productId: "clip-1", quantity: 2 },
          { productId: "acc-1", quantity: 1 },
        ];
        await scope.orders.place({
          userId,
          items,
          shippingAddress: shipping,
          shippingMethod: "standard",
          email,
          idempotencyKey: newKey(),
        });
        await scope.orders.listForUser({ userId });
        expect(seen).toHaveLength(8);
        expect(new Set(seen.map((row) => JSON.stringify(row)))).toEqual(
          new Set([JSON.stringify({ role: "authenticated", uid: userId })]),
        );

        seen.length = 0;
        await scope.newsletter.subscribe({ email: uniqueEmail() });
        await scope.orders.place({
          userId: null,
          items: [{ productId: "acc-2", quantity: 1 }],
          shippingAddress: shipping,
          shippingMethod: "standard",
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

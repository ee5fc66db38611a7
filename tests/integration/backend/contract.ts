import crypto from "node:crypto";
import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import {
  expectBackendError,
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

import { MAX_CART_LINE_QUANTITY, MAX_ORDER_LINES as MAX_CART_LINES } from "~/backend/constants";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { Order, OrderStatus, ShippingMethodId } from "~/backend/ports/orders";
import type { OutboxPort } from "~/backend/ports/outbox";
import type { OrderFilter, OrderMove, StaffOverview } from "~/backend/ports/staff";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { shippingMethods } from "~/content/shipping";
import { describeCustomerAccountsContract } from "./customer-accounts-contract";
import { describeCustomersContract } from "./customers-contract";
import { describeDiscountsContract } from "./discounts-contract";
import { describeLifecycleContract } from "./lifecycle-contract";
import { describeReturnsContract } from "./returns-contract";
import { describeShippingRatesContract } from "./shipping-contract";
import { describeStaffProofContract } from "./staff-proof-contract";

/** What every adapter gives the contract: a way to open it, and owner access to the database behind it. */
export interface ContractHarness {
  /**
   * Owner-level SQL on the database the backend stores into (the role that ran the migrations): for fixtures the
   * port cannot make (price-list rows, a missing profile) and for counting stored rows. Never for the calls under test.
   */
  db: SqlDatabase;
  /**
   * A backend over that database; the options every adapter takes set the cookie secrets and the Secure flag.
   * `sendsEmail` makes the SQL adapter confirm and reset by e-mail (Supabase always does).
   */
  createBackend(overrides?: { cookieSecrets?: string[]; secureCookies?: boolean; sendsEmail?: boolean }): Backend;
  /** The code of the newest password-recovery link sent to `email` (what the e-mail's link carries). */
  recoveryCode(email: string): Promise<string>;
  teardown(): Promise<void>;
}

/** The code of the newest reset link the SQL adapters wrote to the outbox for `email`. */
export async function outboxRecoveryCode(db: SqlDatabase, email: string): Promise<string> {
  const [row] = await db.query<{ secret: string }>(
    "select secret from public.outbox where kind = 'password_reset' and lower(recipient) = lower($1) order by created_at desc limit 1",
    [email],
  );
  if (!row) throw new Error(`No reset link was written for ${email}.`);
  return row.secret;
}

/**
 * Registers the port contract: every operation of the port, concurrency and errors, through the port only, for
 * every adapter (PGlite, PostgreSQL, Supabase over its network-edge fake). What only the SQL adapter does (its
 * sessions table, throttle, clock, migrations, RLS by hand) is in sql-backend-suite.ts; what only the Supabase
 * adapter does (the HTTP it sends) in supabase.test.ts.
 */
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

    const signedUpUser = (options: { fullName?: string; password?: string } = {}) => signUpShopper(backend, options);
    const anyScope = (): RequestBackend => backend.forRequest(requestWith());
    /** A response that ends the session: at least one cookie set empty with Max-Age=0, none set to a value. */
    const expectSessionCookiesCleared = (scope: RequestBackend) => {
      const setCookies = scope.responseHeaders.getSetCookie();
      expect(setCookies.some((setCookie) => /^[^=]+=;.*Max-Age=0/i.test(setCookie))).toBe(true);
      expect(setCookies.filter((setCookie) => !/^[^=]+=;/.test(setCookie))).toEqual([]);
    };

    describe("health and capabilities", () => {
      test("ping answers", async () => {
        await expect(backend.ping()).resolves.toBeUndefined();
      });

      test("the hosted sign-in providers are offered only where the backend hosts OAuth", async () => {
        const providers = await backend.hostedOAuthProviders();
        if (!backend.capabilities.hostedOAuth) expect(providers).toEqual([]);
        else expect(providers.every((provider) => provider === "google")).toBe(true);
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

        const setCookies = scope.responseHeaders.getSetCookie();
        expect(setCookies.length).toBeGreaterThan(0);
        for (const setCookie of setCookies) {
          expect(setCookie).toMatch(/HttpOnly/i);
          expect(setCookie).toMatch(/SameSite=Lax/i);
          expect(setCookie).toMatch(/Path=\//);
          expect(setCookie).not.toMatch(/Secure/i);
        }

        const next = backend.forRequest(requestWith(cookiesAfter(scope.responseHeaders)));
        await expect(next.auth.getUser()).resolves.toEqual(result.user);

        const profile = await next.profiles.get({ userId: result.user.id });
        expect(profile).toMatchObject({ id: result.user.id, email: email.toLowerCase(), fullName: "Grace Hopper" });
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

      test("a tampered or foreign session cookie is treated as signed out", async () => {
        const { cookie } = await signedUpUser();
        // Every cookie the session left, each with its last character changed.
        const tampered = cookie
          .split("; ")
          .map((pair) => pair.replace(/.$/, (last) => (last === "A" ? "B" : "A")))
          .join("; ");
        const scope = backend.forRequest(requestWith(tampered));
        await expect(scope.auth.getUser()).resolves.toBeNull();

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
        await expectBackendError(
          anyScope().auth.signUp({ email: uniqueEmail(), password: "short" }),
          "weak_password",
          /at least 8/,
        );
        await expectBackendError(
          anyScope().auth.signUp({ email: "not-an-address", password: "long enough 1" }),
          "invalid_input",
        );
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
        await expect(
          scope.auth.signInWithPassword({ email: ` ${email.toUpperCase()} `, password }),
        ).resolves.toMatchObject({
          id: user.id,
        });
        const next = backend.forRequest(requestWith(cookiesAfter(scope.responseHeaders)));
        await expect(next.auth.getUser()).resolves.toMatchObject({ id: user.id });
      });

      test("sign-out revokes the session on the server and clears the cookie", async () => {
        const { cookie } = await signedUpUser();
        const scope = backend.forRequest(requestWith(cookie));
        await scope.auth.signOut();
        expectSessionCookiesCleared(scope);
        await expect(scope.auth.getUser()).resolves.toBeNull();
        // The old cookie, replayed, no longer works.
        await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
        // Signing out again is harmless.
        await expect(backend.forRequest(requestWith()).auth.signOut()).resolves.toBeUndefined();
      });

      /** A member who asked for a reset link and followed it: the link's session, and the member's ordinary one. */
      async function followedRecoveryLink() {
        const member = await signedUpUser();
        const mailing = harness.createBackend({ sendsEmail: true });
        const asking = mailing.forRequest(requestWith());
        await asking.auth.requestPasswordReset({
          email: member.email,
          redirectTo: "http://shop.test/auth/callback?next=%2Freset-password",
        });
        // The browser that asked (on Supabase it holds the link's PKCE verifier) follows the e-mailed link.
        const browser = cookiesAfter(asking.responseHeaders);
        const code = await harness.recoveryCode(member.email);
        const following = mailing.forRequest(requestWith(browser));
        await expect(following.auth.exchangeCodeForSession({ code })).resolves.toMatchObject({ id: member.user.id });
        return { ...member, mailing, recoveryCookie: cookiesAfter(following.responseHeaders, browser) };
      }
      const resetRefused = async (promise: Promise<unknown>) => {
        const error = await promise.then(
          () => undefined,
          (caught: unknown) => caught,
        );
        // The grant is used up (SQL), or the session that held it was ended and replaced (Supabase).
        expect(["recovery_required", "not_authenticated"]).toContain((error as { code?: string }).code);
      };

      test("a recovery link's session sets a password without the current one, once; a saved copy of its cookies sets none", async () => {
        const { user, email, password, cookie, mailing, recoveryCookie } = await followedRecoveryLink();
        // An ordinary session has no grant.
        const ordinary = backend.forRequest(requestWith(cookie));
        await expect(ordinary.auth.hasRecoveryGrant()).resolves.toBe(false);
        await expectBackendError(
          ordinary.auth.resetPassword({ password: "not through a link 1" }),
          "recovery_required",
        );
        await expectBackendError(anyScope().auth.resetPassword({ password: "whatever123" }), "not_authenticated");

        const recovering = mailing.forRequest(requestWith(recoveryCookie));
        await expect(recovering.auth.hasRecoveryGrant()).resolves.toBe(true);
        await expectBackendError(recovering.auth.resetPassword({ password: "short" }), "weak_password");
        await expect(mailing.forRequest(requestWith(recoveryCookie)).auth.hasRecoveryGrant()).resolves.toBe(true);
        const resetting = mailing.forRequest(requestWith(recoveryCookie));
        await expect(resetting.auth.resetPassword({ password: "set through the link 1" })).resolves.toMatchObject({
          id: user.id,
        });

        // This browser stays signed in, without the grant; the saved cookies cannot set another password.
        const after = cookiesAfter(resetting.responseHeaders, recoveryCookie);
        await expect(mailing.forRequest(requestWith(after)).auth.getUser()).resolves.toMatchObject({ id: user.id });
        await expect(mailing.forRequest(requestWith(after)).auth.hasRecoveryGrant()).resolves.toBe(false);
        await expect(mailing.forRequest(requestWith(recoveryCookie)).auth.hasRecoveryGrant()).resolves.toBe(false);
        await resetRefused(
          mailing.forRequest(requestWith(recoveryCookie)).auth.resetPassword({ password: "replayed cookie 1" }),
        );
        // The other sessions ended; the new password is the one that signs in.
        await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
        await expectBackendError(anyScope().auth.signInWithPassword({ email, password }), "invalid_credentials");
        await expect(
          anyScope().auth.signInWithPassword({ email, password: "set through the link 1" }),
        ).resolves.toMatchObject({ id: user.id });
      });

      test("a password changed another way ends the grant, and a reset link asked for before it stops working", async () => {
        // Followed, then the password changes on another device: the link's session holds nothing any more.
        const followed = await followedRecoveryLink();
        const signedInElsewhere = backend.forRequest(requestWith(followed.cookie));
        await signedInElsewhere.auth.changePassword({
          currentPassword: followed.password,
          password: "changed elsewhere 1",
        });
        await expect(
          followed.mailing.forRequest(requestWith(followed.recoveryCookie)).auth.hasRecoveryGrant(),
        ).resolves.toBe(false);
        await resetRefused(
          followed.mailing
            .forRequest(requestWith(followed.recoveryCookie))
            .auth.resetPassword({ password: "after the change 1" }),
        );
        await expect(
          anyScope().auth.signInWithPassword({ email: followed.email, password: "changed elsewhere 1" }),
        ).resolves.toBeDefined();

        // Asked for, not followed yet, then the password changes: the link no longer works.
        const member = await signedUpUser();
        const mailing = harness.createBackend({ sendsEmail: true });
        const asking = mailing.forRequest(requestWith());
        await asking.auth.requestPasswordReset({
          email: member.email,
          redirectTo: "http://shop.test/auth/callback?next=%2Freset-password",
        });
        const code = await harness.recoveryCode(member.email);
        await member.scope.auth.changePassword({
          currentPassword: member.password,
          password: "changed before the link 1",
        });
        await expectBackendError(
          mailing.forRequest(requestWith(cookiesAfter(asking.responseHeaders))).auth.exchangeCodeForSession({ code }),
          "invalid_link",
        );
      });

      test("emailLinkAccount names the account of a link without using it, where the backend can tell", async () => {
        const member = await signedUpUser();
        const mailing = harness.createBackend({ sendsEmail: true });
        const asking = mailing.forRequest(requestWith());
        await asking.auth.requestPasswordReset({ email: member.email, redirectTo: "http://shop.test/auth/callback" });
        const code = await harness.recoveryCode(member.email);
        const owner = await anyScope().auth.emailLinkAccount({ code });
        // Supabase cannot tell (its links only work in the browser that asked for them); the SQL backends can.
        if (owner !== null) expect(owner).toEqual({ email: member.email.toLowerCase() });
        await expect(anyScope().auth.emailLinkAccount({ code: "A".repeat(43) })).resolves.toBeNull();
        // Still unused.
        await expect(
          mailing.forRequest(requestWith(cookiesAfter(asking.responseHeaders))).auth.exchangeCodeForSession({ code }),
        ).resolves.toMatchObject({
          id: member.user.id,
        });
        await expect(anyScope().auth.emailLinkAccount({ code })).resolves.toBeNull();
      });

      test("e-mail links and Google sign-in are offered as the capabilities say, and refused with a reason otherwise", async () => {
        const scope = anyScope();
        const { sendsEmail, hostedOAuth } = backend.capabilities;
        const reset = scope.auth.requestPasswordReset({ email: uniqueEmail(), redirectTo: "http://shop.test/reset" });
        if (sendsEmail) await expect(reset).resolves.toBeUndefined();
        else await expectBackendError(reset, "not_supported", /cannot send e-mail/);

        const start = scope.auth.startOAuth({ provider: "google", redirectTo: "http://shop.test/auth/callback" });
        const verified = () =>
          anyScope().auth.signInWithVerifiedIdentity({ provider: "google", email: uniqueEmail("google") });
        if (hostedOAuth) {
          await expect(start).resolves.toMatchObject({ url: expect.stringMatching(/^https?:\/\//) });
          await expectBackendError(verified(), "not_supported");
        } else {
          await expectBackendError(start, "not_supported");
          await expect(verified()).resolves.toMatchObject({ email: expect.stringMatching(/^google-/) });
        }
        // E-mailed links land on exchangeCodeForSession (decision 0016): a code that was never issued is refused as a link.
        await expectBackendError(anyScope().auth.exchangeCodeForSession({ code: "abc" }), "invalid_link");
      });

      test("a scope is shared per request, and its headers start empty", () => {
        const request = requestWith();
        expect(backend.forRequest(request)).toBe(backend.forRequest(request));
        expect([...backend.forRequest(request).responseHeaders]).toEqual([]);
      });
    });

    describe("account safety and limits (decision 0015)", () => {
      test("sign out everywhere ends every session of the account, and only of that account", async () => {
        const { email, password, cookie } = await signedUpUser();
        const otherDevice = anyScope();
        await otherDevice.auth.signInWithPassword({ email, password });
        const otherCookie = cookiesAfter(otherDevice.responseHeaders);
        const stranger = await signedUpUser();

        const scope = backend.forRequest(requestWith(cookie));
        await scope.auth.signOutEverywhere();
        expectSessionCookiesCleared(scope);
        await expect(scope.auth.getUser()).resolves.toBeNull();
        await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();
        await expect(backend.forRequest(requestWith(stranger.cookie)).auth.getUser()).resolves.toMatchObject({
          id: stranger.user.id,
        });
        // Signed out already: nothing to do, no error.
        await expect(anyScope().auth.signOutEverywhere()).resolves.toBeUndefined();
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
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toMatchObject({
          id: user.id,
        });
        await expect(anyScope().auth.signInWithPassword({ email, password })).resolves.toMatchObject({ id: user.id });
        await expectBackendError(
          anyScope().auth.signInWithPassword({ email, password: "a brand new secret" }),
          "invalid_credentials",
        );

        await expectBackendError(
          scope().auth.changePassword({ currentPassword: password, password: "short" }),
          "weak_password",
        );
        await expect(
          scope().auth.changePassword({ currentPassword: password, password: "a brand new secret" }),
        ).resolves.toMatchObject({
          id: user.id,
        });
        // As with resetPassword: this session stays, the others end, and the new password is the one that works.
        await expect(scope().auth.getUser()).resolves.toMatchObject({ id: user.id });
        await expect(backend.forRequest(requestWith(otherCookie)).auth.getUser()).resolves.toBeNull();
        await expectBackendError(anyScope().auth.signInWithPassword({ email, password }), "invalid_credentials");
        await expectBackendError(
          anyScope().auth.changePassword({ currentPassword: password, password: "whatever123" }),
          "not_authenticated",
        );
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
        // Says whether there was such a line.
        expect(await scope.carts.remove({ userId, productId: "acc-2" })).toBe(true);
        expect(await scope.carts.remove({ userId, productId: "acc-2" })).toBe(false);
        expect(await scope.carts.list({ userId })).toEqual([]);

        await scope.carts.add({ userId, productId: "wig-1", quantity: 1 });
        await scope.carts.add({ userId, productId: "wig-3", quantity: 1 });
        await scope.carts.clear({ userId });
        expect(await scope.carts.list({ userId })).toEqual([]);
      });

      test(`a line holds at most ${MAX_CART_LINE_QUANTITY} and says when the cap cut in`, async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        expect(await scope.carts.add({ userId, productId: "acc-1", quantity: 98 })).toMatchObject({
          quantity: 98,
          capped: false,
        });
        expect(await scope.carts.add({ userId, productId: "acc-1", quantity: 5 })).toMatchObject({
          quantity: 99,
          capped: true,
        });
        expect(await scope.carts.add({ userId, productId: "acc-3", quantity: 500 })).toMatchObject({
          quantity: 99,
          capped: true,
        });
        expect(await scope.carts.setQuantity({ userId, productId: "acc-2", quantity: 150 })).toEqual({
          productId: "acc-2",
          quantity: 99,
          capped: true,
        });
      });

      test("unknown products, out-of-stock products and bad quantities are refused", async () => {
        const { user, scope } = await signedUpUser();
        const userId = user.id;
        await expectBackendError(
          scope.carts.add({ userId, productId: "nope-9", quantity: 1 }),
          "product_not_found",
          /Product not found\./,
        );
        await expectBackendError(
          scope.carts.setQuantity({ userId, productId: "nope-9", quantity: 1 }),
          "product_not_found",
        );
        await expectBackendError(scope.carts.add({ userId, productId: "wig-2", quantity: 1 }), "out_of_stock");
        await expectBackendError(scope.carts.add({ userId, productId: "clip-1", quantity: 0 }), "invalid_quantity");
        await expectBackendError(scope.carts.add({ userId, productId: "clip-1", quantity: 1.5 }), "invalid_quantity");
        await expectBackendError(
          scope.carts.setQuantity({ userId, productId: "clip-1", quantity: Number.NaN }),
          "invalid_quantity",
        );
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
        expect(Object.fromEntries(lines.map((line) => [line.productId, line.quantity]))).toEqual({
          "clip-2": 20,
          "clip-3": 15,
        });
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
        // The seeded catalogue has 12 products: more for this describe only.
        const extraIds = Array.from(
          { length: MAX_CART_LINES + 5 },
          (_, index) => `cap-${String(index).padStart(2, "0")}`,
        );
        beforeAll(() => insertTestProducts(db, extraIds));
        afterAll(() => db.query("delete from public.products where id like 'cap-%'"));

        const fill = async (userId: string, scope: RequestBackend, count: number) => {
          for (const productId of extraIds.slice(0, count)) await scope.carts.add({ userId, productId, quantity: 1 });
        };

        test("a new product past the cap is refused with the shopper's message; existing lines still change", async () => {
          const { user, scope } = await signedUpUser();
          const userId = user.id;
          await fill(userId, scope, MAX_CART_LINES);
          await expectBackendError(
            scope.carts.add({ userId, productId: "clip-1", quantity: 1 }),
            "cart_full",
            /up to 50 different products/,
          );
          await expectBackendError(scope.carts.setQuantity({ userId, productId: "clip-2", quantity: 3 }), "cart_full");
          expect(await scope.carts.add({ userId, productId: extraIds[0]!, quantity: 2 })).toMatchObject({
            quantity: 3,
          });
          expect(await scope.carts.setQuantity({ userId, productId: extraIds[1]!, quantity: 5 })).toMatchObject({
            quantity: 5,
          });
          const lines = await scope.carts.list({ userId });
          expect(lines).toHaveLength(MAX_CART_LINES);
          expect(lines.map((line) => line.productId)).not.toContain("clip-1");
        });

        test("concurrent adds of different products never pass the cap", async () => {
          const { user, cookie } = await signedUpUser();
          const userId = user.id;
          await fill(userId, backend.forRequest(requestWith(cookie)), MAX_CART_LINES - 2);
          const outcomes = await Promise.allSettled(
            extraIds
              .slice(MAX_CART_LINES - 2)
              .map((productId) =>
                backend.forRequest(requestWith(cookie)).carts.add({ userId, productId, quantity: 1 }),
              ),
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
        const removed = await scope.carts.removeProductsNotIn({
          userId,
          productIds: ["clip-1", "clip-2", "acc-1"],
        });
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

        await expect(scope.profiles.updateFullName({ userId, fullName: "   " })).resolves.toMatchObject({
          fullName: null,
        });
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
      /**
       * An order as listed after it committed: place() answers before its timeline's first entry is written (at
       * commit), which says it was placed, pending, when it was created.
       */
      const asListed = (order: Order): Order => ({
        ...order,
        statusHistory: [{ at: order.createdAt, fromStatus: null, toStatus: "pending" }],
      });

      test("a member's order is priced by the database, stored with its lines, and listed newest first", async () => {
        const { user, email, scope } = await signedUpUser();
        const userId = user.id;
        const first = await placeOrder(scope, {
          userId,
          items: [
            { productId: "clip-1", quantity: 2 },
            { productId: "acc-2", quantity: 1 },
          ],
          email,
        });
        expect(first).toMatchObject({
          userId,
          status: "pending",
          currency: "usd",
          email,
          // Over $200: Standard shipping is free.
          totalAmount: 2 * 29_900 + 2_400,
          shippingMethod: "standard",
          shippingAmount: 0,
          shippingAddress: shipping,
        });
        expect(
          first.items.map(({ productId, quantity, pricePerItem }) => ({ productId, quantity, pricePerItem })),
        ).toEqual([
          { productId: "clip-1", quantity: 2, pricePerItem: 29_900 },
          { productId: "acc-2", quantity: 1, pricePerItem: 2_400 },
        ]);

        const second = await placeOrder(scope, {
          userId,
          items: [{ productId: "wig-3", quantity: 1 }],
          shippingAddress: { ...shipping, city: "Los Angeles" },
          shippingMethod: "express",
          email,
        });
        const listed = await scope.orders.listForUser({ userId });
        expect(listed.map((order) => order.id)).toEqual([second.id, first.id]);
        expect(listed[1]).toEqual(asListed(first));
        expect(listed[0]).toMatchObject({
          shippingMethod: "express",
          shippingAmount: 1_999,
          totalAmount: 69_900 + 1_999,
        });
        expect(listed[0]?.shippingAddress.city).toBe("Los Angeles");
      });

      test("a guest order has no user and still gets its amounts from the database", async () => {
        const order = await placeOrder(anyScope(), {
          userId: null,
          items: [{ productId: "tape-1", quantity: 3 }],
          email: "guest@example.com",
        });
        expect(order).toMatchObject({ userId: null, totalAmount: 3 * 32_900, status: "pending" });
      });

      test("shipping is priced by the database from the method, the subtotal and the country", async () => {
        const guest = (
          items: Array<{ productId: string; quantity: number }>,
          shippingMethod: ShippingMethodId,
          country = "United States",
        ) =>
          placeOrder(anyScope(), {
            userId: null,
            items,
            email: "guest@example.com",
            shippingMethod,
            shippingAddress: { ...shipping, country },
          });
        const small = [{ productId: "acc-2", quantity: 1 }];
        // The rates are the shop's (public.shipping_rates, as its catalogue reader says); Standard is free from
        // $200.00 of items.
        const { prices } = await backend.catalogue.shippingRates();
        for (const method of shippingMethods) {
          const order = await guest(small, method.id, method.region === "us" ? "United States" : "Canada");
          expect(order).toMatchObject({
            shippingMethod: method.id,
            shippingAmount: prices[method.id].amountCents,
            totalAmount: 2_400 + prices[method.id].amountCents,
          });
        }
        expect(
          await guest(
            [
              { productId: "acc-3", quantity: 1 },
              { productId: "acc-1", quantity: 3 },
            ],
            "standard",
          ),
        ).toMatchObject({
          shippingAmount: 999,
          totalAmount: 17_900 + 999,
        });
        expect(
          await guest(
            [
              { productId: "acc-2", quantity: 3 },
              { productId: "acc-3", quantity: 4 },
            ],
            "standard",
          ),
        ).toMatchObject({
          shippingAmount: 0,
          totalAmount: 20_000,
        });
        expect(await guest([{ productId: "wig-1", quantity: 1 }], "express")).toMatchObject({ shippingAmount: 1_999 });
        expect(await guest([{ productId: "wig-1", quantity: 1 }], "international", "France")).toMatchObject({
          shippingAmount: 2_999,
        });
        // The country is free text: the US by any of its usual names.
        for (const country of ["USA", "u.s.", "United States of America", " united states "]) {
          expect(await guest(small, "overnight", country)).toMatchObject({
            shippingMethod: "overnight",
            shippingAmount: 3_999,
          });
        }
        // A US method abroad, International at home, or a method the shop does not have: refused, nothing stored.
        const key = newKey();
        await expectBackendError(
          placeOrder(anyScope(), {
            userId: null,
            items: small,
            email: "guest@example.com",
            shippingMethod: "standard",
            shippingAddress: { ...shipping, country: "Canada" },
            idempotencyKey: key,
          }),
          "invalid_input",
          /International/,
        );
        await expectBackendError(guest(small, "international"), "invalid_input", /outside the United States/);
        await expectBackendError(guest(small, "free" as ShippingMethodId), "invalid_input", /shipping method/);
        const [count] = await db.query<{ n: number }>(
          "select count(*)::int as n from public.orders where idempotency_key = $1",
          [key],
        );
        expect(count?.n).toBe(0);
      });

      test("a member's order empties their stored cart with it; a cart that changed meanwhile is refused", async () => {
        const { user, email, scope } = await signedUpUser();
        const userId = user.id;
        await scope.carts.add({ userId, productId: "clip-3", quantity: 2 });
        const input = {
          userId,
          items: [{ productId: "clip-3", quantity: 2 }],
          shippingAddress: shipping,
          shippingMethod: "standard" as const,
          email,
        };
        // What the checkout read is no longer what the cart holds: nothing is ordered, the cart stays.
        await expectBackendError(
          scope.orders.place({ ...input, items: [{ productId: "clip-3", quantity: 1 }], idempotencyKey: newKey() }),
          "cart_changed",
        );
        await expectBackendError(
          scope.orders.place({
            ...input,
            items: [...input.items, { productId: "acc-1", quantity: 1 }],
            idempotencyKey: newKey(),
          }),
          "cart_changed",
        );
        expect(await scope.orders.listForUser({ userId })).toEqual([]);
        expect(await scope.carts.list({ userId })).toEqual([{ productId: "clip-3", quantity: 2 }]);

        const key = newKey();
        const order = await scope.orders.place({ ...input, idempotencyKey: key });
        expect(await scope.carts.list({ userId })).toEqual([]);
        // The same key again answers with its order, though the cart is empty now.
        await expect(scope.orders.place({ ...input, idempotencyKey: key })).resolves.toMatchObject({ id: order.id });
        // Another key for the same lines: that cart was ordered already.
        await expectBackendError(scope.orders.place({ ...input, idempotencyKey: newKey() }), "cart_changed");
        expect(await scope.orders.listForUser({ userId })).toHaveLength(1);
      });

      test(
        "one cart makes one order: 20 members each post it from two sessions at once, 0 doubles",
        { timeout: 120_000 },
        async () => {
          const items = [
            { productId: "clip-1", quantity: 1 },
            { productId: "acc-2", quantity: 3 },
          ];
          // Signed up one after another (password hashing takes turns); then every pair posts at once.
          const members = [];
          for (let index = 0; index < 20; index++) {
            const { user, email, password, scope } = await signedUpUser();
            const otherDevice = anyScope();
            await otherDevice.auth.signInWithPassword({ email, password });
            const second = backend.forRequest(requestWith(cookiesAfter(otherDevice.responseHeaders)));
            await scope.carts.merge({ userId: user.id, lines: items });
            members.push({ user, email, sessions: [scope, second] });
          }
          // Each session's form has its own key, as two checkout pages would.
          const outcomes = await Promise.all(
            members.map(({ user, email, sessions }) =>
              Promise.allSettled(
                sessions.map((session) =>
                  session.orders.place({
                    userId: user.id,
                    items,
                    shippingAddress: shipping,
                    shippingMethod: "standard",
                    email,
                    idempotencyKey: newKey(),
                  }),
                ),
              ),
            ),
          );
          for (const [index, pair] of outcomes.entries()) {
            expect(pair.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
            const refused = pair.find((outcome) => outcome.status === "rejected");
            expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "cart_changed" });
            const { user, sessions } = members[index]!;
            expect(await sessions[0]!.carts.list({ userId: user.id })).toEqual([]);
          }
          const [row] = await db.query<{ orders: number; members: number }>(
            "select count(*)::int as orders, count(distinct user_id)::int as members from public.orders where user_id = any($1::uuid[])",
            [members.map(({ user }) => user.id)],
          );
          expect(row).toEqual({ orders: 20, members: 20 });
        },
      );

      test("a repeated idempotency key returns the first order, also under concurrent submissions", async () => {
        const { user, email, scope } = await signedUpUser();
        await scope.carts.add({ userId: user.id, productId: "clip-2", quantity: 1 });
        const input = {
          userId: user.id,
          items: [{ productId: "clip-2", quantity: 1 }],
          shippingAddress: shipping,
          shippingMethod: "standard" as const,
          email,
          idempotencyKey: newKey(),
        };
        const results = await Promise.all(Array.from({ length: 5 }, () => scope.orders.place(input)));
        const again = await scope.orders.place({
          ...input,
          items: [{ productId: "wig-1", quantity: 9 }],
          shippingMethod: "overnight",
        });
        expect(new Set([...results, again].map((order) => order.id)).size).toBe(1);
        expect(again.items).toEqual(results[0]?.items);
        expect(again.shippingMethod).toBe("standard");
        const [count] = await db.query<{ n: number }>(
          "select count(*)::int as n from public.orders where idempotency_key = $1",
          [input.idempotencyKey],
        );
        expect(count?.n).toBe(1);
      });

      test("another shopper's idempotency key is refused instead of revealing that order", async () => {
        const a = await signedUpUser();
        const b = await signedUpUser();
        const idempotencyKey = newKey();
        const items = [{ productId: "acc-1", quantity: 1 }];
        await placeOrder(a.scope, { items, idempotencyKey, userId: a.user.id, email: a.email });
        await expectBackendError(
          placeOrder(b.scope, { items, idempotencyKey, userId: b.user.id, email: b.email }),
          "conflict",
        );
        await expectBackendError(
          placeOrder(anyScope(), { items, idempotencyKey, userId: null, email: "guest@example.com" }),
          "conflict",
        );
      });

      test("unknown or out-of-stock products, bad quantities and incomplete details are refused", async () => {
        const place = (overrides: Record<string, unknown>) =>
          anyScope().orders.place({
            userId: null,
            items: [{ productId: "clip-1", quantity: 1 }],
            shippingAddress: shipping,
            shippingMethod: "standard",
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
          place({
            items: [
              { productId: "clip-1", quantity: 1 },
              { productId: "clip-1", quantity: 2 },
            ],
          }),
          "invalid_input",
          /only once/,
        );
        await expectBackendError(place({ shippingAddress: { ...shipping, city: " " } }), "invalid_input", /city/);
        await expectBackendError(place({ email: "nobody" }), "invalid_input", /e-mail/);
        await expectBackendError(place({ idempotencyKey: "short" }), "invalid_input");
        const [count] = await db.query<{ n: number }>(
          "select count(*)::int as n from public.orders where email = 'nobody'",
        );
        expect(count?.n).toBe(0);
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
            await placeOrder(scope, {
              userId,
              items: [
                { productId: "acc-2", quantity },
                { productId: "clip-1", quantity: 1 },
              ],
              email,
            }),
          );
        }
        const newestFirst = [...placed].reverse();
        // Someone else's order is neither listed nor counted.
        const other = await signedUpUser();
        await placeOrder(other.scope, {
          userId: other.user.id,
          items: [{ productId: "acc-2", quantity: 1 }],
          email: other.email,
        });

        const page = (offset: number, limit = 2) => scope.orders.listPageForUser({ userId, limit, offset });
        const first = await page(0);
        expect(first.totalCount).toBe(5);
        expect(first.orders).toEqual(newestFirst.slice(0, 2).map(asListed));
        expect((await page(2)).orders.map((order) => order.id)).toEqual(
          newestFirst.slice(2, 4).map((order) => order.id),
        );
        expect(await page(4)).toEqual({ orders: newestFirst.slice(4).map(asListed), totalCount: 5 });
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

    describe("back office (staff)", () => {
      type Shopper = Awaited<ReturnType<typeof signUpShopper>>;
      let staff: Shopper;
      let otherStaff: Shopper;
      let member: Shopper;

      /** Re-writes the staff list as the start-up does, with the two staff accounts of these tests. */
      const syncTestStaff = (staffEmails = [staff.email, otherStaff.email]) =>
        backend.syncStaff({
          staffEmails: [staffEmails[0]!.toUpperCase(), ...staffEmails.slice(1), "listed-not-signed-up@example.com"],
          orderRecipients: ["orders@example.com"],
        });
      const guestOrder = (overrides: Partial<Parameters<RequestBackend["orders"]["place"]>[0]> = {}) =>
        anyScope().orders.place({
          userId: null,
          items: [
            { productId: "clip-1", quantity: 1 },
            { productId: "acc-2", quantity: 2 },
          ],
          shippingAddress: shipping,
          shippingMethod: "standard",
          email: uniqueEmail("guest"),
          idempotencyKey: newKey(),
          ...overrides,
        });
      const mailFor = (orderId: string) =>
        db.query<{ kind: string; recipient: string; payload: Record<string, unknown>; secret: string | null }>(
          `select kind, recipient, payload, secret from public.outbox
           where payload ->> 'id' = $1 order by created_at, kind`,
          [orderId],
        );
      const statusOf = async (orderId: string) =>
        (await db.query<{ status: string }>("select status from public.orders where id = $1", [orderId]))[0]?.status;

      beforeAll(async () => {
        member = await signedUpUser();
        // Signed up with a listed address: ordinary members until each follows its set-up link (decision 0032).
        const [first, second] = [await signedUpUser(), await signedUpUser()];
        expect(await syncTestStaff([first!.email, second!.email])).toBe(0);
        staff = await setUpStaff(backend, first!.email);
        otherStaff = await setUpStaff(backend, second!.email);
        expect(await syncTestStaff()).toBe(2);
      });

      test("the catalogue (decision 0036): staff-only writes, drafts unseen, the last unit sold once, stock back on cancel, kept in the history", async () => {
        const id = `contract-${crypto.randomUUID().slice(0, 8)}`;
        const product = {
          id,
          name: "Contract Wave",
          description: "Two lengths, one counted.",
          category: "clip-in" as const,
          length: "18 inch",
          color: "Black",
          texture: null,
          rating: 0,
          reviewCount: 0,
          isNew: true,
          isSale: false,
          features: ["Soft"],
          specifications: [["Weight", "120g"]] as Array<[string, string]>,
          options: ["Length", "Shade"],
          status: "draft" as const,
          featuredPosition: null,
          images: [],
          variants: [
            {
              id,
              sku: `${id}-18`,
              optionValues: ["18 inch", "Black"],
              priceCents: 15_000,
              compareAtCents: null,
              trackStock: false,
              stockOnHand: null,
              lowStockThreshold: null,
              imageIds: [],
            },
            {
              id: `${id}-22`,
              sku: `${id}-22`,
              optionValues: ["22 inch", "Black"],
              priceCents: 18_000,
              compareAtCents: null,
              trackStock: true,
              stockOnHand: 1,
              lowStockThreshold: 0,
              imageIds: [],
            },
          ],
        };
        await expectBackendError(member.scope.staffCatalogue.saveProduct(product, null), "not_authorized");
        const saved = await staff.scope.staffCatalogue.saveProduct(product, null);
        expect(saved).toEqual({ id, version: 1 });
        const shopSees = async () => (await backend.catalogue.readAll()).products.find((p) => p.id === id);
        expect(await shopSees()).toBeUndefined();
        expect((await staff.scope.staffCatalogue.product(id))?.variants.map((v) => v.stockOnHand)).toEqual([null, 1]);

        // The CSV export (decision 0040) reads every product as the session: staff get the draft with its variants,
        // a member (row-level security) only what the shop shows.
        const exported = async (scope: typeof staff.scope) => {
          const products = [];
          for await (const exportedProduct of scope.staffCatalogue.exportProducts()) products.push(exportedProduct);
          return products;
        };
        const staffExport = await exported(staff.scope);
        expect(staffExport.find((p) => p.id === id)?.variants.map((v) => v.sku)).toEqual([`${id}-18`, `${id}-22`]);
        expect((await exported(member.scope)).some((p) => p.id === id)).toBe(false);

        // The back office's list finds it by a SKU among the drafts, with its price range and counted stock; a
        // literal "%" matches nothing; anyone but staff is refused.
        const list = (search: string, status: "draft" | "active" | null = "draft") =>
          staff.scope.staffCatalogue.listProducts({ search, status, sort: "newest", limit: 25, offset: 0 });
        expect(await list(`${id}-22`.toUpperCase())).toMatchObject({
          totalCount: 1,
          products: [
            {
              id,
              status: "draft",
              variantCount: 2,
              minPriceCents: 15_000,
              maxPriceCents: 18_000,
              stockOnHand: 1,
              untrackedVariants: 1,
            },
          ],
        });
        expect((await list(`${id}-22`, "active")).totalCount).toBe(0);
        expect((await list("%")).totalCount).toBe(0);
        const seeded = await list("", null);
        expect(seeded.totalCount).toBeGreaterThanOrEqual(13);
        expect(seeded.products[0]?.id).toBe(id);
        await expectBackendError(
          member.scope.staffCatalogue.listProducts({ search: "", status: null, sort: "featured", limit: 5, offset: 0 }),
          "not_authorized",
        );

        // An edit from an older copy is refused; the current one goes through and the product is on sale.
        await staff.scope.staffCatalogue.saveProduct({ ...product, status: "active" }, 1);
        await expectBackendError(staff.scope.staffCatalogue.saveProduct(product, 1), "product_changed");
        expect((await shopSees())?.variants.map((v) => [v.id, v.price, v.inStock])).toEqual([
          [id, 150, true],
          [`${id}-22`, 180, true],
        ]);

        // Two shoppers after the last unit: one order, one clear refusal that names what is gone.
        const buy = () => guestOrder({ items: [{ productId: `${id}-22`, quantity: 1 }] });
        const results = await Promise.allSettled([buy(), buy()]);
        const placed = results.filter((result) => result.status === "fulfilled");
        expect(placed).toHaveLength(1);
        const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({
          code: "out_of_stock",
          message: expect.stringMatching(/Contract Wave \(22 inch \/ Black\) has just sold out/),
        });
        const order = (placed[0] as PromiseFulfilledResult<Order>).value;
        expect(order.items[0]).toMatchObject({
          productId: id,
          variantId: `${id}-22`,
          productName: "Contract Wave",
          variantLabel: "22 inch / Black",
          sku: `${id}-22`,
        });
        expect((await shopSees())?.variants[1]?.inStock).toBe(false);
        // At its threshold (0) the shop is told, once.
        const alerts = await db.query(
          "select recipient from public.outbox where kind = 'low_stock' and payload ->> 'variant_id' = $1",
          [`${id}-22`],
        );
        expect(alerts.length).toBeGreaterThan(0);

        // A cancelled order gives its unit back, once; staff's count changes need a reason and are kept.
        await staff.scope.staff.moveOrder({
          orderId: order.id,
          expectedStatus: "pending",
          newStatus: "cancelled",
          note: "Customer asked",
        });
        expect((await shopSees())?.variants[1]?.stockOnHand).toBe(1);
        await expectBackendError(
          staff.scope.staffCatalogue.changeStock({
            variantId: `${id}-22`,
            mode: "adjust",
            amount: 4,
            note: "",
            expectedCount: 1,
          }),
          "invalid_input",
        );
        expect(
          await staff.scope.staffCatalogue.changeStock({
            variantId: `${id}-22`,
            mode: "adjust",
            amount: 4,
            note: "Restocked",
            expectedCount: 1,
          }),
        ).toBe(5);
        await expectBackendError(
          staff.scope.staffCatalogue.changeStock({
            variantId: `${id}-22`,
            mode: "set",
            amount: 9,
            note: "Count",
            expectedCount: 1,
          }),
          "product_changed",
        );
        const history = await staff.scope.staffCatalogue.stockHistory(id);
        expect(history.map((entry) => [entry.reason, entry.fromCount, entry.toCount])).toEqual([
          ["staff", 1, 5],
          ["cancellation", 0, 1],
          ["order", 1, 0],
          ["staff", null, 1],
        ]);
        await expectBackendError(member.scope.staffCatalogue.stockHistory(id), "not_authorized");
      });

      test("staff are the listed accounts set up by their link; an address taken off the list loses its rights", async () => {
        expect(await staff.scope.staff.isStaff()).toBe(true);
        expect(await member.scope.staff.isStaff()).toBe(false);
        expect(await anyScope().staff.isStaff()).toBe(false);

        // A listed address whose account is not confirmed is not staff.
        const unconfirmed = uniqueEmail("unconfirmed");
        await db.query("insert into auth.users (email) values ($1)", [unconfirmed]);
        expect(await syncTestStaff([staff.email, otherStaff.email, unconfirmed])).toBe(2);

        expect(await backend.syncStaff({ staffEmails: [otherStaff.email], orderRecipients: [] })).toBe(1);
        expect(await backend.forRequest(requestWith(staff.cookie)).staff.isStaff()).toBe(false);
        await expectBackendError(
          backend.forRequest(requestWith(staff.cookie)).staff.overview({ timeZone: "UTC" }),
          "not_authorized",
        );

        // Listed again, the address is an ordinary member until a new set-up link is used.
        expect(await syncTestStaff()).toBe(1);
        expect(await backend.forRequest(requestWith(staff.cookie)).staff.isStaff()).toBe(false);
        staff = await setUpStaff(backend, staff.email);
        expect(await syncTestStaff()).toBe(2);
        expect(await backend.forRequest(requestWith(staff.cookie)).staff.isStaff()).toBe(true);
        await expectBackendError(
          backend.syncStaff({ staffEmails: ["not an address"], orderRecipients: [] }),
          "invalid_input",
        );
      });

      test("a new order starts its timeline and tells the shop (ORDERS_EMAIL) in its transaction", async () => {
        const order = await guestOrder();
        const mail = await mailFor(order.id);
        expect(mail.map(({ kind, recipient }) => [kind, recipient]).sort()).toEqual([
          ["order_confirmation", order.email],
          ["order_received", "orders@example.com"],
        ]);
        expect(mail.find((message) => message.kind === "order_received")?.payload).toMatchObject({
          id: order.id,
          total_amount: order.totalAmount,
          order_items: [
            expect.objectContaining({ product_id: "clip-1" }),
            expect.objectContaining({ product_id: "acc-2" }),
          ],
        });
        const seen = await staff.scope.staff.getOrder({ orderId: order.id });
        expect(seen?.timeline).toEqual([
          expect.objectContaining({ actorLabel: "customer", fromStatus: null, toStatus: "pending", note: null }),
        ]);
      });

      test("staff move an order pending -> paid -> shipped -> delivered; each step is in the timeline and e-mailed", async () => {
        const order = await guestOrder();
        const moves = staff.scope.staff;
        await expect(
          moves.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" }),
        ).resolves.toMatchObject({
          id: order.id,
          status: "paid",
        });
        const shipped = await moves.moveOrder({
          orderId: order.id,
          expectedStatus: "paid",
          newStatus: "shipped",
          carrier: " UPS ",
          trackingNumber: "1Z999AA10123456784",
        });
        expect(shipped).toMatchObject({ status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
        await moves.moveOrder({ orderId: order.id, expectedStatus: "shipped", newStatus: "delivered" });

        const seen = await moves.getOrder({ orderId: order.id });
        expect(seen).toMatchObject({
          status: "delivered",
          carrier: "UPS",
          email: order.email,
          internalNote: null,
          guestLinkActive: true,
        });
        expect(
          seen?.timeline.map(({ actorLabel, actorEmail, fromStatus, toStatus }) => ({
            actorLabel,
            actorEmail,
            fromStatus,
            toStatus,
          })),
        ).toEqual([
          { actorLabel: "customer", actorEmail: null, fromStatus: null, toStatus: "pending" },
          { actorLabel: "staff", actorEmail: staff.email, fromStatus: "pending", toStatus: "paid" },
          { actorLabel: "staff", actorEmail: staff.email, fromStatus: "paid", toStatus: "shipped" },
          { actorLabel: "staff", actorEmail: staff.email, fromStatus: "shipped", toStatus: "delivered" },
        ]);
        expect(seen?.timeline[2]?.details).toEqual({ carrier: "UPS", tracking_number: "1Z999AA10123456784" });
        expect(seen?.statusHistory.map((change) => change.toStatus)).toEqual([
          "pending",
          "paid",
          "shipped",
          "delivered",
        ]);

        const mail = (await mailFor(order.id)).filter((message) => message.recipient === order.email);
        expect(mail.map((message) => message.kind)).toEqual([
          "order_confirmation",
          "order_paid",
          "order_shipped",
          "order_delivered",
        ]);
        expect(mail[2]?.payload).toMatchObject({
          status: "shipped",
          carrier: "UPS",
          tracking_number: "1Z999AA10123456784",
        });
      });

      test("cancelling needs a reason, which the customer's e-mail and the timeline carry", async () => {
        const order = await guestOrder();
        await expectBackendError(
          staff.scope.staff.moveOrder({
            orderId: order.id,
            expectedStatus: "pending",
            newStatus: "cancelled",
            note: "  ",
          }),
          "invalid_input",
          /reason/,
        );
        await staff.scope.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" });
        await staff.scope.staff.moveOrder({
          orderId: order.id,
          expectedStatus: "paid",
          newStatus: "cancelled",
          note: "Out of stock in this colour",
        });
        const cancelled = (await mailFor(order.id)).find((message) => message.kind === "order_cancelled");
        expect(cancelled).toMatchObject({
          recipient: order.email,
          payload: expect.objectContaining({
            status: "cancelled",
            note: "Out of stock in this colour",
            from_status: "paid",
          }),
        });
        const seen = await staff.scope.staff.getOrder({ orderId: order.id });
        expect(seen?.timeline.at(-1)).toMatchObject({
          fromStatus: "paid",
          toStatus: "cancelled",
          note: "Out of stock in this colour",
        });
      });

      test("any other move is refused and changes nothing: no status, no timeline entry, no e-mail", async () => {
        const order = await guestOrder();
        const moves = staff.scope.staff;
        const move = (expectedStatus: OrderStatus, newStatus: OrderStatus, extra: Partial<OrderMove> = {}) =>
          moves.moveOrder({ orderId: order.id, expectedStatus, newStatus, ...extra });
        await expectBackendError(
          move("pending", "delivered"),
          "move_not_allowed",
          /pending cannot be marked delivered/,
        );
        await expectBackendError(
          move("pending", "shipped", { carrier: "UPS", trackingNumber: "1Z" }),
          "move_not_allowed",
        );
        await expectBackendError(move("pending", "pending"), "move_not_allowed");
        await move("pending", "paid");
        await expectBackendError(move("paid", "shipped", { carrier: "UPS" }), "invalid_input", /tracking number/);
        await expectBackendError(
          move("paid", "shipped", { carrier: "UPS", trackingNumber: "<script>" }),
          "invalid_input",
        );
        await expectBackendError(move("paid", "pending"), "move_not_allowed");
        await move("paid", "shipped", { carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 00" });
        await expectBackendError(move("shipped", "cancelled", { note: "too late" }), "move_not_allowed");
        await expectBackendError(move("shipped", "paid"), "move_not_allowed");
        await expectBackendError(
          moves.moveOrder({ orderId: crypto.randomUUID(), expectedStatus: "pending", newStatus: "paid" }),
          "not_found",
        );
        await expectBackendError(
          moves.moveOrder({ orderId: "not-an-id", expectedStatus: "pending", newStatus: "paid" }),
          "not_found",
        );
        await expectBackendError(
          moves.moveOrder({ orderId: order.id, expectedStatus: "shipped", newStatus: "refunded" as OrderStatus }),
          "move_not_allowed",
        );
        expect(await statusOf(order.id)).toBe("shipped");
        expect((await moves.getOrder({ orderId: order.id }))?.timeline).toHaveLength(3);
        const toCustomer = (await mailFor(order.id)).filter((message) => message.recipient === order.email);
        expect(toCustomer.map((message) => message.kind)).toEqual([
          "order_confirmation",
          "order_paid",
          "order_shipped",
        ]);
      });

      test("two staff moving at once: one wins, the other is told the order changed meanwhile", async () => {
        const order = await guestOrder();
        const results = await Promise.allSettled([
          staff.scope.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" }),
          otherStaff.scope.staff.moveOrder({
            orderId: order.id,
            expectedStatus: "pending",
            newStatus: "cancelled",
            note: "Customer asked by phone",
          }),
        ]);
        const won = results.filter((result) => result.status === "fulfilled");
        const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]?.reason).toMatchObject({
          code: "order_changed",
          message: expect.stringMatching(/changed meanwhile/),
        });
        const seen = await staff.scope.staff.getOrder({ orderId: order.id });
        expect(seen?.timeline).toHaveLength(2);
        expect(seen?.status).toBe(seen?.timeline[1]?.toStatus);
        // A move from the status a stale form showed is refused too.
        await expectBackendError(
          staff.scope.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" }),
          "order_changed",
        );
      });

      test("orders are listed newest first, filtered by status, searched by number, e-mail or name, paged and exported", async () => {
        const tag = crypto.randomUUID().slice(0, 8);
        const placed = [];
        for (const [index, name] of ["Zelda", "Ximena", "Yusuf"].entries()) {
          placed.push(
            await guestOrder({
              email: `list-${tag}-${index}@example.com`,
              shippingAddress: { ...shipping, firstName: name, lastName: `Tester${tag}` },
            }),
          );
        }
        const [first, second, third] = placed as [Order, Order, Order];
        await staff.scope.staff.moveOrder({ orderId: second.id, expectedStatus: "pending", newStatus: "paid" });
        const list = (input: Partial<OrderFilter> & { limit?: number; offset?: number }) =>
          staff.scope.staff.listOrders({ status: null, search: "", limit: 10, offset: 0, ...input });
        const ids = async (input: Parameters<typeof list>[0]) => (await list(input)).orders.map((order) => order.id);

        expect(await ids({ search: `list-${tag}` })).toEqual([third.id, second.id, first.id]);
        expect((await list({ search: `LIST-${tag}` })).totalCount).toBe(3);
        expect(await ids({ search: `tester${tag}`, status: "paid" })).toEqual([second.id]);
        expect(await ids({ search: `yusuf tester${tag}` })).toEqual([third.id]);
        expect(await ids({ search: `#${first.id.slice(-8).toUpperCase()}` })).toEqual([first.id]);
        expect(await ids({ search: first.id })).toEqual([first.id]);
        expect(await ids({ search: `list-${tag}`, limit: 1, offset: 1 })).toEqual([second.id]);
        expect(await ids({ search: "100%_" })).toEqual([]);
        const [summary] = (await list({ search: `list-${tag}-2` })).orders;
        expect(summary).toMatchObject({
          id: third.id,
          status: "pending",
          email: `list-${tag}-2@example.com`,
          firstName: "Yusuf",
          lastName: `Tester${tag}`,
          userId: null,
          itemCount: 3,
          totalAmount: third.totalAmount,
          shippingAmount: 0,
        });
        const everyPending = await list({ status: "pending", limit: 1000 });
        expect(everyPending.orders.every((order) => order.status === "pending")).toBe(true);

        const exported = [];
        for await (const order of staff.scope.staff.exportOrders({ status: null, search: `list-${tag}` }))
          exported.push(order.id);
        expect(exported).toEqual([third.id, second.id, first.id]);

        await expectBackendError(list({ limit: 0 }), "invalid_input");
        await expectBackendError(list({ status: "lost" as OrderStatus }), "invalid_input");
        await expectBackendError(list({ search: "x".repeat(201) }), "invalid_input");
      });

      test("the export reads every matching order across its batches, once each", async () => {
        const tag = crypto.randomUUID().slice(0, 8);
        await db.query(
          `insert into public.orders (total_amount, shipping_address, email, idempotency_key, created_at)
           select 1000, '{"firstName":"Bulk","lastName":"Row"}'::jsonb, 'bulk-' || $1 || '-' || n || '@example.com',
                  'bulk-key-' || $1 || '-' || n, now() - make_interval(secs => n / 7)
           from generate_series(1, 1203) as n`,
          [tag],
        );
        const seen = new Set<string>();
        let count = 0;
        for await (const order of staff.scope.staff.exportOrders({ status: null, search: `bulk-${tag}` })) {
          seen.add(order.id);
          count += 1;
        }
        expect(count).toBe(1203);
        expect(seen.size).toBe(1203);
      });

      test("the overview counts today's orders and their paid revenue, and the orders waiting", async () => {
        const before = await staff.scope.staff.overview({ timeZone: "UTC" });
        expect(before.days).toHaveLength(30);
        expect(before.days.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
        const paid = await guestOrder();
        const pending = await guestOrder();
        const cancelled = await guestOrder();
        await staff.scope.staff.moveOrder({ orderId: paid.id, expectedStatus: "pending", newStatus: "paid" });
        await staff.scope.staff.moveOrder({
          orderId: cancelled.id,
          expectedStatus: "pending",
          newStatus: "cancelled",
          note: "Test",
        });
        const after = await staff.scope.staff.overview({ timeZone: "UTC" });
        const today = (overview: StaffOverview) => overview.days.at(-1)!;
        expect(today(after).count - today(before).count).toBe(2);
        expect(today(after).revenue - today(before).revenue).toBe(paid.totalAmount);
        expect(after.waiting.pending - before.waiting.pending).toBe(1);
        expect(after.waiting.paid - before.waiting.paid).toBe(1);
        expect(after.newest.slice(0, 3).map((order) => order.id)).toEqual([cancelled.id, pending.id, paid.id]);
        // Other time zones answer too (the shop's own, from its details).
        expect((await staff.scope.staff.overview({ timeZone: "America/Los_Angeles" })).days).toHaveLength(30);
      });

      test("the internal note is staff's own; a member never sees it", async () => {
        const { user, email, scope } = await signedUpUser();
        const order = await placeOrder(scope, {
          userId: user.id,
          items: [{ productId: "acc-1", quantity: 1 }],
          shippingAddress: shipping,
          shippingMethod: "standard",
          email,
          idempotencyKey: newKey(),
        });
        await staff.scope.staff.setNote({ orderId: order.id, note: "  Gift wrap, call before delivery  " });
        expect((await staff.scope.staff.getOrder({ orderId: order.id }))?.internalNote).toBe(
          "Gift wrap, call before delivery",
        );
        const [listed] = await scope.orders.listForUser({ userId: user.id });
        expect(JSON.stringify(listed)).not.toContain("Gift wrap");
        await staff.scope.staff.setNote({ orderId: order.id, note: "" });
        expect((await staff.scope.staff.getOrder({ orderId: order.id }))?.internalNote).toBeNull();
        await expectBackendError(
          staff.scope.staff.setNote({ orderId: order.id, note: "x".repeat(2001) }),
          "invalid_input",
        );
        await expectBackendError(staff.scope.staff.setNote({ orderId: crypto.randomUUID(), note: "x" }), "not_found");
      });

      test("a member's orders show their status history, carrier and tracking number", async () => {
        const { user, email, scope } = await signedUpUser();
        const order = await placeOrder(scope, {
          userId: user.id,
          items: [{ productId: "acc-1", quantity: 1 }],
          shippingAddress: shipping,
          shippingMethod: "standard",
          email,
          idempotencyKey: newKey(),
        });
        await staff.scope.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" });
        await staff.scope.staff.moveOrder({
          orderId: order.id,
          expectedStatus: "paid",
          newStatus: "shipped",
          carrier: "FedEx",
          trackingNumber: "123456789012",
        });
        const [listed] = (await scope.orders.listPageForUser({ userId: user.id, limit: 10, offset: 0 })).orders;
        expect(listed).toMatchObject({
          status: "shipped",
          carrier: "FedEx",
          trackingNumber: "123456789012",
          shippingMethod: "standard",
        });
        expect(listed?.statusHistory.map(({ fromStatus, toStatus }) => [fromStatus, toStatus])).toEqual([
          [null, "pending"],
          ["pending", "paid"],
          ["paid", "shipped"],
        ]);
        expect(Date.parse(listed?.statusHistory[2]?.at ?? "")).toBeGreaterThanOrEqual(
          Date.parse(listed?.statusHistory[0]?.at ?? ""),
        );
        // A member's confirmation carries no guest link: members sign in.
        expect((await mailFor(order.id)).find((message) => message.kind === "order_confirmation")?.secret).toBeNull();
      });

      test("a guest's order page opens with the token its confirmation carried, shows only the order, and can be revoked", async () => {
        const order = await guestOrder();
        const token = (await mailFor(order.id)).find((message) => message.kind === "order_confirmation")?.secret;
        expect(token).toMatch(/^[0-9a-f]{64}$/);
        const page = await anyScope().guestOrders.get({ token: token! });
        expect(page).toMatchObject({ id: order.id, status: "pending", totalAmount: order.totalAmount, carrier: null });
        expect(page?.items.map((item) => item.productId)).toEqual(["clip-1", "acc-2"]);
        expect(page?.statusHistory.map((change) => change.toStatus)).toEqual(["pending"]);
        expect(JSON.stringify(page)).not.toContain(order.email);
        expect(JSON.stringify(page)).not.toContain(shipping.address);

        await expect(
          anyScope().guestOrders.get({ token: token!.replace(/.$/, (last) => (last === "a" ? "b" : "a")) }),
        ).resolves.toBeNull();
        await expect(anyScope().guestOrders.get({ token: "short" })).resolves.toBeNull();
        expect(await staff.scope.staff.revokeGuestLink({ orderId: order.id })).toBe(true);
        expect(await staff.scope.staff.revokeGuestLink({ orderId: order.id })).toBe(false);
        await expect(anyScope().guestOrders.get({ token: token! })).resolves.toBeNull();
        const seen = await staff.scope.staff.getOrder({ orderId: order.id });
        expect(seen?.guestLinkActive).toBe(false);
        expect(seen?.timeline.at(-1)).toMatchObject({
          toStatus: null,
          note: "Guest order-page link revoked",
          actorEmail: staff.email,
        });
        expect(seen?.statusHistory.map((change) => change.toStatus)).toEqual(["pending"]);
      });

      test("the placing browser's link (decision 0034): made only with the form's key, opens the order with its address, ends with 'Revoke' for good", async () => {
        const key = newKey();
        const order = await guestOrder({ idempotencyKey: key });
        const other = await guestOrder();
        const links = anyScope().guestOrders;
        await expect(links.issueBrowserLink({ orderId: order.id, idempotencyKey: newKey() })).resolves.toBeNull();
        await expect(links.issueBrowserLink({ orderId: other.id, idempotencyKey: key })).resolves.toBeNull();
        const token = await links.issueBrowserLink({ orderId: order.id, idempotencyKey: key });
        expect(token).toMatch(/^[0-9a-f]{64}$/);
        // A double click gets a link of its own; both open the order.
        const second = await links.issueBrowserLink({ orderId: order.id, idempotencyKey: key });
        expect(second).toMatch(/^[0-9a-f]{64}$/);
        expect(second).not.toBe(token);

        const seen = await links.getForBrowser({ orderId: order.id, token: token! });
        expect(seen).toMatchObject({ id: order.id, status: "pending", shippingAddress: shipping });
        expect(seen?.items.map((item) => item.productId)).toEqual(["clip-1", "acc-2"]);
        expect(JSON.stringify(seen)).not.toContain(order.email);
        await expect(links.getForBrowser({ orderId: order.id, token: second! })).resolves.toMatchObject({
          id: order.id,
        });
        // The token opens its own order only, and nothing else opens it.
        await expect(links.getForBrowser({ orderId: other.id, token: token! })).resolves.toBeNull();
        await expect(links.getForBrowser({ orderId: order.id, token: "0".repeat(64) })).resolves.toBeNull();
        await expect(links.getForBrowser({ orderId: "nope", token: token! })).resolves.toBeNull();
        await expect(links.get({ token: token! })).resolves.toBeNull();

        expect(await staff.scope.staff.revokeGuestLink({ orderId: order.id })).toBe(true);
        await expect(links.getForBrowser({ orderId: order.id, token: token! })).resolves.toBeNull();
        await expect(links.getForBrowser({ orderId: order.id, token: second! })).resolves.toBeNull();
        // The same form posted again cannot make a new one.
        await expect(links.issueBrowserLink({ orderId: order.id, idempotencyKey: key })).resolves.toBeNull();
      });

      test("confirmed newsletter subscribers are listed newest first and counted; pending ones are not", async () => {
        const confirmedEmail = uniqueEmail("subscriber");
        const pendingEmail = uniqueEmail("pending-subscriber");
        await anyScope().newsletter.subscribe({ email: confirmedEmail });
        await anyScope().newsletter.subscribe({ email: pendingEmail });
        const [row] = await db.query<{ secret: string }>(
          "select secret from public.outbox where kind = 'newsletter_confirmation' and recipient = $1",
          [confirmedEmail],
        );
        expect(await anyScope().newsletter.confirm({ token: row!.secret })).toBe(true);
        const { subscribers, totalCount } = await staff.scope.staff.listSubscribers({ limit: 10, offset: 0 });
        expect(subscribers[0]).toMatchObject({ email: confirmedEmail });
        expect(subscribers.map((subscriber) => subscriber.email)).not.toContain(pendingEmail);
        const [count] = await db.query<{ n: number }>(
          "select count(*)::int as n from public.newsletter_subscribers where status = 'confirmed'",
        );
        expect(totalCount).toBe(count?.n);
        const exported = [];
        for await (const subscriber of staff.scope.staff.exportSubscribers()) exported.push(subscriber.email);
        expect(exported).toHaveLength(totalCount);
        expect(exported[0]).toBe(confirmedEmail);
      });

      test("a member who is not staff, or a visitor, can read or change nothing of the back office, whatever they call", async () => {
        const own = await placeOrder(member.scope, {
          userId: member.user.id,
          items: [{ productId: "acc-1", quantity: 1 }],
          shippingAddress: shipping,
          shippingMethod: "standard",
          email: member.email,
          idempotencyKey: newKey(),
        });
        const others = await guestOrder();
        for (const scope of [member.scope, backend.forRequest(requestWith(member.cookie))]) {
          const port = scope.staff;
          const refusals: (() => Promise<unknown>)[] = [
            () => port.listOrders({ status: null, search: "", limit: 10, offset: 0 }),
            () => port.getOrder({ orderId: others.id }),
            () => port.getOrder({ orderId: own.id }),
            () => port.overview({ timeZone: "UTC" }),
            () => port.moveOrder({ orderId: own.id, expectedStatus: "pending", newStatus: "paid" }),
            () =>
              port.moveOrder({
                orderId: others.id,
                expectedStatus: "pending",
                newStatus: "cancelled",
                note: "mine now",
              }),
            () => port.setNote({ orderId: others.id, note: "hello" }),
            () => port.revokeGuestLink({ orderId: others.id }),
            () => port.listSubscribers({ limit: 10, offset: 0 }),
            async () => {
              for await (const order of port.exportOrders({ status: null, search: "" })) return order;
            },
          ];
          for (const refusal of refusals) await expectBackendError(refusal(), "not_authorized");
        }
        await expectBackendError(
          anyScope().staff.listOrders({ status: null, search: "", limit: 10, offset: 0 }),
          "not_authenticated",
        );
        await expectBackendError(
          anyScope().staff.moveOrder({ orderId: others.id, expectedStatus: "pending", newStatus: "paid" }),
          "not_authenticated",
        );
        expect(await statusOf(own.id)).toBe("pending");
        expect(await statusOf(others.id)).toBe("pending");
        expect((await staff.scope.staff.getOrder({ orderId: others.id }))?.internalNote).toBeNull();
        expect((await member.scope.orders.listForUser({ userId: member.user.id })).map((order) => order.id)).toEqual([
          own.id,
        ]);
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
        expect(await scope.wishlist.remove({ userId, productId: "wig-1" })).toBe(true);
        expect(await scope.wishlist.remove({ userId, productId: "wig-1" })).toBe(false);
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
        await expectBackendError(
          anyScope().newsletter.subscribe({ email: "not an address" }),
          "invalid_input",
          /valid e-mail/,
        );
      });
    });

    describe("payments (decision 0031)", () => {
      const payments = () => {
        if (!backend.payments) throw new Error("This harness gives the backend no payments port.");
        return backend.payments;
      };
      /** A guest's pending order with a card session attached, and what a paid event about it says. */
      const pendingCardOrder = async () => {
        const order = await placeOrder(anyScope(), {
          userId: null,
          items: [{ productId: "clip-1", quantity: 1 }],
          email: uniqueEmail("payer"),
        });
        const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
        expect(await payments().attachSession({ orderId: order.id, provider: "stripe", sessionId })).toBe(true);
        const paid = {
          provider: "stripe" as const,
          eventType: "checkout.session.completed",
          orderId: order.id,
          sessionId,
          action: "paid" as const,
          reference: `pi_test_${crypto.randomUUID().replaceAll("-", "")}`,
          amount: order.totalAmount,
          currency: "usd",
        };
        return { order, sessionId, paid };
      };
      const eventId = () => `evt_test_${crypto.randomUUID().replaceAll("-", "")}`;
      const messagesFor = async (orderId: string, kind: string) =>
        (
          await db.query<{ n: number }>(
            "select count(*)::int as n from public.outbox where kind = $1 and payload ->> 'id' = $2",
            [kind, orderId],
          )
        )[0]?.n;

      test("an order reads with its payment; a session is attached only while the order is pending", async () => {
        const { order, sessionId } = await pendingCardOrder();
        expect(await payments().order({ orderId: order.id })).toMatchObject({
          id: order.id,
          status: "pending",
          totalAmount: order.totalAmount,
          items: order.items,
          shippingAddress: shipping,
          payment: { provider: "stripe", sessionId, reference: null },
        });
        expect(await payments().order({ orderId: crypto.randomUUID() })).toBeNull();
        expect(await payments().order({ orderId: "not-an-id" })).toBeNull();

        await payments().recordEvent({
          ...(await pendingCardOrder()).paid,
          orderId: order.id,
          sessionId,
          eventId: eventId(),
          action: "failed",
        });
        expect(
          await payments().attachSession({ orderId: order.id, provider: "stripe", sessionId: "cs_test_later" }),
        ).toBe(false);
        expect((await payments().order({ orderId: order.id }))?.payment.sessionId).toBe(sessionId);
      });

      test("a paid event marks the order paid once, with its reference, timeline entry and e-mail", async () => {
        const { order, paid } = await pendingCardOrder();
        const id = eventId();
        expect(await payments().recordEvent({ ...paid, eventId: id })).toBe("paid");
        expect(await payments().order({ orderId: order.id })).toMatchObject({
          status: "paid",
          payment: { reference: paid.reference },
        });
        expect(await messagesFor(order.id, "order_paid")).toBe(1);
        const timeline = await db.query<{ actor_label: string; from_status: string; to_status: string }>(
          "select actor_label, from_status, to_status from public.order_events where order_id = $1 and to_status = 'paid'",
          [order.id],
        );
        expect(timeline).toEqual([{ actor_label: "stripe", from_status: "pending", to_status: "paid" }]);

        // The same event again (Stripe retries), and another event about the same payment: nothing more.
        expect(await payments().recordEvent({ ...paid, eventId: id })).toBe("duplicate");
        expect(
          await payments().recordEvent({
            ...paid,
            eventId: eventId(),
            eventType: "checkout.session.async_payment_succeeded",
          }),
        ).toBe("already_paid");
        expect(await messagesFor(order.id, "order_paid")).toBe(1);
        const [stored] = await db.query<{ n: number }>(
          "select count(*)::int as n from public.payment_events where event_id = $1",
          [id],
        );
        expect(stored?.n).toBe(1);
      });

      test("one event delivered twice at once pays once", async () => {
        const { order, paid } = await pendingCardOrder();
        const id = eventId();
        const outcomes = await Promise.all([
          payments().recordEvent({ ...paid, eventId: id }),
          payments().recordEvent({ ...paid, eventId: id }),
        ]);
        expect(outcomes.sort()).toEqual(["duplicate", "paid"]);
        expect(await messagesFor(order.id, "order_paid")).toBe(1);
      });

      test("an event about another session, another amount or no known order changes nothing", async () => {
        const { order, paid } = await pendingCardOrder();
        expect(await payments().recordEvent({ ...paid, eventId: eventId(), sessionId: "cs_test_someone_else" })).toBe(
          "other_session",
        );
        expect(await payments().recordEvent({ ...paid, eventId: eventId(), amount: paid.amount - 1 })).toBe(
          "amount_mismatch",
        );
        expect(await payments().recordEvent({ ...paid, eventId: eventId(), currency: "eur" })).toBe("amount_mismatch");
        expect(await payments().recordEvent({ ...paid, eventId: eventId(), orderId: crypto.randomUUID() })).toBe(
          "unknown_order",
        );
        expect(await payments().recordEvent({ ...paid, eventId: eventId(), orderId: "<script>" })).toBe(
          "unknown_order",
        );
        expect((await payments().order({ orderId: order.id }))?.status).toBe("pending");
        expect(await messagesFor(order.id, "order_paid")).toBe(0);
      });

      test("a failed or expired session cancels a pending order, and only a pending one", async () => {
        const { order, paid } = await pendingCardOrder();
        const expired = {
          ...paid,
          eventType: "checkout.session.expired",
          action: "failed" as const,
          reference: null,
          amount: null,
          currency: null,
        };
        expect(await payments().recordEvent({ ...expired, eventId: eventId() })).toBe("cancelled");
        expect(await payments().order({ orderId: order.id })).toMatchObject({ status: "cancelled" });
        expect(await messagesFor(order.id, "order_cancelled")).toBe(1);
        // Paid after all (the shopper paid in another tab as it expired): kept for staff to refund, not paid.
        expect(await payments().recordEvent({ ...paid, eventId: eventId() })).toBe("paid_after_cancel");
        expect(await payments().order({ orderId: order.id })).toMatchObject({
          status: "cancelled",
          payment: { reference: paid.reference },
        });

        const other = await pendingCardOrder();
        expect(await payments().recordEvent({ ...other.paid, eventId: eventId() })).toBe("paid");
        expect(
          await payments().recordEvent({
            ...expired,
            orderId: other.order.id,
            sessionId: other.sessionId,
            eventId: eventId(),
          }),
        ).toBe("not_pending");
        expect((await payments().order({ orderId: other.order.id }))?.status).toBe("paid");
      });

      test("staff read a card order's payment; cancelling it queues its refund in the move's transaction", async () => {
        const listed = await signedUpUser();
        const member = await signedUpUser();
        expect(await backend.syncStaff({ staffEmails: [listed.email], orderRecipients: [] })).toBe(0);
        const staff = await setUpStaff(backend, listed.email);
        const { order, paid } = await pendingCardOrder();
        expect(await payments().recordEvent({ ...paid, eventId: eventId() })).toBe("paid");

        expect(await staff.scope.staff.orderPayment({ orderId: order.id })).toEqual({
          status: "paid",
          payment: { provider: "stripe", sessionId: paid.sessionId, reference: paid.reference },
          refunds: [],
        });
        expect(await staff.scope.staff.orderPayment({ orderId: crypto.randomUUID() })).toBeNull();
        await expectBackendError(member.scope.staff.orderPayment({ orderId: order.id }), "not_authorized");

        await staff.scope.staff.moveOrder({
          orderId: order.id,
          expectedStatus: "paid",
          newStatus: "cancelled",
          note: "Out of stock",
        });
        const seen = await staff.scope.staff.orderPayment({ orderId: order.id });
        expect(seen?.refunds).toEqual([
          {
            id: expect.any(String),
            amount: order.totalAmount,
            currency: "usd",
            reason: "Out of stock",
            state: "pending",
            provider: "stripe",
            lines: [],
            shippingAmount: 0,
            providerRefundId: null,
            requestedByLabel: "staff",
            requestedByEmail: staff.email,
            requestedAt: expect.any(String),
            completedAt: null,
            attempts: 0,
            lastError: null,
          },
        ]);
        const [entry] = await db.query<{ note: string; details: Record<string, unknown> }>(
          "select note, details from public.order_events where order_id = $1 and to_status = 'cancelled'",
          [order.id],
        );
        expect(entry).toEqual({ note: "Out of stock", details: { refund_id: seen?.refunds[0]?.id } });

        // An order paid by hand has no card payment to refund: cancelled as before, nothing queued.
        const manual = await placeOrder(anyScope(), {
          userId: null,
          items: [{ productId: "acc-1", quantity: 1 }],
          email: uniqueEmail("manual"),
        });
        await staff.scope.staff.moveOrder({ orderId: manual.id, expectedStatus: "pending", newStatus: "paid" });
        await staff.scope.staff.moveOrder({
          orderId: manual.id,
          expectedStatus: "paid",
          newStatus: "cancelled",
          note: "Changed mind",
        });
        expect((await staff.scope.staff.orderPayment({ orderId: manual.id }))?.refunds).toEqual([]);
      });

      test("the shopper leaving the payment page cancels the order only for its own session", async () => {
        const { order, sessionId } = await pendingCardOrder();
        expect(await payments().cancelUnpaid({ orderId: order.id, sessionId: "cs_test_another" })).toMatchObject({
          status: "pending",
        });
        const cancelled = await payments().cancelUnpaid({ orderId: order.id, sessionId });
        expect(cancelled).toMatchObject({
          status: "cancelled",
          items: order.items,
          shippingAddress: shipping,
          email: order.email,
        });
        expect(await payments().cancelUnpaid({ orderId: order.id, sessionId })).toMatchObject({ status: "cancelled" });
        expect(await messagesFor(order.id, "order_cancelled")).toBe(1);
        expect(await payments().cancelUnpaid({ orderId: crypto.randomUUID(), sessionId })).toBeNull();
      });
    });

    // The claims senders take on outbox messages (decision 0027): a live sender keeps its message as long as it renews;
    // one that stops renewing (a crash) loses it when its lease runs out, and its old claim then changes nothing.
    describe("e-mail outbox claims", () => {
      // New orders announced to nobody: the tests count only the shoppers' own messages.
      beforeAll(() => backend.syncStaff({ staffEmails: [], orderRecipients: [] }));
      const outbox = () => {
        if (!backend.outbox)
          throw new Error("This backend's contract runs with an outbox (the Supabase fake with its service-role key).");
        return backend.outbox;
      };
      /** Marks every due message sent, so that the test's own are the only ones to claim. */
      async function drain() {
        for (;;) {
          const messages = await outbox().claim({ limit: 100, leaseSeconds: 60 });
          if (messages.length === 0) return;
          for (const message of messages)
            await outbox().finish({ id: message.id, claim: message.claim, outcome: "sent" });
        }
      }
      const guestOrder = (email: string) =>
        anyScope().orders.place({
          userId: null,
          items: [{ productId: "clip-1", quantity: 1 }],
          shippingAddress: shipping,
          shippingMethod: "standard",
          email,
          idempotencyKey: newKey(),
        });

      test("two senders claiming at once get different messages, each with a claim of its own; a held claim is not taken", async () => {
        await drain();
        const emails = [uniqueEmail("claim-a"), uniqueEmail("claim-b")];
        for (const email of emails) await guestOrder(email);
        const [first, second] = await Promise.all([
          outbox().claim({ limit: 1, leaseSeconds: 60 }),
          outbox().claim({ limit: 1, leaseSeconds: 60 }),
        ]);
        expect([...first!, ...second!].map((message) => message.recipient).sort()).toEqual(emails.sort());
        expect(first![0]!.claim).not.toBe(second![0]!.claim);
        expect(await outbox().claim({ limit: 10, leaseSeconds: 60 })).toEqual([]);
        for (const message of [...first!, ...second!]) {
          expect(await outbox().renew({ id: message.id, claim: message.claim, leaseSeconds: 60 })).toBe(true);
          expect(await outbox().finish({ id: message.id, claim: message.claim, outcome: "sent" })).toBe(true);
          // Finished: nothing left to renew or finish.
          expect(await outbox().renew({ id: message.id, claim: message.claim, leaseSeconds: 60 })).toBe(false);
          expect(await outbox().finish({ id: message.id, claim: message.claim, outcome: "sent" })).toBe(false);
        }
      });

      test("a claim that is not renewed lapses: another sender takes the message, and the old claim can neither renew nor finish it", async () => {
        await drain();
        const email = uniqueEmail("claim-lapse");
        await guestOrder(email);
        const [crashed] = await outbox().claim({ limit: 1, leaseSeconds: 1 });
        expect(crashed?.recipient).toBe(email);
        // Due again once the 1 s lease has passed (the database's clock decides).
        let taken: Awaited<ReturnType<OutboxPort["claim"]>> = [];
        await expect
          .poll(async () => (taken = await outbox().claim({ limit: 1, leaseSeconds: 60 })).length, {
            timeout: 15_000,
            interval: 200,
          })
          .toBe(1);
        const [retaken] = taken;
        expect(retaken).toMatchObject({ id: crashed!.id, recipient: email, attempts: crashed!.attempts + 1 });
        expect(retaken!.claim).not.toBe(crashed!.claim);
        expect(await outbox().renew({ id: crashed!.id, claim: crashed!.claim, leaseSeconds: 60 })).toBe(false);
        expect(
          await outbox().finish({ id: crashed!.id, claim: crashed!.claim, outcome: "failed", error: "stale" }),
        ).toBe(false);
        // The new holder's claim is intact.
        expect(await outbox().renew({ id: retaken!.id, claim: retaken!.claim, leaseSeconds: 60 })).toBe(true);
        expect(await outbox().finish({ id: retaken!.id, claim: retaken!.claim, outcome: "sent" })).toBe(true);
      });

      test("a guest order's confirmation is capped per address (5 an hour): every order stands, the 6th message is kept, marked and never claimed", async () => {
        await drain();
        const victim = uniqueEmail("cap-victim");
        const orders = [];
        for (let index = 0; index < 6; index += 1) orders.push(await guestOrder(victim));
        expect(new Set(orders.map((order) => order.id)).size).toBe(6);
        const rows = await db.query<{
          capped: boolean;
          failed: boolean;
          last_error: string | null;
          secret: string | null;
        }>(
          "select capped, failed_at is not null as failed, last_error, secret from public.outbox where lower(recipient) = lower($1) order by created_at",
          [victim],
        );
        expect(rows.map((row) => row.capped)).toEqual([false, false, false, false, false, true]);
        expect(rows[5]).toMatchObject({
          failed: true,
          secret: null,
          last_error: expect.stringMatching(/per-recipient cap/),
        });
        const claimed = await outbox().claim({ limit: 100, leaseSeconds: 60 });
        expect(claimed.filter((message) => message.recipient === victim)).toHaveLength(5);
        for (const message of claimed) await outbox().finish({ id: message.id, claim: message.claim, outcome: "sent" });
        // A member's own order to that address is not an anonymous action: it is confirmed.
        const { user, scope } = await signedUpUser();
        await placeOrder(scope, { userId: user.id, items: [{ productId: "clip-1", quantity: 1 }], email: victim });
        const [member] = await outbox().claim({ limit: 100, leaseSeconds: 60 });
        expect(member).toMatchObject({ recipient: victim });
        await outbox().finish({ id: member!.id, claim: member!.claim, outcome: "sent" });
      });

      test("a retry, from the claim's holder, makes the message due again at the time given and frees it", async () => {
        await drain();
        await guestOrder(uniqueEmail("claim-retry"));
        const [held] = await outbox().claim({ limit: 1, leaseSeconds: 60 });
        const retryAt = new Date(Date.now() + 600_000);
        expect(
          await outbox().finish({
            id: held!.id,
            claim: held!.claim,
            outcome: "retry",
            error: "421 try later",
            retryAt,
          }),
        ).toBe(true);
        const [row] = await db.query<{
          next_attempt_at: Date | string;
          claimed_until: Date | string | null;
          last_error: string;
        }>("select next_attempt_at, claimed_until, last_error from public.outbox where id = $1", [held!.id]);
        expect(new Date(row!.next_attempt_at).getTime()).toBe(retryAt.getTime());
        expect(row).toMatchObject({ claimed_until: null, last_error: "421 try later" });
      });
    });

    describeStaffProofContract(() => ({
      backend,
      db,
      mailingBackend: () => harness.createBackend({ sendsEmail: true }),
    }));
    describeCustomersContract(() => ({ backend, db }));
    describeLifecycleContract(() => ({ backend, db }));
    describeCustomerAccountsContract(() => ({ backend, db }));
    describeDiscountsContract(() => ({ backend, db }));
    describeShippingRatesContract(() => ({ backend, db }));
    describeReturnsContract(() => ({ backend, db }));
  });
}

import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import { expectBackendError, requestWith, shipping } from "#tests/support/backend-helpers";
import {
  ANON_KEY,
  AUTH_COOKIE,
  createFakeSupabase,
  fakeSession,
  fakeUser,
  json,
  SUPABASE_URL,
  type FakeSupabase,
} from "#tests/support/fake-supabase";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { createSupabaseBackend } from "~/backend/supabase/supabase-backend.server";
import { openedByRecoveryWithin } from "~/backend/supabase/supabase-session.server";

const userId = "6f1c3a52-8d1e-4f7a-9b2c-0a1b2c3d4e5f";
const otherUserId = "0e9d8c7b-6a5f-4e3d-2c1b-0a9b8c7d6e5f";
const email = "ada@example.com";
const user = fakeUser(userId, email, { full_name: "Ada Lovelace", avatar_url: "https://example.com/ada.png" });

let fake: FakeSupabase;
let backend: Backend;

/** Signs in through the fake and returns the Cookie header the browser would send next. */
async function signedInCookie(expiresIn = 3600): Promise<string> {
  fake.on("POST", "/auth/v1/token", () => json(fakeSession(user, expiresIn)));
  const scope = backend.forRequest(requestWith());
  await scope.auth.signInWithPassword({ email, password: "correct horse" });
  return cookiesAfter(scope.responseHeaders);
}

function expectAnonKeyAndBearer(sent: { headers: Headers }, bearer: "user" | "anon") {
  expect(sent.headers.get("apikey")).toBe(ANON_KEY);
  const authorization = sent.headers.get("Authorization") ?? "";
  if (bearer === "anon") expect(authorization).toBe(`Bearer ${ANON_KEY}`);
  else expect(authorization).toMatch(/^Bearer eyJ[\w-]+\.[\w-]+\.signature$/);
}

beforeEach(() => {
  fake = createFakeSupabase();
  backend = createSupabaseBackend({
    url: SUPABASE_URL,
    anonKey: ANON_KEY,
    cookieSecrets: ["test-session-secret"],
    secureCookies: true,
    fetch: fake.fetch,
  });
  fake.on("GET", "/auth/v1/user", () => json(user));
});

afterEach(() => {
  vi.useRealTimers();
});

describe("supabase backend: auth", () => {
  test("names itself and offers e-mail and hosted OAuth", async () => {
    expect(backend.description).toBe(`supabase (${SUPABASE_URL})`);
    expect(backend.capabilities).toEqual({ sendsEmail: true, linksWorkInAnyBrowser: false, hostedOAuth: true });
    await expectBackendError(
      backend.forRequest(requestWith()).auth.signInWithVerifiedIdentity({ provider: "google", email }),
      "not_supported",
    );
  });

  test("offers Google only while the project's Google provider is on, asking Supabase at most once a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let google = true;
    fake.on("GET", "/auth/v1/settings", () => json({ external: { email: true, google }, disable_signup: false }));
    expect(await backend.hostedOAuthProviders()).toEqual(["google"]);
    google = false;
    expect(await backend.hostedOAuthProviders()).toEqual(["google"]);
    expect(fake.sent("GET", "/auth/v1/settings")).toHaveLength(1);
    expect(fake.sent("GET", "/auth/v1/settings")[0]?.headers.get("apikey")).toBe(ANON_KEY);
    vi.advanceTimersByTime(61_000);
    expect(await backend.hostedOAuthProviders()).toEqual([]);
  });

  test("offers no Google while its settings cannot be read, and asks again soon", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.on("GET", "/auth/v1/settings", () => json({ message: "down" }, 503));
    expect(await backend.hostedOAuthProviders()).toEqual([]);
    expect(logged).toHaveBeenCalledWith("Reading Supabase's sign-in providers failed:", "HTTP 503");
    fake.on("GET", "/auth/v1/settings", () => json({ external: { google: true } }));
    vi.advanceTimersByTime(11_000);
    expect(await backend.hostedOAuthProviders()).toEqual(["google"]);
  });

  test("password sign-in posts to the token endpoint with the anon key and sets signed, HttpOnly cookies", async () => {
    fake.on("POST", "/auth/v1/token", () => json(fakeSession(user)));
    const scope = backend.forRequest(requestWith());
    const signedIn = await scope.auth.signInWithPassword({ email: " Ada@Example.com ", password: "correct horse" });
    expect(signedIn).toEqual({
      id: userId,
      email,
      fullName: "Ada Lovelace",
      avatarUrl: "https://example.com/ada.png",
      createdAt: "2030-01-01T00:00:00.000Z",
    });

    const [sent] = fake.sent("POST", "/auth/v1/token?grant_type=password");
    expect(sent?.body).toMatchObject({ email, password: "correct horse" });
    expect(sent?.headers.get("apikey")).toBe(ANON_KEY);

    const setCookies = scope.responseHeaders.getSetCookie();
    expect(setCookies.length).toBeGreaterThan(0);
    for (const setCookie of setCookies) {
      expect(setCookie).toMatch(new RegExp(`^${AUTH_COOKIE}(\\.\\d+)?=base64-[\\w-]+\\.[\\w-]{43}`));
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Secure/i);
      expect(setCookie).toMatch(/Path=\//);
    }
    expect(scope.responseHeaders.get("Cache-Control")).toMatch(/no-store/);
  });

  test("the session cookie signs the next request in: the user is checked with Supabase Auth, bearer token attached", async () => {
    const cookie = await signedInCookie();
    fake.requests.length = 0;
    const scope = backend.forRequest(requestWith(cookie));
    await expect(scope.auth.getUser()).resolves.toMatchObject({ id: userId, email });
    const [sent] = fake.sent("GET", "/auth/v1/user");
    expectAnonKeyAndBearer(sent!, "user");
    // Asked once per request, however often the route asks.
    await scope.auth.getUser();
    expect(fake.sent("GET", "/auth/v1/user")).toHaveLength(1);
    expect(scope.responseHeaders.getSetCookie()).toEqual([]);
  });

  test("a tampered session cookie is ignored without asking Supabase", async () => {
    const cookie = await signedInCookie();
    fake.requests.length = 0;
    const tampered = cookie.replace(/base64-(\w)/, (_, first: string) => `base64-${first === "e" ? "f" : "e"}`);
    await expect(backend.forRequest(requestWith(tampered)).auth.getUser()).resolves.toBeNull();
    const unsigned = cookie.replace(/\.[\w-]{43}(?=;|$)/g, "");
    await expect(backend.forRequest(requestWith(unsigned)).auth.getUser()).resolves.toBeNull();
    expect(fake.requests).toEqual([]);
  });

  test.each([
    { secondsLeft: 60, refreshes: true },
    { secondsLeft: 90, refreshes: true },
    { secondsLeft: 91, refreshes: false },
    { secondsLeft: 3600, refreshes: false },
  ])("a session with $secondsLeft s left is refreshed: $refreshes", async ({ secondsLeft, refreshes }) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-06-01T12:00:00.000Z"));
    const cookie = await signedInCookie(secondsLeft);
    fake.on("POST", "/auth/v1/token", (sent) =>
      sent.url.searchParams.get("grant_type") === "refresh_token"
        ? json(fakeSession(user, 3600, "refresh-2"))
        : json({}, 400),
    );
    fake.requests.length = 0;

    const scope = backend.forRequest(requestWith(cookie));
    await expect(scope.auth.getUser()).resolves.toMatchObject({ id: userId });
    const refreshCalls = fake.sent("POST", "/auth/v1/token?grant_type=refresh_token");
    expect(refreshCalls).toHaveLength(refreshes ? 1 : 0);
    if (refreshes) {
      expect(refreshCalls[0]?.body).toEqual({ refresh_token: "refresh-1" });
      expect(refreshCalls[0]?.headers.get("apikey")).toBe(ANON_KEY);
      // The refreshed session goes back to the browser.
      const refreshedCookie = cookiesAfter(scope.responseHeaders);
      expect(refreshedCookie).toContain(`${AUTH_COOKIE}`);
      const stored = backend.forRequest(requestWith(refreshedCookie));
      fake.requests.length = 0;
      await stored.auth.getUser();
      expect(fake.sent("POST", "/auth/v1/token")).toEqual([]);
    } else {
      expect(scope.responseHeaders.getSetCookie()).toEqual([]);
    }
  });

  test("a refresh answered 503 is retried with backoff; a refused refresh token signs out", async () => {
    const cookie = await signedInCookie(30);
    let attempts = 0;
    fake.on("POST", "/auth/v1/token", () => {
      attempts += 1;
      return attempts === 1 ? json({ message: "unavailable" }, 503) : json(fakeSession(user, 3600, "refresh-2"));
    });
    await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toMatchObject({ id: userId });
    expect(attempts).toBe(2);

    fake.on("POST", "/auth/v1/token", () =>
      json(
        { code: 400, error_code: "refresh_token_not_found", msg: "Invalid Refresh Token: Refresh Token Not Found" },
        400,
      ),
    );
    await expect(backend.forRequest(requestWith(cookie)).auth.getUser()).resolves.toBeNull();
  });

  test.each([502, 503, 504])(
    "Supabase Auth answering %i makes getUser throw 'unavailable', not sign out",
    async (status) => {
      const cookie = await signedInCookie();
      fake.on("GET", "/auth/v1/user", () => json({ message: "gateway" }, status));
      await expectBackendError(backend.forRequest(requestWith(cookie)).auth.getUser(), "unavailable", /try again/i);
    },
  );

  test.each([
    {
      status: 400,
      body: { error_code: "invalid_credentials", msg: "Invalid login credentials" },
      code: "invalid_credentials",
      message: /Invalid login credentials/,
    },
    {
      status: 400,
      body: { error_code: "email_not_confirmed", msg: "Email not confirmed" },
      code: "email_not_confirmed",
      message: /Email not confirmed/,
    },
    {
      status: 429,
      body: { error_code: "over_request_rate_limit", msg: "Request rate limit reached" },
      code: "too_many_attempts",
      message: /rate limit/,
    },
    { status: 502, body: { message: "Bad gateway" }, code: "unavailable", message: /try again/i },
    { status: 503, body: { message: "Unavailable" }, code: "unavailable", message: /try again/i },
    { status: 504, body: { message: "Timeout" }, code: "unavailable", message: /try again/i },
  ] as const)("sign-in answered $status ($code) shows the right message", async ({ status, body, code, message }) => {
    fake.on("POST", "/auth/v1/token", () => json({ code: status, ...body }, status));
    const scope = backend.forRequest(requestWith());
    await expectBackendError(scope.auth.signInWithPassword({ email, password: "x" }), code, message);
    expect(scope.responseHeaders.getSetCookie()).toEqual([]);
  });

  test("sign-in when Supabase cannot be reached at all is 'unavailable'", async () => {
    // supabase-js logs the failed fetch itself.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const offline = createSupabaseBackend({
      url: SUPABASE_URL,
      anonKey: ANON_KEY,
      cookieSecrets: ["s"],
      secureCookies: false,
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    await expectBackendError(
      offline.forRequest(requestWith()).auth.signInWithPassword({ email, password: "x" }),
      "unavailable",
    );
    expect(logged).toHaveBeenCalled();
  });

  test("sign-up sends the name and the e-mail redirect; without a session it awaits confirmation (PKCE verifier kept)", async () => {
    fake.on("POST", "/auth/v1/signup", () =>
      json({ ...fakeUser(userId, email, { full_name: "Ada" }), identities: [] }),
    );
    const scope = backend.forRequest(requestWith());
    const result = await scope.auth.signUp({
      email,
      password: "long enough 1",
      fullName: " Ada ",
      emailRedirectTo: "http://shop.test/auth/callback",
    });
    expect(result).toMatchObject({ signedIn: false, user: { id: userId, fullName: "Ada" } });
    const [sent] = fake.sent("POST", "/auth/v1/signup");
    expect(sent?.url.searchParams.get("redirect_to")).toBe("http://shop.test/auth/callback");
    expect(sent?.body).toMatchObject({
      email,
      password: "long enough 1",
      data: { full_name: "Ada" },
      code_challenge_method: "s256",
    });
    expect(scope.responseHeaders.getSetCookie().join()).toContain(`${AUTH_COOKIE}-code-verifier=`);
  });

  test("sign-out ends the session on Supabase (scope local) and clears the cookies", async () => {
    const cookie = await signedInCookie();
    fake.on("POST", "/auth/v1/logout", () => json({}, 204));
    const scope = backend.forRequest(requestWith(cookie));
    await scope.auth.signOut();
    const [sent] = fake.sent("POST", "/auth/v1/logout");
    expect(sent?.url.searchParams.get("scope")).toBe("local");
    expectAnonKeyAndBearer(sent!, "user");
    const cleared = scope.responseHeaders.getSetCookie();
    expect(cleared.some((setCookie) => setCookie.startsWith(`${AUTH_COOKIE}=;`) && /Max-Age=0/i.test(setCookie))).toBe(
      true,
    );
    await expect(scope.auth.getUser()).resolves.toBeNull();
    // Signed out already: nothing to do.
    fake.requests.length = 0;
    await backend.forRequest(requestWith()).auth.signOut();
    expect(fake.requests).toEqual([]);
  });

  test("password recovery e-mail, Google OAuth start and the code exchange", async () => {
    fake.on("POST", "/auth/v1/recover", () => json({}));
    const recovery = backend.forRequest(requestWith());
    await recovery.auth.requestPasswordReset({ email, redirectTo: "http://shop.test/auth/reset" });
    const [recover] = fake.sent("POST", "/auth/v1/recover");
    expect(recover?.url.searchParams.get("redirect_to")).toBe("http://shop.test/auth/reset");
    expect(recover?.body).toMatchObject({ email });

    const start = backend.forRequest(requestWith());
    const { url } = await start.auth.startOAuth({ provider: "google", redirectTo: "http://shop.test/auth/callback" });
    const authorize = new URL(url);
    expect(authorize.origin + authorize.pathname).toBe(`${SUPABASE_URL}/auth/v1/authorize`);
    expect(authorize.searchParams.get("provider")).toBe("google");
    expect(authorize.searchParams.get("redirect_to")).toBe("http://shop.test/auth/callback");
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();
    const verifierCookie = cookiesAfter(start.responseHeaders);
    expect(verifierCookie).toContain(`${AUTH_COOKIE}-code-verifier=`);

    fake.on("POST", "/auth/v1/token", () => json(fakeSession(user)));
    const callback = backend.forRequest(requestWith(verifierCookie));
    await expect(callback.auth.exchangeCodeForSession({ code: "the-code" })).resolves.toMatchObject({ id: userId });
    const [exchange] = fake.sent("POST", "/auth/v1/token?grant_type=pkce");
    expect(exchange?.body).toMatchObject({ auth_code: "the-code" });
    expect((exchange?.body as { code_verifier: string }).code_verifier.length).toBeGreaterThan(40);
    expect(cookiesAfter(callback.responseHeaders)).toContain(`${AUTH_COOKIE}=`);
  });

  test("a link's code Supabase no longer knows, or one opened in another browser, is an invalid link", async () => {
    const start = backend.forRequest(requestWith());
    await start.auth.startOAuth({ provider: "google", redirectTo: "http://shop.test/auth/callback" });
    const verifierCookie = cookiesAfter(start.responseHeaders);
    fake.on("POST", "/auth/v1/token", () =>
      json(
        { code: 404, error_code: "flow_state_not_found", msg: "invalid flow state, no valid flow state found" },
        404,
      ),
    );
    await expectBackendError(
      backend.forRequest(requestWith(verifierCookie)).auth.exchangeCodeForSession({ code: "used-code" }),
      "invalid_link",
      /already been used or has expired/,
    );
    // No PKCE verifier cookie: supabase-js refuses before asking Supabase.
    fake.requests.length = 0;
    await expectBackendError(
      backend.forRequest(requestWith()).auth.exchangeCodeForSession({ code: "c" }),
      "invalid_link",
    );
    expect(fake.requests).toEqual([]);
  });

  test("a reset needs a session Supabase opened from a recovery link; it sends the password, then replaces that session", async () => {
    await expectBackendError(
      backend.forRequest(requestWith()).auth.resetPassword({ password: "new secret 1" }),
      "not_authenticated",
    );
    const ordinary = await signedInCookie();
    await expect(backend.forRequest(requestWith(ordinary)).auth.hasRecoveryGrant()).resolves.toBe(false);
    await expectBackendError(
      backend.forRequest(requestWith(ordinary)).auth.resetPassword({ password: "new secret 1" }),
      "recovery_required",
    );
    expect(fake.sent("PUT", "/auth/v1/user")).toEqual([]);

    // A session whose token says it began with a recovery link a minute ago.
    const recovered = [{ method: "recovery", timestamp: Math.floor(Date.now() / 1000) - 60 }];
    fake.on("POST", "/auth/v1/token", () => json(fakeSession(user, 3600, "refresh-r", recovered)));
    const scope = backend.forRequest(requestWith());
    await scope.auth.signInWithPassword({ email, password: "correct horse" });
    const recovery = cookiesAfter(scope.responseHeaders);
    await expect(backend.forRequest(requestWith(recovery)).auth.hasRecoveryGrant()).resolves.toBe(true);

    fake.on("PUT", "/auth/v1/user", () => json(user));
    fake.on("POST", "/auth/v1/logout", () => new Response(null, { status: 204 }));
    fake.on("POST", "/auth/v1/token", () => json(fakeSession(user, 3600, "refresh-p")));
    fake.requests.length = 0;
    const resetting = backend.forRequest(requestWith(recovery));
    await expect(resetting.auth.resetPassword({ password: "new secret 1" })).resolves.toMatchObject({ id: userId });
    const [sent] = fake.sent("PUT", "/auth/v1/user");
    expect(sent?.body).toMatchObject({ password: "new secret 1" });
    expectAnonKeyAndBearer(sent!, "user");
    // The recovery session ends (only it: scope local), and a session signed in with the new password replaces it.
    expect(fake.sent("POST", "/auth/v1/logout?scope=local")).toHaveLength(1);
    const [signIn] = fake.sent("POST", "/auth/v1/token?grant_type=password");
    expect(signIn?.body).toMatchObject({ email, password: "new secret 1" });
    await expect(
      backend.forRequest(requestWith(cookiesAfter(resetting.responseHeaders, recovery))).auth.hasRecoveryGrant(),
    ).resolves.toBe(false);
  });

  test("a recovery session's grant lasts 15 minutes from the link, by the time Supabase signed into the token", () => {
    const now = 2_000_000_000;
    const token = (amr: unknown) => `x.${Buffer.from(JSON.stringify({ sub: userId, amr })).toString("base64url")}.sig`;
    expect(openedByRecoveryWithin(token([{ method: "recovery", timestamp: now - 14 * 60 }]), 15 * 60, now)).toBe(true);
    expect(
      openedByRecoveryWithin(
        token([
          { method: "password", timestamp: now - 60 },
          { method: "recovery", timestamp: now - 16 * 60 },
        ]),
        15 * 60,
        now,
      ),
    ).toBe(false);
    expect(openedByRecoveryWithin(token([{ method: "password", timestamp: now - 60 }]), 15 * 60, now)).toBe(false);
    expect(openedByRecoveryWithin(token([{ method: "recovery", timestamp: now + 3600 }]), 15 * 60, now)).toBe(false);
    expect(openedByRecoveryWithin(token("recovery"), 15 * 60, now)).toBe(false);
    expect(openedByRecoveryWithin("not a token", 15 * 60, now)).toBe(false);
  });
});

describe("supabase backend: account safety (decision 0015)", () => {
  test("sign out everywhere asks Supabase to end every session (scope global) and clears the cookies", async () => {
    const cookie = await signedInCookie();
    fake.on("POST", "/auth/v1/logout", () => json({}, 204));
    const scope = backend.forRequest(requestWith(cookie));
    await scope.auth.signOutEverywhere();
    const [sent] = fake.sent("POST", "/auth/v1/logout");
    expect(sent?.url.searchParams.get("scope")).toBe("global");
    expectAnonKeyAndBearer(sent!, "user");
    const cleared = scope.responseHeaders.getSetCookie();
    expect(cleared.some((setCookie) => setCookie.startsWith(`${AUTH_COOKIE}=;`) && /Max-Age=0/i.test(setCookie))).toBe(
      true,
    );
    await expect(scope.auth.getUser()).resolves.toBeNull();
    // Signed out already: nothing to do.
    fake.requests.length = 0;
    await backend.forRequest(requestWith()).auth.signOutEverywhere();
    expect(fake.requests).toEqual([]);
  });

  test("changing the password checks the current one first: a wrong one sends no change", async () => {
    await expectBackendError(
      backend.forRequest(requestWith()).auth.changePassword({ currentPassword: "x", password: "new secret 1" }),
      "not_authenticated",
    );
    const cookie = await signedInCookie();
    fake.requests.length = 0;
    fake.on("POST", "/auth/v1/token", () =>
      json({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" }, 400),
    );
    await expectBackendError(
      backend
        .forRequest(requestWith(cookie))
        .auth.changePassword({ currentPassword: "not it", password: "new secret 1" }),
      "invalid_credentials",
      /current password/i,
    );
    const [check] = fake.sent("POST", "/auth/v1/token?grant_type=password");
    expect(check?.body).toMatchObject({ email, password: "not it" });
    expect(fake.sent("PUT", "/auth/v1/user")).toEqual([]);

    // Right: the proving session is ended at once (scope local, its own token), then the password is set.
    fake.on("POST", "/auth/v1/token", () => json(fakeSession(user, 3600, "refresh-proof")));
    fake.on("POST", "/auth/v1/logout", () => json({}, 204));
    fake.on("PUT", "/auth/v1/user", () => json(user));
    const scope = backend.forRequest(requestWith(cookie));
    await expect(
      scope.auth.changePassword({ currentPassword: "correct horse", password: "new secret 1" }),
    ).resolves.toMatchObject({
      id: userId,
    });
    const [logout] = fake.sent("POST", "/auth/v1/logout");
    expect(logout?.url.searchParams.get("scope")).toBe("local");
    const [change] = fake.sent("PUT", "/auth/v1/user");
    expect(change?.body).toMatchObject({ password: "new secret 1", current_password: "correct horse" });
    expectAnonKeyAndBearer(change!, "user");
    // This browser keeps its session: the proof's sign-in set no cookie here.
    expect(scope.responseHeaders.getSetCookie().filter((setCookie) => /Max-Age=0/i.test(setCookie))).toEqual([]);
  });
});

describe("supabase backend: data through PostgREST with the user's token", () => {
  let cookie: string;

  beforeEach(async () => {
    cookie = await signedInCookie();
    fake.requests.length = 0;
  });

  const scope = () => backend.forRequest(requestWith(cookie));

  test("cart: reads and changes rows filtered by the user, adds and merges through functions", async () => {
    fake.on("GET", "/rest/v1/cart_items", () => json([{ product_id: "clip-1", quantity: 2 }]));
    fake.on("POST", "/rest/v1/rpc/add_to_cart", () => json({ product_id: "clip-1", quantity: 3, capped: false }));
    fake.on("POST", "/rest/v1/cart_items", () => json(null, 201));
    fake.on("DELETE", "/rest/v1/cart_items", (sent) =>
      sent.url.searchParams.get("select") ? json([{ product_id: "acc-3" }]) : json(null, 204),
    );
    fake.on("POST", "/rest/v1/rpc/merge_cart", () => json([{ product_id: "clip-1", quantity: 5 }]));

    expect(await scope().carts.list({ userId })).toEqual([{ productId: "clip-1", quantity: 2 }]);
    expect(await scope().carts.add({ userId, productId: "clip-1", quantity: 1 })).toEqual({
      productId: "clip-1",
      quantity: 3,
      capped: false,
    });
    expect(await scope().carts.setQuantity({ userId, productId: "acc-1", quantity: 120 })).toEqual({
      productId: "acc-1",
      quantity: 99,
      capped: true,
    });
    await scope().carts.setQuantity({ userId, productId: "acc-1", quantity: 0 });
    expect(await scope().carts.remove({ userId, productId: "clip-1" })).toBe(true);
    await scope().carts.clear({ userId });
    expect(
      await scope().carts.merge({
        userId,
        lines: [
          { productId: "clip-1", quantity: 3 },
          { productId: "x", quantity: 0 },
        ],
      }),
    ).toEqual([{ productId: "clip-1", quantity: 5 }]);
    expect(await scope().carts.removeProductsNotIn({ userId, productIds: ["clip-1", 'odd"id'] })).toEqual(["acc-3"]);

    const paths = fake.requests
      .filter((sent) => sent.path.startsWith("/rest/"))
      .map((sent) => `${sent.method} ${sent.path}`);
    expect(paths).toEqual([
      `GET /rest/v1/cart_items?select=product_id,quantity&user_id=eq.${userId}&order=created_at.asc,product_id.asc`,
      "POST /rest/v1/rpc/add_to_cart",
      "POST /rest/v1/cart_items?on_conflict=user_id,product_id",
      `DELETE /rest/v1/cart_items?user_id=eq.${userId}&product_id=eq.acc-1`,
      `DELETE /rest/v1/cart_items?user_id=eq.${userId}&product_id=eq.clip-1&select=product_id`,
      `DELETE /rest/v1/cart_items?user_id=eq.${userId}`,
      "POST /rest/v1/rpc/merge_cart",
      `DELETE /rest/v1/cart_items?user_id=eq.${userId}&product_id=not.in.("clip-1","odd\\"id")&select=product_id`,
    ]);
    const rest = fake.requests.filter((sent) => sent.path.startsWith("/rest/"));
    for (const sent of rest) expectAnonKeyAndBearer(sent, "user");
    expect(rest[1]?.body).toEqual({ p_product_id: "clip-1", p_quantity: 1 });
    expect(rest[2]?.body).toEqual({ user_id: userId, product_id: "acc-1", quantity: 99 });
    expect(rest[2]?.headers.get("Prefer")).toMatch(/resolution=merge-duplicates/);
    expect(rest[6]?.body).toEqual({ p_lines: [{ product_id: "clip-1", quantity: 3 }] });
  });

  test("a call naming another user than the one Supabase Auth verified for the session is refused before it leaves", async () => {
    const someoneElse = "0b6a3e55-8e1c-4d4e-b1f5-7f5c9a0d2c31";
    await expectBackendError(
      scope().carts.add({ userId: someoneElse, productId: "clip-1", quantity: 1 }),
      "not_authenticated",
    );
    expect(fake.sent("POST", "/rest/v1/rpc/add_to_cart")).toEqual([]);
    // The session's own user goes through, bound by member().
    fake.on("GET", "/rest/v1/cart_items", () => json([]));
    const member = await scope().member();
    expect(member.userId).toBe(userId);
    expect(await member.carts.list()).toEqual([]);
    expect(fake.sent("GET", "/rest/v1/cart_items")[0]?.url.searchParams.get("user_id")).toBe(`eq.${userId}`);
  });

  test("a guest order and a newsletter sign-up go out with the anon key as bearer", async () => {
    fake.on("POST", "/rest/v1/rpc/place_order", () =>
      json({
        id: "o",
        user_id: null,
        status: "pending",
        total_amount: 2400,
        currency: "usd",
        email: "guest@example.com",
        shipping_address: shipping,
        created_at: "2030-01-01T00:00:00Z",
        order_items: [],
      }),
    );
    fake.on("POST", "/rest/v1/rpc/subscribe_to_newsletter", () => json(null, 204));
    const visitor = backend.forRequest(requestWith());
    await visitor.orders.place({
      userId: null,
      items: [{ productId: "acc-2", quantity: 1 }],
      shippingAddress: shipping,
      shippingMethod: "express",
      email: "guest@example.com",
      idempotencyKey: "key-0123456789abcdef",
    });
    await visitor.newsletter.subscribe({ email: "news@example.com" });
    const [place, subscribe] = fake.requests;
    expectAnonKeyAndBearer(place!, "anon");
    // The method rides with the address (place_order's signature is unchanged); no amount is sent.
    expect(place?.body).toMatchObject({ p_shipping: { ...shipping, method: "express" } });
    expect(JSON.stringify(place?.body)).not.toMatch(/amount/);
    expectAnonKeyAndBearer(subscribe!, "anon");
    expect(subscribe?.body).toEqual({ p_email: "news@example.com" });
  });

  test("a call naming another user, or a visitor naming a user, is refused before any request", async () => {
    await expectBackendError(scope().carts.list({ userId: otherUserId }), "not_authenticated");
    await expectBackendError(backend.forRequest(requestWith()).orders.listForUser({ userId }), "not_authenticated");
    await expectBackendError(
      scope().orders.place({
        userId: null,
        items: [],
        shippingAddress: shipping,
        shippingMethod: "standard",
        email,
        idempotencyKey: "k".repeat(20),
      }),
      "not_authorized",
    );
    expect(fake.requests.filter((sent) => sent.path.startsWith("/rest/"))).toEqual([]);
  });

  test.each([
    {
      body: { code: "LB001", message: "Product not found: nope" },
      status: 400,
      code: "product_not_found",
      message: /Product not found\./,
    },
    {
      body: { code: "LB002", message: "Out of stock: wig-2" },
      status: 400,
      code: "out_of_stock",
      message: /out of stock/i,
    },
    { body: { code: "LB003", message: "Quantities..." }, status: 400, code: "invalid_quantity", message: /1 to 99/ },
    {
      body: { code: "LB004", message: "A valid e-mail address is required." },
      status: 400,
      code: "invalid_input",
      message: /valid e-mail/,
    },
    { body: { code: "LB005", message: "key" }, status: 400, code: "conflict", message: /already used/ },
    {
      body: { code: "LB007", message: "Your cart has changed since this order was made up." },
      status: 400,
      code: "cart_changed",
      message: /cart has changed/,
    },
    {
      body: { code: "42501", message: "permission denied for table orders" },
      status: 403,
      code: "not_authorized",
      message: /not allowed/,
    },
    {
      body: { code: "PGRST301", message: "JWT expired" },
      status: 401,
      code: "not_authenticated",
      message: /sign in again/,
    },
    { body: { message: "Bad gateway" }, status: 502, code: "unavailable", message: /try again/ },
    { body: { message: "Unavailable" }, status: 503, code: "unavailable", message: /try again/ },
    { body: { message: "Timeout" }, status: 504, code: "unavailable", message: /try again/ },
    { body: { code: "XX000", message: "internal" }, status: 500, code: "unexpected", message: /went wrong/ },
  ] as const)("a function answering $status $body.code becomes '$code'", async ({ body, status, code, message }) => {
    fake.on("POST", "/rest/v1/rpc/place_order", () => json(body, status));
    await expectBackendError(
      scope().orders.place({
        userId,
        items: [{ productId: "clip-1", quantity: 1 }],
        shippingAddress: shipping,
        shippingMethod: "standard",
        email,
        idempotencyKey: "key-0123456789abcdef",
      }),
      code,
      message,
    );
    // Writes are never retried: a repeated POST could act twice.
    expect(fake.sent("POST", "/rest/v1/rpc/place_order")).toHaveLength(1);
  });

  test("a read answered 503 is retried (Retry-After), and 'unavailable' once retries run out", async () => {
    let attempts = 0;
    fake.on("GET", "/rest/v1/cart_items", () => {
      attempts += 1;
      return attempts === 1 ? json({ message: "schema cache loading" }, 503, { "Retry-After": "0" }) : json([]);
    });
    await expect(scope().carts.list({ userId })).resolves.toEqual([]);
    expect(attempts).toBe(2);

    fake.on("GET", "/rest/v1/cart_items", () => json({ message: "down" }, 503, { "Retry-After": "0" }));
    await expectBackendError(scope().carts.list({ userId }), "unavailable");
  });

  test("a network failure on a write is 'unavailable'", async () => {
    fake.on("POST", "/rest/v1/rpc/add_to_cart", () => {
      throw new TypeError("fetch failed");
    });
    await expectBackendError(scope().carts.add({ userId, productId: "clip-1", quantity: 1 }), "unavailable");
  });
});

describe("supabase backend: start-up check", () => {
  test("ping reads the catalogue's version with the anon key", async () => {
    fake.on("GET", "/rest/v1/catalogue_state", () => json([{ version: 1 }]));
    await expect(backend.ping()).resolves.toBeUndefined();
    const [sent] = fake.sent("GET", "/rest/v1/catalogue_state");
    expectAnonKeyAndBearer(sent!, "anon");
  });

  test.each([
    { answer: () => json({ message: "Invalid API key" }, 401), message: /refused SUPABASE_ANON_KEY/ },
    {
      answer: () => json({ code: "PGRST205", message: "Could not find the table 'public.catalogue_state'" }, 404),
      message: /supabase db push/,
    },
    { answer: () => json({ message: "down" }, 503), message: /answered HTTP 503/ },
    {
      answer: () => {
        throw new TypeError("fetch failed");
      },
      message:
        /Cannot reach Supabase at https:\/\/abcdefghijklmnopqrst\.supabase\.co: fetch failed\. Check SUPABASE_URL/,
    },
  ])("a misconfigured project stops start-up: $message", async ({ answer, message }) => {
    fake.on("GET", "/rest/v1/catalogue_state", answer);
    await expectBackendError(backend.ping(), "unavailable", message);
  });
});

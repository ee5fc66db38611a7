import { createTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  expectRedirect,
  get,
  post,
  testContext,
  toastOf,
  uniqueEmail,
} from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { backendFor, setBackendForTests } from "~/backend/backend.server";
import { BackendError } from "~/backend/errors";
import type { AuthPort } from "~/backend/ports/auth";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import { getSession } from "~/modules/auth/session.server";
import { loader as callbackLoader } from "~/routes/auth/callback";
import { action as forgotAction, loader as forgotLoader } from "~/routes/auth/forgot-password";
import { loader as googleLoader } from "~/routes/auth/google";
import { action as authAction, loader as authLoader } from "~/routes/auth/sign-in";

// The screens' side of a backend that sends e-mail and runs Google's OAuth itself (Supabase). The
// Supabase adapter has its own tests; here a stand-in with the same capabilities answers like it:
// sign-up waits for the e-mail confirmation, and codes from links become sessions on /auth/callback.

const SUPABASE_AUTHORIZE = "https://project.supabase.co/auth/v1/authorize";
const codes = new Map<string, string>();
const resetRequests: Array<{ email: string; redirectTo: string }> = [];

function hostedBackend(sql: Backend): Backend {
  const perRequest = new WeakMap<Request, RequestBackend>();
  return {
    ...sql,
    capabilities: { sendsEmail: true, linksWorkInAnyBrowser: false, hostedOAuth: true },
    // The project's Google provider is on (Authentication > Providers).
    hostedOAuthProviders: async () => ["google"],
    forRequest(request, responseHeaders) {
      let scoped = perRequest.get(request);
      if (!scoped) {
        const inner = sql.forRequest(request, responseHeaders);
        const auth: AuthPort = {
          ...inner.auth,
          async signUp({ email, password }) {
            // Creates the account, but no session until the address is confirmed.
            const created = await sql.forRequest(new Request("http://localhost/")).auth.signUp({ email, password });
            return { user: created.user, signedIn: false };
          },
          async startOAuth({ provider, redirectTo }) {
            inner.responseHeaders.append("Set-Cookie", "sb-code-verifier=verifier; Path=/; HttpOnly; SameSite=Lax");
            return { url: `${SUPABASE_AUTHORIZE}?${new URLSearchParams({ provider, redirect_to: redirectTo })}` };
          },
          async exchangeCodeForSession({ code }) {
            const email = codes.get(code);
            if (!email) throw new BackendError("invalid_input", "invalid flow state, no valid flow state found");
            return inner.auth.signInWithVerifiedIdentity({ provider: "google", email });
          },
          async requestPasswordReset(input) {
            resetRequests.push(input);
          },
        };
        scoped = { ...inner, auth };
        perRequest.set(request, scoped);
      }
      return scoped;
    },
  };
}

let close: () => Promise<void>;

beforeAll(async () => {
  const { backend } = await createTestBackend();
  setBackendForTests(hostedBackend(backend));
  close = () => backend.close();
});

afterAll(async () => {
  setBackendForTests(undefined);
  await close();
});

describe("on a backend that sends e-mail and hosts OAuth", () => {
  test("sign-up stays on the page and asks the shopper to confirm the address (decision 0016)", async () => {
    const email = uniqueEmail();
    const result = await call(
      authAction,
      post("/auth?mode=signup", { intent: "signup", email, password: "correct-horse-battery" }),
    );
    expect(result.status).toBe(200);
    expect(result.location).toBeNull();
    expect(result.data?.notice).toEqual({
      title: "Account created!",
      description: "Please check your email to verify your account.",
    });
    // Said on the page, where it stays while the shopper goes to their mailbox; not also as a toast.
    expect(await toastOf(result)).toBeNull();
    expect(result.data?.result.initialValue).toMatchObject({ email });
    expect(result.data?.result.initialValue).not.toHaveProperty("password");
    expect(result.headers.getSetCookie().join()).not.toMatch(/shop_session=[^;]/);
  });

  test("'Continue with Google' redirects to the backend's OAuth with our callback and the PKCE cookie", async () => {
    expect((await call(authLoader, get("/auth"))).data).toMatchObject({ google: "hosted" });
    const result = await call(googleLoader, get("/auth/google?redirectTo=%2Forders"));
    expect(result.location?.startsWith(SUPABASE_AUTHORIZE)).toBe(true);
    const redirectTo = new URL(result.location!).searchParams.get("redirect_to");
    expect(redirectTo).toBe("http://localhost/auth/callback?next=%2Forders");
    expect(result.headers.getSetCookie()).toContain("sb-code-verifier=verifier; Path=/; HttpOnly; SameSite=Lax");
  });

  test("the callback turns the code into a session and goes to `next` with 'Welcome back!'", async () => {
    const email = uniqueEmail("oauth");
    codes.set("good-code", email);
    const jar = new CookieJar();
    const result = await call(callbackLoader, get("/auth/callback?code=good-code&next=%2Forders", jar));
    expectRedirect(result, "/orders");
    expect(await toastOf(result)).toMatchObject({ title: "Welcome back!" });
    jar.store(result.headers);
    expect((await getSession(get("/", jar), testContext())).user).toMatchObject({ email });
  });

  test("the callback never leaves the site, and a recovery link opens the reset page without a toast", async () => {
    codes.set("code-2", uniqueEmail("oauth"));
    expectRedirect(await call(callbackLoader, get("/auth/callback?code=code-2&next=https%3A%2F%2Fevil.example")), "/");
    codes.set("code-3", uniqueEmail("recovery"));
    const recovery = await call(callbackLoader, get("/auth/callback?code=code-3&next=%2Freset-password"));
    expectRedirect(recovery, "/reset-password");
    expect(await toastOf(recovery)).toBeNull();
  });

  test("a code that cannot be exchanged comes back to /auth with the backend's message", async () => {
    const result = await call(callbackLoader, get("/auth/callback?code=unknown"));
    expectRedirect(result, "/auth");
    expect(await toastOf(result)).toMatchObject({
      type: "error",
      description: "invalid flow state, no valid flow state found",
    });
  });

  test("forgot password sends the recovery e-mail with a link back through /auth/callback", async () => {
    expect((await call(forgotLoader, get("/forgot-password"))).data).toEqual({
      sendsEmail: true,
      // Supabase's links work only in the browser that asked for them: the page says to open it there.
      anyBrowser: false,
      constraint: { email: { required: true, maxLength: 320 } },
      typedEmail: null,
    });
    const email = uniqueEmail();
    const result = await call(forgotAction, post("/forgot-password", { email }));
    expect(result.status).toBe(200);
    expect(result.data?.sent).toBe(true);
    expect(resetRequests.at(-1)).toEqual({
      email,
      redirectTo: "http://localhost/auth/callback?next=%2Freset-password",
    });
  });

  test("forgot password shows the backend's refusal (e.g. its rate limit)", async () => {
    const request = post("/forgot-password", { email: uniqueEmail() });
    vi.spyOn((await backendFor(request, testContext())).auth, "requestPasswordReset").mockRejectedValueOnce(
      new BackendError("too_many_attempts", "For security purposes, you can only request this after 60 seconds."),
    );
    const result = await call(forgotAction, request);
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.[""]).toEqual([
      "For security purposes, you can only request this after 60 seconds.",
    ]);
  });

  test("forgot password is limited per client: past the limit a 429 that says when to retry, the address kept", async () => {
    const client = { clientIp: "198.51.100.23" };
    const sentBefore = resetRequests.length;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await call(forgotAction, post("/forgot-password", { email: uniqueEmail() }), client)).status).toBe(200);
    }
    const email = uniqueEmail();
    const refused = await call(forgotAction, post("/forgot-password", { email }), client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data?.sent).toBe(false);
    expect(refused.data?.result.error?.[""]?.[0]).toMatch(
      /^Too many attempts from your network\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect(refused.data?.result.initialValue).toMatchObject({ email });
    expect(resetRequests.length - sentBefore).toBe(5);
    // Another address is not affected.
    expect((await call(forgotAction, post("/forgot-password", { email }), { clientIp: "198.51.100.24" })).status).toBe(
      200,
    );
  });
});

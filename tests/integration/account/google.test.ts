import { installTestBackend } from "#tests/support/pglite";
import { call, CookieJar, expectRedirect, get, testContext, toastOf, uniqueEmail } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { getSession } from "~/modules/auth/session.server";
import { loader as googleLoader } from "~/routes/auth/google";
import { loader as googleCallbackLoader } from "~/routes/auth/google-callback";
import { loader as authLoader } from "~/routes/auth/sign-in";

// Google through the app (remix-auth-google): the embedded backend has no hosted OAuth. Hoisted above the
// imports: the environment is read once, and importing the routes already reads it (the catalogue does).
vi.hoisted(() => {
  vi.stubEnv("GOOGLE_CLIENT_ID", "test-client-id.apps.googleusercontent.com");
  vi.stubEnv("GOOGLE_CLIENT_SECRET", "test-client-secret");
});

let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ uninstall } = await installTestBackend());
});

afterAll(async () => {
  await uninstall();
  vi.unstubAllEnvs();
});

interface GoogleUser {
  email: string;
  email_verified: boolean;
  name?: string;
}

/** Google's token and userinfo endpoints, faked at the network edge. */
function fakeGoogle(user: GoogleUser) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === "https://oauth2.googleapis.com/token") {
      return Response.json({
        access_token: "google-access-token",
        token_type: "Bearer",
        expires_in: 3599,
        id_token: "id",
      });
    }
    if (url === "https://www.googleapis.com/oauth2/v3/userinfo") {
      return Response.json({ sub: "1234567890", picture: "https://lh3.googleusercontent.com/a/photo", ...user });
    }
    throw new Error(`Unexpected fetch in test: ${url}`);
  });
}

async function startAt(path: string) {
  const jar = new CookieJar();
  const start = await call(googleLoader, get(path));
  jar.store(start.headers);
  const google = new URL(start.location ?? "");
  return { jar, start, google, state: google.searchParams.get("state") ?? "" };
}

describe("Google sign-in through remix-auth-google", () => {
  test("the /auth page offers it", async () => {
    expect((await call(authLoader, get("/auth"))).data).toMatchObject({ google: "app" });
  });

  test("starts with a redirect to Google carrying our client id, callback and an unguessable state", async () => {
    const { start, google, state, jar } = await startAt("/auth/google?redirectTo=%2Forders");
    expect(start.status).toBe(302);
    expect(`${google.origin}${google.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(google.searchParams.get("client_id")).toBe("test-client-id.apps.googleusercontent.com");
    expect(google.searchParams.get("redirect_uri")).toBe("http://localhost/auth/google/callback");
    expect(state).toMatch(/^[0-9a-f-]{36}$/);
    expect(jar.get("oauth_state")).toBeTruthy();
    expect(jar.get("oauth_return_to")).toBeTruthy();
  });

  test("the callback signs in the owner of a verified address and returns to where they started", async () => {
    const email = uniqueEmail("google");
    const { jar, state } = await startAt("/auth/google?redirectTo=%2Forders");
    fakeGoogle({ email, email_verified: true, name: "Gia Google" });
    const result = await call(googleCallbackLoader, get(`/auth/google/callback?state=${state}&code=auth-code`, jar));
    expectRedirect(result, "/orders");
    expect(await toastOf(result)).toMatchObject({ title: "Welcome back!" });
    jar.store(result.headers);
    expect(jar.get("oauth_state")).toBeUndefined();
    expect(jar.get("oauth_return_to")).toBeUndefined();
    expect((await getSession(get("/", jar), testContext())).user).toMatchObject({ email, fullName: "Gia Google" });
  });

  test("an address Google has not verified is refused", async () => {
    const email = uniqueEmail("unverified");
    const { jar, state } = await startAt("/auth/google");
    fakeGoogle({ email, email_verified: false });
    const result = await call(googleCallbackLoader, get(`/auth/google/callback?state=${state}&code=auth-code`, jar));
    expectRedirect(result, "/auth");
    expect(await toastOf(result)).toMatchObject({
      type: "error",
      title: "Error",
      description: expect.stringMatching(/verified/),
    });
    jar.store(result.headers);
    expect((await getSession(get("/", jar), testContext())).user).toBeNull();
  });

  test("a callback whose state does not match is refused (and logged)", async () => {
    const { jar } = await startAt("/auth/google?redirectTo=%2Fprofile");
    const fetchSpy = fakeGoogle({ email: uniqueEmail(), email_verified: true });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await call(googleCallbackLoader, get("/auth/google/callback?state=forged&code=auth-code", jar));
    expectRedirect(result, "/auth?redirectTo=%2Fprofile");
    expect(await toastOf(result)).toMatchObject({
      type: "error",
      description: "Google sign-in did not complete. Please try again.",
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });

  test("cancelling on Google's page comes back with a message", async () => {
    const { jar, state } = await startAt("/auth/google");
    const result = await call(
      googleCallbackLoader,
      get(`/auth/google/callback?state=${state}&error=access_denied`, jar),
    );
    expectRedirect(result, "/auth");
    expect(await toastOf(result)).toMatchObject({ description: "Google sign-in was cancelled." });
  });
});

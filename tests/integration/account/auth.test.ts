import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  expectRedirect,
  get,
  post,
  setCookiesOf,
  testContext,
  toastOf,
  uniqueEmail,
} from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { signedCookie } from "~/http/cookies.server";
import { getSession } from "~/modules/auth/session.server";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { wishlistCookie } from "~/modules/wishlist/wishlist-cookie.server";
import { loader as profileLoader } from "~/routes/account/profile";
import { loader as callbackLoader } from "~/routes/auth/callback";
import { action as forgotAction, loader as forgotLoader } from "~/routes/auth/forgot-password";
import { loader as googleLoader } from "~/routes/auth/google";
import { action as resendAction } from "~/routes/auth/resend-confirmation";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import { action as authAction, loader as authLoader } from "~/routes/auth/sign-in";
import { action as signOutAction, loader as signOutLoader } from "~/routes/auth/sign-out";

let backend: Backend;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
});

afterAll(async () => {
  await uninstall();
});

const PASSWORD = "correct-horse-battery";

async function signUp(email = uniqueEmail(), jar = new CookieJar()) {
  const result = await call(
    authAction,
    post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }, jar),
  );
  jar.store(result.headers);
  return { email, jar, result };
}

async function signedInUser(jar: CookieJar) {
  return (await getSession(get("/", jar), testContext())).user;
}

describe("/auth page", () => {
  test("opens Sign In by default and Sign Up with ?mode=signup, without JavaScript", async () => {
    expect((await call(authLoader, get("/auth"))).data).toMatchObject({ mode: "signin", redirectTo: "/" });
    expect((await call(authLoader, get("/auth?mode=signup"))).data).toMatchObject({ mode: "signup" });
  });

  test("says Google sign-in is not set up when neither Supabase nor Google credentials are configured", async () => {
    expect((await call(authLoader, get("/auth"))).data).toMatchObject({ google: "unavailable" });
    const result = await call(googleLoader, get("/auth/google?redirectTo=%2Forders"));
    expectRedirect(result, "/auth?redirectTo=%2Forders");
    expect(await toastOf(result)).toMatchObject({ title: "Google sign-in unavailable", type: "info" });
  });

  test("keeps only a same-site redirectTo", async () => {
    expect((await call(authLoader, get("/auth?redirectTo=%2Forders"))).data).toMatchObject({ redirectTo: "/orders" });
    expect((await call(authLoader, get("/auth?redirectTo=https%3A%2F%2Fevil.example"))).data).toMatchObject({
      redirectTo: "/",
    });
  });

  test("sends signed-in visitors home, for the page and for a post", async () => {
    const { jar } = await signUp();
    expectRedirect(await call(authLoader, get("/auth", jar)), "/");
    expectRedirect(
      await call(authAction, post("/auth", { intent: "signin", email: uniqueEmail(), password: PASSWORD }, jar)),
      "/",
    );
  });
});

describe("the address typed into 'Resend confirmation email'", () => {
  test("comes back in the sign-in form after the backend's refusal, once, and never in the URL", async () => {
    const email = uniqueEmail();
    const resend = await call(resendAction, post("/auth/resend", { email, redirectTo: "/orders" }));
    expectRedirect(resend, "/auth?redirectTo=%2Forders");
    expect(await toastOf(resend)).toMatchObject({
      type: "error",
      description: expect.stringMatching(/cannot send e-mail/),
    });
    const jar = new CookieJar().store(resend.headers);
    const page = await call(authLoader, get(resend.location!, jar));
    expect(page.data).toMatchObject({ mode: "signin", redirectTo: "/orders", typedEmail: email });
    jar.store(page.headers);
    expect((await call(authLoader, get(resend.location!, jar))).data?.typedEmail).toBeNull();
  });

  test("a flash cookie holding what no address field would take, or badly signed, shows nothing and is cleared", async () => {
    const flash = signedCookie("auth-email");
    for (const email of ["ada\u0000@example.com", "a".repeat(321), ""]) {
      const page = await call(
        authLoader,
        get("/auth", new CookieJar().store(await setCookiesOf((jar) => flash.write(jar, { email })))),
      );
      expect(page.data?.typedEmail).toBeNull();
      expect(page.headers.getSetCookie().some((header) => header.startsWith("auth-email=;"))).toBe(true);
    }
    const forged = `auth-email=${encodeURIComponent(`${btoa(JSON.stringify({ email: "forged@example.com" }))}.forged`)}`;
    expect((await call(authLoader, get("/auth", forged))).data?.typedEmail).toBeNull();
  });
});

describe("sign up", () => {
  test("creates the account and, on a backend without e-mail, signs the shopper in and says so", async () => {
    const { email, jar, result } = await signUp();
    expectRedirect(result, "/");
    expect(result.status).toBe(303);
    expect(await toastOf(result)).toMatchObject({
      title: "Account created!",
      description: "Your account is ready and you are signed in.",
      type: "success",
    });
    expect(await signedInUser(jar)).toMatchObject({ email });
  });

  test("an address already in use shows the backend's message, keeps the e-mail and clears the password", async () => {
    const { email } = await signUp();
    const result = await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }));
    expect(result.status).toBe(400);
    expect(result.data?.result.error).toMatchObject({ "": ["User already registered"] });
    expect(result.data?.result.initialValue).toMatchObject({ email });
    expect(result.data?.result.initialValue).not.toHaveProperty("password");
    // On the form only: no toast repeats it.
    expect(await toastOf(result)).toBeNull();
    expect(result.headers.getSetCookie().join()).not.toMatch(/shop_session=[^;]/);
  });

  test("a weak password is refused with the backend's reason", async () => {
    const result = await call(
      authAction,
      post("/auth?mode=signup", { intent: "signup", email: uniqueEmail(), password: "short" }),
    );
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.[""]).toEqual(["Password should be at least 8 characters."]);
  });

  test("missing fields are refused before the backend is asked", async () => {
    const result = await call(authAction, post("/auth", { intent: "signin", email: "" }));
    expect(result.status).toBe(400);
    expect(result.data?.result.error).toMatchObject({
      email: ["Email is required"],
      password: ["Password is required"],
    });
    expect(await toastOf(result)).toBeNull();
  });
});

describe("sign in", () => {
  test("goes home with 'Welcome back!' and a working session", async () => {
    const { email } = await signUp();
    const jar = new CookieJar();
    const result = await call(authAction, post("/auth", { intent: "signin", email, password: PASSWORD }, jar));
    expectRedirect(result, "/");
    expect(await toastOf(result)).toMatchObject({
      title: "Welcome back!",
      description: "You have successfully signed in.",
    });
    jar.store(result.headers);
    expect(await signedInUser(jar)).toMatchObject({ email });
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const { email } = await signUp();
    const result = await call(authAction, post("/auth", { intent: "signin", email, password: PASSWORD }));
    const sessionCookie = result.headers.getSetCookie().find((cookie) => cookie.startsWith("shop_session="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
  });

  test("goes on to a same-site redirectTo", async () => {
    const { email } = await signUp();
    const result = await call(
      authAction,
      post("/auth?redirectTo=%2Forders", { intent: "signin", email, password: PASSWORD, redirectTo: "/orders?page=2" }),
    );
    expectRedirect(result, "/orders?page=2");
  });

  test.each(["https://evil.example/phish", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "refuses to redirect off the site (%s)",
    async (redirectTo) => {
      const { email } = await signUp();
      const result = await call(authAction, post("/auth", { intent: "signin", email, password: PASSWORD, redirectTo }));
      expectRedirect(result, "/");
    },
  );

  test("a wrong password shows the backend's message, keeps the e-mail and clears the password", async () => {
    const { email } = await signUp();
    const jar = new CookieJar();
    const result = await call(authAction, post("/auth", { intent: "signin", email, password: "wrong-password" }, jar));
    expect(result.status).toBe(400);
    expect(result.data?.result.error).toMatchObject({ "": ["Invalid login credentials"] });
    expect(result.data?.result.initialValue).toEqual({ intent: "signin", email });
    expect(await toastOf(result)).toBeNull();
    jar.store(result.headers);
    expect(await signedInUser(jar)).toBeNull();
  });

  test("repeated failures for an address are refused with a clear message", async () => {
    const { email } = await signUp();
    let last;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      last = await call(authAction, post("/auth", { intent: "signin", email, password: "wrong-password" }));
    }
    expect(last?.status).toBe(429);
    expect(last?.data?.result.error?.[""]?.[0]).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/,
    );
  });

  test("merges the visitor's cookie cart and wishlist into the stored ones and empties the cookies", async () => {
    const { email } = await signUp();
    const jar = new CookieJar();
    jar.store(await setCookiesOf((visitor) => cartCookie.write(visitor, [{ productId: "clip-1", quantity: 2 }])));
    jar.store(await setCookiesOf((visitor) => wishlistCookie.write(visitor, ["wig-3", "acc-1"])));
    const result = await call(authAction, post("/auth", { intent: "signin", email, password: PASSWORD }, jar));
    expectRedirect(result, "/");
    jar.store(result.headers);
    expect(jar.get("cart")).toBeUndefined();
    expect(jar.get("wishlist")).toBeUndefined();
    const session = await getSession(get("/", jar), testContext());
    expect(await session.backend.carts.list({ userId: session.user!.id })).toEqual([
      { productId: "clip-1", quantity: 2 },
    ]);
    expect((await session.backend.wishlist.list({ userId: session.user!.id })).sort()).toEqual(["acc-1", "wig-3"]);
  });
});

describe("sign out", () => {
  test("ends the session on the backend, clears the cookie and says 'Signed out'", async () => {
    const { jar } = await signUp();
    const oldCookies = jar.header();
    const result = await call(signOutAction, post("/sign-out", {}, jar));
    expectRedirect(result, "/");
    expect(await toastOf(result)).toMatchObject({
      title: "Signed out",
      description: "You have been successfully signed out.",
    });
    jar.store(result.headers);
    expect(jar.get("shop_session")).toBeUndefined();
    // The old cookie is worthless now: the session row is gone.
    const replayed = new Request("http://localhost/", { headers: { Cookie: oldCookies } });
    expect(await backend.forRequest(replayed).auth.getUser()).toBeNull();
  });

  test("a GET does not sign anyone out", async () => {
    const { jar } = await signUp();
    expectRedirect(await call(signOutLoader, get("/sign-out", jar)), "/");
    expect(await signedInUser(jar)).not.toBeNull();
  });
});

describe("sessions", () => {
  test("a tampered session cookie counts as signed out", async () => {
    const { jar } = await signUp();
    const value = jar.get("shop_session")!;
    const last = value.at(-1) === "A" ? "B" : "A";
    jar.set("shop_session", `${value.slice(0, -1)}${last}`);
    expect(await signedInUser(jar)).toBeNull();
    expectRedirect(await call(profileLoader, get("/profile", jar)), "/auth?redirectTo=%2Fprofile");
  });

  test("a cookie forged without the secret counts as signed out", async () => {
    const jar = new CookieJar().set("shop_session", encodeURIComponent(btoa(JSON.stringify("a".repeat(43)))));
    expect(await signedInUser(jar)).toBeNull();
  });
});

describe("e-mail links and password recovery on a backend without e-mail", () => {
  test("'Forgot password?' after a failed sign-in opens with the address typed, once, never in the URL", async () => {
    const { email } = await signUp();
    const jar = new CookieJar();
    const failed = await call(
      authAction,
      post("/auth", { intent: "signin", email, password: "not-the-password" }, jar),
    );
    expect(failed.status).toBe(400);
    jar.store(failed.headers);
    const forgot = await call(forgotLoader, get("/forgot-password", jar));
    expect(forgot.data).toMatchObject({ typedEmail: email });
    jar.store(forgot.headers);
    expect((await call(forgotLoader, get("/forgot-password", jar))).data).toMatchObject({ typedEmail: null });
  });

  test("forgot password says plainly that this shop cannot send e-mail", async () => {
    expect((await call(forgotLoader, get("/forgot-password"))).data).toEqual({
      sendsEmail: false,
      anyBrowser: true,
      // The schema's rules as attributes, so that the browser checks the address even without JavaScript.
      constraint: { email: { required: true, maxLength: 320 } },
      typedEmail: null,
    });
    const result = await call(forgotAction, post("/forgot-password", { email: uniqueEmail() }));
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.[""]?.[0]).toMatch(/cannot send email/);
  });

  test("the e-mail link callback refuses codes it cannot exchange with a page that says so, and provider errors with a toast", async () => {
    const result = await call(callbackLoader, get("/auth/callback?code=abc&next=%2Freset-password"));
    expect(result).toMatchObject({
      status: 410,
      data: { problem: "This link is invalid, has already been used or has expired." },
    });
    const providerError = await call(
      callbackLoader,
      get("/auth/callback?error=access_denied&error_description=Call+us+at+555"),
    );
    expect((await toastOf(providerError))?.description).not.toMatch(/555/);
  });

  test("a session alone cannot set a new password: without a recovery link the shopper goes to the form that asks for the current one", async () => {
    const { email, jar } = await signUp();
    expectRedirect(await call(resetLoader, get("/reset-password", jar)), "/profile?password=1");
    const result = await call(
      resetAction,
      post("/reset-password", { password: "new-password-1", confirmPassword: "new-password-1" }, jar),
    );
    expectRedirect(result, "/profile?password=1");

    expectRedirect(await call(authAction, post("/auth", { intent: "signin", email, password: PASSWORD })), "/");
    expect(
      (await call(authAction, post("/auth", { intent: "signin", email, password: "new-password-1" }))).status,
    ).toBe(400);
  });

  test("the reset page needs a signed-in shopper", async () => {
    expectRedirect(
      await call(
        resetAction,
        post("/reset-password", { password: "new-password-1", confirmPassword: "new-password-1" }),
      ),
      "/auth?redirectTo=%2Freset-password",
    );
  });
});

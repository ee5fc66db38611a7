// Decision 0015: changing the password from the profile needs the current one, and 'Sign out everywhere'
// ends every session of the account. Through the route functions, over a real (PGlite) backend.
import { installTestBackend } from "#tests/support/pglite";
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
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { getSession } from "~/modules/auth/session.server";
import { accountRateLimitRules, rateLimitRules } from "~/modules/limits/rate-limits.server";
import { action as profileAction, headers as profileHeaders, loader as profileLoader } from "~/routes/account/profile";
import { action as resetPasswordAction } from "~/routes/auth/reset-password";
import { action as authAction } from "~/routes/auth/sign-in";

let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ uninstall } = await installTestBackend());
});

afterAll(async () => {
  await uninstall();
});

const password = "correct-horse-battery";

/** A new account signed in on two devices (two cookie jars). */
async function shopperOnTwoDevices() {
  const email = uniqueEmail();
  const phone = new CookieJar();
  phone.store(
    (await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password }, phone))).headers,
  );
  const laptop = new CookieJar();
  laptop.store((await call(authAction, post("/auth", { intent: "signin", email, password }, laptop))).headers);
  return { email, phone, laptop };
}

async function signedIn(jar: CookieJar) {
  return (await getSession(get("/", jar), testContext())).user;
}

describe("changing the password on /profile", () => {
  test("a wrong current password: 400, an error on that field, nothing typed echoed back, nothing changed", async () => {
    const { email, phone, laptop } = await shopperOnTwoDevices();
    const result = await call(
      profileAction,
      post(
        "/profile?password=1",
        {
          intent: "change-password",
          currentPassword: "not my password",
          password: "new-password-123",
          confirmPassword: "new-password-123",
        },
        phone,
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      form: "password",
      result: { status: "error", error: { currentPassword: ["Your current password is not correct."] } },
    });
    expect(JSON.stringify(result.data)).not.toMatch(/not my password|new-password-123/);
    // Both devices still signed in; the old password still works, the new one does not.
    expect(await signedIn(phone)).toMatchObject({ email });
    expect(await signedIn(laptop)).toMatchObject({ email });
    const withNew = await call(authAction, post("/auth", { intent: "signin", email, password: "new-password-123" }));
    expect(withNew.status).toBe(400);
  });

  test("the right current password: the new one is set, this device stays signed in, the other is signed out", async () => {
    const { email, phone, laptop } = await shopperOnTwoDevices();
    const result = await call(
      profileAction,
      post(
        "/profile?password=1",
        {
          intent: "change-password",
          currentPassword: password,
          password: "new-password-123",
          confirmPassword: "new-password-123",
        },
        phone,
      ),
    );
    expectRedirect(result, "/profile");
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Password changed" });
    phone.store(result.headers);
    expect(await signedIn(phone)).toMatchObject({ email });
    expect(await signedIn(laptop)).toBeNull();
    expectRedirect(await call(profileLoader, get("/profile", laptop)), "/auth?redirectTo=%2Fprofile");
    const withNew = await call(authAction, post("/auth", { intent: "signin", email, password: "new-password-123" }));
    expect(withNew.status).toBe(303);
  });

  const guess = (jar: CookieJar, currentPassword: string, clientIp?: string) =>
    call(
      profileAction,
      post(
        "/profile?password=1",
        {
          intent: "change-password",
          username: "typed-username",
          currentPassword,
          password: "new-password-123",
          confirmPassword: "new-password-123",
        },
        jar,
      ),
      { clientIp },
    );

  test("guesses of the current password are limited per client: then a 429 on the form, nothing changed", async () => {
    const { email, phone } = await shopperOnTwoDevices();
    const client = "198.51.100.61";
    for (let attempt = 0; attempt < rateLimitRules.changePassword[0].points; attempt += 1) {
      expect((await guess(phone, `guess-${attempt}`, client)).status).toBe(400);
    }
    // Refused before the password is checked, the right one too.
    const refused = await guess(phone, password, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data?.form).toBe("password");
    expect(refused.data?.result.error?.[""]?.[0]).toMatch(
      /^Too many attempts from your network\. Please try again in \d+ (second|minute)s?\.$/,
    );
    // The other fields come back; no password does.
    expect(refused.data?.result.initialValue).toMatchObject({ intent: "change-password", username: "typed-username" });
    expect(JSON.stringify(refused.data)).not.toMatch(/correct-horse-battery|new-password-123/);
    // The page passes Retry-After on.
    const pageHeaders = new Headers(
      profileHeaders({
        actionHeaders: refused.headers,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(pageHeaders.get("Retry-After")).toBe(refused.headers.get("Retry-After"));
    expect(
      (await call(authAction, post("/auth", { intent: "signin", email, password: "new-password-123" }))).status,
    ).toBe(400);
  });

  test("guesses are limited per account too, from however many addresses; other accounts are not affected", async () => {
    const { phone } = await shopperOnTwoDevices();
    const other = await shopperOnTwoDevices();
    for (let attempt = 0; attempt < accountRateLimitRules.changePassword[0].points; attempt += 1) {
      expect((await guess(phone, `guess-${attempt}`, `203.0.113.${100 + attempt}`)).status).toBe(400);
    }
    const refused = await guess(phone, password, "203.0.113.200");
    expect(refused.status).toBe(429);
    expect(refused.data?.result.error?.[""]?.[0]).toMatch(
      /^Too many attempts for this account\. Please try again in \d+ (minute|hour)s?\.$/,
    );
    expect((await guess(other.phone, "guess", "203.0.113.200")).status).toBe(400);
  });

  test("a missing current password is a field error, and the page opens the form again", async () => {
    const { phone } = await shopperOnTwoDevices();
    const result = await call(
      profileAction,
      post(
        "/profile?password=1",
        { intent: "change-password", password: "new-password-123", confirmPassword: "new-password-123" },
        phone,
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      form: "password",
      result: { error: { currentPassword: ["Please enter your current password"] } },
    });
    const page = await call(profileLoader, get("/profile?password=1", phone));
    expect(page.data).toMatchObject({ changingPassword: true, editing: false });
  });

  // With the link's grant it does: tests/integration/mail/account-links.test.ts follows the e-mailed link.
  test("the reset page does not set a password for a session that did not come from a recovery link", async () => {
    const { email, phone } = await shopperOnTwoDevices();
    const reset = await call(
      resetPasswordAction,
      post("/reset-password", { password: "linked-password-1", confirmPassword: "linked-password-1" }, phone),
    );
    // A session alone is sent to the form that asks for the current password.
    expectRedirect(reset, "/profile?password=1");
    const withNew = await call(authAction, post("/auth", { intent: "signin", email, password: "linked-password-1" }));
    expect(withNew.status).toBe(400);
  });
});

describe("'Sign out everywhere' on /profile", () => {
  test("ends every session of the account: this device goes to /auth, the other meets /auth on its next request", async () => {
    const { phone, laptop } = await shopperOnTwoDevices();
    const other = await shopperOnTwoDevices();
    const result = await call(profileAction, post("/profile", { intent: "sign-out-everywhere" }, phone));
    expectRedirect(result, "/auth");
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Signed out everywhere" });
    expect(result.headers.getSetCookie().some((setCookie) => /^shop_session=;.*Max-Age=0/i.test(setCookie))).toBe(true);
    phone.store(result.headers);

    expect(await signedIn(phone)).toBeNull();
    expect(await signedIn(laptop)).toBeNull();
    expectRedirect(await call(profileLoader, get("/profile", laptop)), "/auth?redirectTo=%2Fprofile");
    // Another account is untouched.
    expect(await signedIn(other.phone)).toMatchObject({ email: other.email });
  });

  test("a visitor's post goes to /auth like the rest of the profile", async () => {
    expectRedirect(
      await call(profileAction, post("/profile", { intent: "sign-out-everywhere" })),
      "/auth?redirectTo=%2Fprofile",
    );
  });
});

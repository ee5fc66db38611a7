import { createTestMailSender } from "#tests/support/mail-sender";
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
  type RouteResult,
} from "#tests/support/route-calls";
import { linksIn, startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from "#tests/support/smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { setBackendForTests } from "~/backend/backend.server";
import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { CONTROL_CHARACTER_MESSAGE } from "~/forms/form-text";
import { getSession } from "~/modules/auth/session.server";
import { rateLimitRules } from "~/modules/limits/rate-limits.server";
import type { MailSender } from "~/modules/mail/sender.server";
import { action as profileAction } from "~/routes/account/profile";
import { loader as callbackLoader } from "~/routes/auth/callback";
import { action as forgotAction, loader as forgotLoader } from "~/routes/auth/forgot-password";
import { action as resendAction } from "~/routes/auth/resend-confirmation";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import { action as authAction, loader as authLoader } from "~/routes/auth/sign-in";
import { action as signOutAction } from "~/routes/auth/sign-out";

// Address confirmation and password reset on the embedded backend when the shop sends e-mail (decision 0016),
// through the routes a browser posts to and a real SMTP server.

let backend: Backend;
let db: SqlDatabase;
let smtp: TestSmtpServer;
let sender: MailSender;

beforeAll(async () => {
  ({ backend, db } = await createTestBackend({ sendsEmail: true }));
  setBackendForTests(backend);
  smtp = await startTestSmtpServer();
  sender = createTestMailSender(backend.outbox!, smtp);
});
afterAll(async () => {
  await sender.stop();
  setBackendForTests(undefined);
  await backend.close();
  await smtp.stop();
});

const PASSWORD = "correct-horse-battery";

/** Delivers what is due and returns the newest message to `email`. */
async function latestMailTo(email: string): Promise<ReceivedMail> {
  const before = smtp.received.length;
  await sender.runOnce();
  await smtp.waitFor(before + 1);
  const mail = smtp.received.findLast((received) => received.recipients.includes(email));
  if (!mail) throw new Error(`No message to ${email}`);
  return mail;
}

async function signIn(email: string, password: string, jar = new CookieJar()) {
  const result = await call(authAction, post("/auth", { intent: "signin", email, password }, jar));
  jar.store(result.headers);
  return { result, jar };
}

const signedInUser = async (jar: CookieJar) => (await getSession(get("/", jar), testContext())).user;

/**
 * What the sign-in form on /auth shows in its address field after a resend's redirect, then on the next visit: the
 * address comes in a flash cookie, read once, never in the URL.
 */
async function addressShownAfter(resend: RouteResult): Promise<[string | null | undefined, string | null | undefined]> {
  expect(resend.location).not.toContain("@");
  const jar = new CookieJar().store(resend.headers);
  const page = await call(authLoader, get(resend.location!, jar));
  jar.store(page.headers);
  const again = await call(authLoader, get(resend.location!, jar));
  return [page.data?.typedEmail, again.data?.typedEmail];
}

describe("address confirmation on sign-up", () => {
  test("sign-up does not sign in; the link confirms and signs in, once", async () => {
    const email = uniqueEmail();
    const signUpJar = new CookieJar();
    const signUp = await call(
      authAction,
      post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }, signUpJar),
    );
    signUpJar.store(signUp.headers);
    expect(signUp.status).toBe(200);
    expect(signUp.data).toMatchObject({
      notice: { title: "Account created!", description: "Please check your email to verify your account." },
    });
    expect(await signedInUser(signUpJar)).toBeNull();

    // Before confirming: the right password is refused with a way to get the link again.
    const early = await signIn(email, PASSWORD);
    expect(early.result.status).toBe(400);
    expect(early.result.data).toMatchObject({ unconfirmedEmail: email });
    expect(JSON.stringify(early.result.data)).toContain("Email not confirmed");

    const mail = await latestMailTo(email);
    expect(mail.parsed.subject).toBe("Confirm your Luxe Strands account");
    const [link] = linksIn(mail);
    expect(link).toMatch(/^http:\/\/localhost\/auth\/callback\?confirmed=1&code=[\w-]{43}$/);
    // Only a hash is stored.
    const code = new URL(link!).searchParams.get("code")!;
    expect(await db.query("select 1 from auth.email_link_tokens where token_hash = $1", [code])).toEqual([]);
    expect(await db.query("select 1 from public.outbox where secret = $1", [code])).toEqual([]);

    const jar = new CookieJar();
    const followed = await call(callbackLoader, get(link!, jar));
    jar.store(followed.headers);
    expectRedirect(followed, "/");
    // A new member is greeted as one, not "Welcome back!".
    expect(await toastOf(followed)).toMatchObject({
      title: "Welcome!",
      description: "Your email address is confirmed and you are signed in.",
    });
    expect(await signedInUser(jar)).toMatchObject({ email });

    const again = await call(callbackLoader, get(link!));
    expect(again.status).toBe(410);
    expect((await signIn(email, PASSWORD)).result.status).toBe(303);

    // Opened again where the member is signed in: not a "sign in to resend" page, but home with the state of things.
    const signedInAgain = await call(callbackLoader, get(link!, jar));
    expectRedirect(signedInAgain, "/");
    expect(await toastOf(signedInAgain)).toMatchObject({
      type: "info",
      title: "Already confirmed",
      description: "You are signed in and your email address is confirmed.",
    });
    expect(await signedInUser(jar)).toMatchObject({ email });
  });

  test("an address that has an account gets the same answer as a new one; its owner gets an e-mail, nothing else changes", async () => {
    const { email } = await confirmedMember();
    const fresh = await call(
      authAction,
      post("/auth?mode=signup", { intent: "signup", email: uniqueEmail(), password: "typed-by-someone" }),
    );
    const taken = await call(
      authAction,
      post("/auth?mode=signup", { intent: "signup", email: email.toUpperCase(), password: "typed-by-someone" }),
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.data?.notice).toEqual(fresh.data?.notice);
    expect(taken.data?.result.status).toBe(fresh.data?.result.status);
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());

    const mail = await latestMailTo(email);
    expect(mail.parsed.subject).toBe("Someone tried to create a Luxe Strands account with your address");
    expect(mail.parsed.text).toContain("already has one");
    expect(linksIn(mail)).toEqual(
      expect.arrayContaining(["http://localhost/auth", "http://localhost/forgot-password"]),
    );
    // One account, its password unchanged.
    expect(await db.query("select 1 from auth.users where lower(email) = lower($1)", [email])).toHaveLength(1);
    expect((await signIn(email, PASSWORD)).result.status).toBe(303);
    expect((await signIn(email, "typed-by-someone")).result.status).toBe(400);
  });

  test("resending sends a new link at most once a minute, and says the same for any address", async () => {
    const email = uniqueEmail();
    await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }));
    const countLinks = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from auth.email_link_tokens t join auth.users u on u.id = t.user_id where u.email = $1",
          [email],
        )
      )[0]!.n;
    expect(await countLinks()).toBe(1);
    // The sign-up's own link went out just now: a resend inside the minute sends nothing more.
    const resend = await call(resendAction, post("/auth/resend", { email }));
    expectRedirect(resend, "/auth");
    expect(await toastOf(resend)).toMatchObject({ title: "Check your email" });
    expect(await addressShownAfter(resend)).toEqual([email, null]);
    expect(await countLinks()).toBe(1);
    // A minute later it does.
    await db.query(
      "update auth.email_link_tokens set created_at = created_at - interval '2 minutes' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    await call(resendAction, post("/auth/resend", { email }));
    expect(await countLinks()).toBe(2);
    const unknown = await call(resendAction, post("/auth/resend", { email: uniqueEmail() }));
    expect(await toastOf(unknown)).toMatchObject({ title: "Check your email" });
  });

  test("resending is limited per client: past the limit the toast says when to retry and nothing is sent", async () => {
    const email = uniqueEmail();
    await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }));
    // Past the backend's own minute, so that only our limit can hold the next link back.
    await db.query(
      "update auth.email_link_tokens set created_at = created_at - interval '2 minutes' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const countLinks = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from auth.email_link_tokens t join auth.users u on u.id = t.user_id where u.email = $1",
          [email],
        )
      )[0]!.n;
    const client = { clientIp: "198.51.100.51" };
    // An invalid form is answered first and costs nothing; what was typed is shown again, to correct.
    const invalid = await call(resendAction, post("/auth/resend", { email: "not-an-email" }), client);
    expect(await toastOf(invalid)).toMatchObject({ type: "error" });
    expect(await addressShownAfter(invalid)).toEqual(["not-an-email", null]);
    for (let attempt = 0; attempt < rateLimitRules.resendConfirmation[0].points; attempt += 1) {
      const resend = await call(resendAction, post("/auth/resend", { email: uniqueEmail() }), client);
      expect(await toastOf(resend)).toMatchObject({ title: "Check your email" });
    }

    const refused = await call(resendAction, post("/auth/resend", { email, redirectTo: "/checkout" }), client);
    expectRedirect(refused, "/auth?redirectTo=%2Fcheckout");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const toast = await toastOf(refused);
    expect(toast).toMatchObject({ type: "error" });
    expect(toast?.description).toMatch(
      /^Too many attempts from your network\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect(await addressShownAfter(refused)).toEqual([email, null]);
    expect(await countLinks()).toBe(1);

    // Another client is not affected.
    await call(resendAction, post("/auth/resend", { email }), { clientIp: "198.51.100.52" });
    expect(await countLinks()).toBe(2);
  });

  test("an expired link is refused with a clear page", async () => {
    const email = uniqueEmail();
    await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }));
    const [link] = linksIn(await latestMailTo(email));
    await db.query(
      "update auth.email_link_tokens set expires_at = now() - interval '1 second' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    const result = await call(callbackLoader, get(link!));
    expect(result).toMatchObject({
      status: 410,
      data: { problem: "This link is invalid, has already been used or has expired." },
    });
    expect((await signIn(email, PASSWORD)).result.status).toBe(400);
  });
});

/** A member who signed up and followed the confirmation link: signed in in `otherSession`. */
async function confirmedMember() {
  const email = uniqueEmail();
  await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }));
  const [link] = linksIn(await latestMailTo(email));
  const jar = new CookieJar();
  jar.store((await call(callbackLoader, get(link!, jar))).headers);
  return { email, otherSession: jar };
}

describe("password reset", () => {
  test("answers the same whether or not the account exists; the link sets a new password and ends every other session", async () => {
    expect((await call(forgotLoader, get("/forgot-password"))).data).toMatchObject({ sendsEmail: true });
    const { email, otherSession } = await confirmedMember();
    expect(await signedInUser(otherSession)).toMatchObject({ email });

    const known = await call(forgotAction, post("/forgot-password", { email }));
    const unknown = await call(forgotAction, post("/forgot-password", { email: uniqueEmail() }));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // The same answer but for the address typed, which the form shows back.
    const answer = (result: typeof known) => ({
      sent: result.data?.sent,
      status: result.data?.result.status,
      error: result.data?.result.error,
    });
    expect(answer(known)).toEqual({ sent: true, status: "success", error: undefined });
    expect(answer(unknown)).toEqual(answer(known));

    const mail = await latestMailTo(email);
    expect(mail.parsed.subject).toBe("Reset your Luxe Strands password");
    const [link] = linksIn(mail);
    expect(link).toMatch(/^http:\/\/localhost\/auth\/callback\?next=%2Freset-password&code=[\w-]{43}$/);

    const jar = new CookieJar();
    const followed = await call(callbackLoader, get(link!, jar));
    jar.store(followed.headers);
    expectRedirect(followed, "/reset-password");
    expect((await call(resetLoader, get("/reset-password", jar))).data).toMatchObject({ email });
    const mismatch = await call(
      resetAction,
      post("/reset-password", { password: "brand-new-password", confirmPassword: "nope" }, jar),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.data?.result.error).toMatchObject({ confirmPassword: ["Passwords do not match"] });
    const control = "brand-new\u0000password";
    const refused = await call(
      resetAction,
      post("/reset-password", { password: control, confirmPassword: control }, jar),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.password).toEqual([CONTROL_CHARACTER_MESSAGE]);
    const saved = await call(
      resetAction,
      post("/reset-password", { password: "brand-new-password", confirmPassword: "brand-new-password" }, jar),
    );
    expectRedirect(saved, "/");
    // The link's grant is used up: setting another password now asks for the current one.
    jar.store(saved.headers);
    expectRedirect(await call(resetLoader, get("/reset-password", jar)), "/profile?password=1");

    expect(await signedInUser(jar)).toMatchObject({ email });
    expect(await signedInUser(otherSession)).toBeNull();
    expect((await signIn(email, PASSWORD)).result.status).toBe(400);
    expect((await signIn(email, "brand-new-password")).result.status).toBe(303);
    expect((await call(callbackLoader, get(link!))).status).toBe(410);
    // A used reset link opened where the member is signed in leads on to the form that changes the password.
    const signedInAgain = await call(callbackLoader, get(link!, jar));
    expectRedirect(signedInAgain, "/reset-password");
    expect(await toastOf(signedInAgain)).toMatchObject({ type: "info", title: "Already signed in" });
    expectRedirect(await call(resetLoader, get("/reset-password", jar)), "/profile?password=1");
  });

  /** A member who asked for a reset link and followed it in `jar`. */
  async function followedResetLink() {
    const member = await confirmedMember();
    await call(forgotAction, post("/forgot-password", { email: member.email }));
    const [link] = linksIn(await latestMailTo(member.email));
    const jar = new CookieJar();
    jar.store((await call(callbackLoader, get(link!, jar))).headers);
    return { ...member, link: link!, jar };
  }
  const resetWith = (jar: CookieJar | string, password: string) =>
    call(resetAction, post("/reset-password", { password, confirmPassword: password }, jar));

  test("the grant is the server's and is used once: the link's browser, its cookies saved and replayed after the reset, sets no other password", async () => {
    const { email, jar } = await followedResetLink();
    const saved = jar.header();
    const first = await resetWith(jar, "first-new-password");
    expectRedirect(first, "/");
    // Replayed as they were before the reset, alone or beside another session of the account: no grant.
    const replayed = await resetWith(saved, "hijacked-password-1");
    expectRedirect(replayed, "/profile?password=1");
    const other = await signIn(email, "first-new-password");
    const mixed = CookieJar.fromHeader(saved).store(other.result.headers);
    expectRedirect(await resetWith(mixed, "hijacked-password-2"), "/profile?password=1");
    expect((await signIn(email, "first-new-password")).result.status).toBe(303);
    expect((await signIn(email, "hijacked-password-1")).result.status).toBe(400);
  });

  test("the grant expires on the server, and ends when the password changes another way", async () => {
    const expired = await followedResetLink();
    // The cookie the browser keeps is not what counts: the session's record is.
    await db.query(
      "update auth.sessions set recovery_until = now() - interval '1 second' where user_id = (select id from auth.users where email = $1)",
      [expired.email],
    );
    expectRedirect(await call(resetLoader, get("/reset-password", expired.jar)), "/profile?password=1");

    const changed = await followedResetLink();
    const elsewhere = await signIn(changed.email, PASSWORD);
    const change = await call(
      profileAction,
      post(
        "/profile",
        {
          intent: "change-password",
          currentPassword: PASSWORD,
          password: "changed-on-profile",
          confirmPassword: "changed-on-profile",
        },
        elsewhere.jar,
      ),
    );
    expect(change.status).toBe(303);
    // The link's session ended with the others: the reset page sends it to sign in.
    expect((await call(resetLoader, get("/reset-password", changed.jar))).location).toMatch(/^\/auth/);
  });

  test("a reset link asked for before the password changed no longer works", async () => {
    const { email } = await confirmedMember();
    await call(forgotAction, post("/forgot-password", { email }));
    const [link] = linksIn(await latestMailTo(email));
    const { jar } = await signIn(email, PASSWORD);
    await call(
      profileAction,
      post(
        "/profile",
        {
          intent: "change-password",
          currentPassword: PASSWORD,
          password: "changed-first-1",
          confirmPassword: "changed-first-1",
        },
        jar,
      ),
    );
    expect((await call(callbackLoader, get(link!))).status).toBe(410);
  });
});

describe("an e-mailed link for another account, opened where someone is signed in", () => {
  test.each([
    ["a confirmation link", "confirm"],
    ["a reset link", "reset"],
  ])("%s does not switch accounts: it says whose it is and offers to sign out first", async (_name, kind) => {
    // The attacker's own account and its unused link, sent to a victim who is signed in.
    const attacker = uniqueEmail("attacker");
    await call(authAction, post("/auth?mode=signup", { intent: "signup", email: attacker, password: PASSWORD }));
    let [link] = linksIn(await latestMailTo(attacker));
    if (kind === "reset") {
      await db.query(
        "update auth.email_link_tokens set created_at = created_at - interval '2 minutes' where user_id = (select id from auth.users where email = $1)",
        [attacker],
      );
      await call(forgotAction, post("/forgot-password", { email: attacker }));
      [link] = linksIn(await latestMailTo(attacker));
    }
    const victim = await confirmedMember();

    const opened = await call(callbackLoader, get(link!, victim.otherSession));
    expect(opened.status).toBe(409);
    expect(opened.data).toMatchObject({ outcome: "other-account", linkEmail: attacker, signedInEmail: victim.email });
    expect(opened.headers.getSetCookie().filter((cookie) => cookie.startsWith("shop_session="))).toEqual([]);
    expect(await signedInUser(victim.otherSession)).toMatchObject({ email: victim.email });

    // Signing out first, then the link works (it was not used).
    const signedOut = await call(
      signOutAction,
      post("/sign-out", { redirectTo: new URL(link!).pathname + new URL(link!).search }, victim.otherSession),
    );
    victim.otherSession.store(signedOut.headers);
    expect(signedOut.location).toBe(new URL(link!).pathname + new URL(link!).search);
    const followed = await call(callbackLoader, get(signedOut.location!, victim.otherSession));
    victim.otherSession.store(followed.headers);
    expect(followed.status).toBe(303);
    expect(await signedInUser(victim.otherSession)).toMatchObject({ email: attacker });
  });

  test("the member's own link goes on as usual", async () => {
    const email = uniqueEmail();
    const signUpJar = new CookieJar();
    await call(authAction, post("/auth?mode=signup", { intent: "signup", email, password: PASSWORD }, signUpJar));
    const [link] = linksIn(await latestMailTo(email));
    const jar = new CookieJar();
    jar.store((await call(callbackLoader, get(link!, jar))).headers);
    await db.query(
      "update auth.email_link_tokens set created_at = created_at - interval '2 minutes' where user_id = (select id from auth.users where email = $1)",
      [email],
    );
    await call(forgotAction, post("/forgot-password", { email }));
    const [reset] = linksIn(await latestMailTo(email));
    expectRedirect(await call(callbackLoader, get(reset!, jar)), "/reset-password");
  });
});

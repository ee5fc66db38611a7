import type { Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { createAccount, fillAuthForm, newEmail, PASSWORD } from "./pages/account";
import { countMail, linkIn, waitForMail } from "./pages/mail";
import { act } from "./pages/navigation";

// The e-mails the shop sends (decision 0016), followed the way a shopper would, with JavaScript on and off. The e2e
// shop has no SMTP_URL, so it writes each message to its data directory, where tests/e2e/pages/mail.ts reads it.

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page) => page.getByTestId("toast");

test.describe("address confirmation", () => {
  test("signing in before confirming says so and resends the link; the link signs in", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    test.slow();
    allowHttpError(400, "/auth");
    const email = newEmail();
    await visit(page, "/auth?mode=signup");
    await fillAuthForm(page, email, PASSWORD);
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Sign Up", exact: true }).click());
    await expect(main(page).getByRole("status").filter({ hasText: "Account created!" }).first()).toContainText(
      "Please check your email to verify your account.",
    );
    await waitForMail(email, /^Confirm your Luxe Strands account$/);

    await visit(page, "/auth");
    await fillAuthForm(page, email, PASSWORD);
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Sign In", exact: true }).click());
    await expect(main(page).getByRole("alert")).toHaveText("Email not confirmed");
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Resend confirmation email" }).click());
    await expect(toast(page)).toContainText("Check your email");
    // Back on /auth, the sign-in form still holds the address (without JavaScript, from a flash cookie).
    await expect(page).toHaveURL(/\/auth$/);
    await expect(main(page).getByLabel("Email", { exact: true })).toHaveValue(email);
    // The sign-up's link went out less than a minute ago: the newest link is still that one.
    expect(await countMail(email, /^Confirm your Luxe Strands account$/)).toBe(1);

    const link = linkIn(await waitForMail(email, /^Confirm your Luxe Strands account$/), "/auth/callback");
    await visit(page, link);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByLabel("Account menu")).toBeVisible();

    // Used once. Opened again in the signed-in browser, it has nothing left to do and says so; signed out, a second
    // visit gets a page that says the link does not work.
    await visit(page, link);
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("You are signed in and your email address is confirmed.");
    await page.getByRole("banner").getByLabel("Account menu").click();
    await act(page, hasJs, () => page.getByRole("banner").getByRole("button", { name: "Sign out" }).click());
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    allowHttpError(410, "/auth/callback");
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(main(page).getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  });
});

test.describe("password reset", () => {
  test("forgot password -> e-mailed link -> new password: signed in, the old password refused", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    test.slow();
    allowHttpError(400, "/auth");
    const email = await createAccount(page, { signedIn: false });
    await visit(page, "/auth");
    // A failed sign-in, then "Forgot password?": the address typed comes along (not in the URL), with or without
    // JavaScript.
    await fillAuthForm(page, email, "not-the-password");
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Sign In", exact: true }).click());
    await expect(main(page).getByRole("alert")).toHaveText("Invalid login credentials");
    await act(page, hasJs, () => main(page).getByRole("link", { name: "Forgot password?" }).click());
    await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(main(page).getByLabel("Email", { exact: true })).toHaveValue(email);
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Send reset link" }).click());
    const sent = main(page).getByRole("status").filter({ hasText: "Check your email" }).first();
    await expect(sent).toContainText("It works once, for an hour.");
    await expect(sent).not.toContainText("this browser");

    const mail = await waitForMail(email, /^Reset your Luxe Strands password$/);
    await visit(page, linkIn(mail, "/auth/callback"));
    await expect(page).toHaveURL(/\/reset-password$/);
    // As on the profile's change-password form: the length rule under the field, read with it, and (once the page
    // runs its JavaScript) a show/hide toggle on each field.
    const newPassword = main(page).getByLabel("New password", { exact: true });
    await expect(newPassword).toHaveAccessibleDescription("At least 8 characters.");
    if (hasJs) {
      const toggle = main(page).getByRole("button", { name: "Show new password" });
      await expect(main(page).getByRole("button", { name: "Show repeated password" })).toBeVisible();
      await newPassword.fill("a-brand-new-password");
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await expect(newPassword).toHaveAttribute("type", "text");
      await toggle.click();
      await expect(newPassword).toHaveAttribute("type", "password");
    }
    await newPassword.fill("a-brand-new-password");
    await main(page).getByLabel("Repeat new password", { exact: true }).fill("a-brand-new-password");
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Save new password" }).click());
    await expect(toast(page)).toContainText("Password updated");
    await expect(page.getByRole("banner").getByLabel("Account menu")).toBeVisible();

    await page.getByRole("banner").getByLabel("Account menu").click();
    await act(page, hasJs, () => page.getByRole("banner").getByRole("button", { name: "Sign out" }).click());
    await visit(page, "/auth");
    await fillAuthForm(page, email, PASSWORD);
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Sign In", exact: true }).click());
    await expect(main(page).getByRole("alert")).toHaveText("Invalid login credentials");
    await fillAuthForm(page, email, "a-brand-new-password");
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Sign In", exact: true }).click());
    await expect(toast(page)).toContainText("Welcome back!");
  });
});

test.describe("newsletter", () => {
  test("subscribe -> confirm by the e-mailed link -> unsubscribe from the welcome message", async ({ page, hasJs }) => {
    test.slow();
    const email = `reader-${test.info().project.name}-${Date.now()}@example.com`;
    await visit(page, "/about");
    const form = page.getByRole("contentinfo").getByRole("region", { name: "Newsletter" });
    await form.getByLabel("E-mail address").fill(email);
    await act(page, hasJs, () => form.getByRole("button", { name: "Subscribe" }).click());
    await expect(toast(page)).toContainText("Please check your email to confirm your subscription.");

    // The link opens a button (a mail scanner's GET confirms nothing); the button confirms.
    await visit(
      page,
      linkIn(await waitForMail(email, /^Confirm your Luxe Strands newsletter subscription$/), "/newsletter/confirm"),
    );
    await expect(main(page).getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Yes, subscribe me" }).click());
    await expect(main(page).getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();

    const welcome = await waitForMail(email, /^Welcome to the Luxe Strands newsletter$/);
    const unsubscribe = linkIn(welcome, "/newsletter/unsubscribe");
    // The header may be folded over two lines (RFC 5322): compare it unfolded.
    const header = welcome.parsed.headerLines
      .find((line) => line.key === "list-unsubscribe")
      ?.line.replace(/\s+/g, " ");
    expect(header).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    await visit(page, unsubscribe);
    await act(page, hasJs, () => main(page).getByRole("button", { name: "Unsubscribe" }).click());
    await expect(main(page).getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  });
});

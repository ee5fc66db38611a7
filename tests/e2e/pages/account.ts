import { expect, type Page } from "@playwright/test";

import { linkIn, waitForMail } from "./mail";

// Shoppers for the account, cart and wishlist specs, made on the embedded backend of the e2e server.

export const PASSWORD = "e2e-password-123";
let shopperCount = 0;

export function newEmail() {
  shopperCount += 1;
  return `shopper-${Date.now()}-${process.pid}-${shopperCount}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Creates an account over HTTP (sharing the page's cookies) and confirms its address through the e-mailed link,
 * which signs it in; then signs out unless asked to stay signed in.
 */
export async function createAccount(page: Page, { signedIn }: { signedIn: boolean }) {
  const email = newEmail();
  const signUp = await page.request.post("/auth?mode=signup", {
    form: { intent: "signup", email, password: PASSWORD },
  });
  expect(signUp.ok()).toBe(true);
  await confirmAddress(page, email);
  if (!signedIn) expect((await page.request.post("/sign-out")).ok()).toBe(true);
  return email;
}

/** Follows the confirmation link e-mailed to `email` (over HTTP, sharing the page's cookies): signed in afterwards. */
export async function confirmAddress(page: Page, email: string) {
  const mail = await waitForMail(email, /^Confirm your Luxe Strands account$/);
  expect((await page.request.get(linkIn(mail, "/auth/callback"))).ok()).toBe(true);
}

export async function fillAuthForm(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Email", { exact: true }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
}

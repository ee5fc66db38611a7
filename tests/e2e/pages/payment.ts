import { expect, type APIResponse, type Page } from "@playwright/test";
import Stripe from "stripe";

import { shippingAddressFields as fields, shippingAddress } from "../../support/shipping";
import { type eventOf } from "../../support/stripe-stand-in.mjs";
import { visit, waitForHydration } from "../fixtures";
import { stripeWebhookSecret } from "../servers";
import { newEmail, PASSWORD } from "./account";
import { addFromProductPage } from "./cart-ui";
import { withFullPageLoad } from "./navigation";

// Card payment on the shop that runs Stripe Checkout against the local stand-in (playwright.config.ts, decision 0031),
// for the desktop and phone specs alike. The stand-in's payment page is plain HTML: 'Pay' and 'Cancel' buttons.

export async function addProducts(page: Page, hasJs: boolean, lines: Array<[productId: string, quantity: number]>) {
  for (const [productId, quantity] of lines) {
    await visit(page, `/product/${productId}`);
    await addFromProductPage(page, hasJs, quantity);
    await expect(page.getByTestId("toast")).toContainText("Added to cart");
  }
}

/** Fills the checkout form and places the order: the browser lands on the stand-in's payment page. */
export async function placeOrderAndReachPaymentPage(page: Page, email = shippingAddress.email) {
  await visit(page, "/checkout");
  for (const [label, value] of fields)
    await page.getByLabel(label, { exact: true }).fill(label === "Email" ? email : value);
  // A 303 to another site: a full page load, with or without JavaScript.
  await withFullPageLoad(page, () => page.getByRole("button", { name: /^Place Order - \$/ }).click());
  await expect(page.getByRole("heading", { name: "Pay Luxe Strands" })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/c\/pay\/cs_test_\w+$/);
}

/** A member of the card-payment shop (which sends no mail, so accounts are confirmed at once), signed in. */
export async function signUpMember(page: Page, email = newEmail()) {
  const signUp = await page.request.post("/auth?mode=signup", {
    form: { intent: "signup", email, password: PASSWORD },
  });
  expect(signUp.ok()).toBe(true);
  return email;
}

export async function pressOnPaymentPage(page: Page, button: "Pay" | "Cancel") {
  await withFullPageLoad(page, () => page.getByRole("button", { name: button, exact: true }).click());
}

/** The order card on /orders shows `status` as its badge, in the spec's colour. */
export async function expectOrderStatus(page: Page, orderNumber: string, status: string, tint: RegExp) {
  await visit(page, "/orders");
  const card = page.getByRole("article", { name: `Order #${orderNumber}` });
  // The status badge (the order's progress names the status too).
  const badge = card.locator(`[data-status="${status.toLowerCase()}"]`);
  await expect(badge).toHaveText(status);
  await expect(badge).toHaveClass(tint);
}

/** Back at the checkout after Cancel: the toast, the cart's lines in the summary, the form as it was. */
export async function expectCheckoutAsLeft(
  page: Page,
  lines: Array<[name: string, quantity: number]>,
  email = shippingAddress.email,
) {
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("toast")).toContainText("Payment cancelled");
  const summary = page.getByRole("region", { name: "Order Summary" }).getByTestId("summary-line");
  await expect(summary).toHaveCount(lines.length);
  for (const [name, quantity] of lines)
    await expect(summary.filter({ hasText: name })).toContainText(`Qty: ${quantity}`);
  for (const [label, value] of fields)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(label === "Email" ? email : value);
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue(shippingAddress.country);
  // And it can be placed again, to a new payment page.
  await waitForHydration(page);
  await withFullPageLoad(page, () => page.getByRole("button", { name: /^Place Order - \$/ }).click());
  await expect(page.getByRole("heading", { name: "Pay Luxe Strands" })).toBeVisible();
}

/**
 * On the stand-in's payment page: the Checkout Session it shows, as paid, as Stripe would send it in
 * checkout.session.completed (the page itself is left unpaid).
 */
export async function paidSessionOfPaymentPage(page: Page): Promise<Record<string, unknown>> {
  const { origin, pathname } = new URL(page.url());
  const sessionId = pathname.split("/").pop();
  const answer = await page.request.get(`${origin}/v1/checkout/sessions/${sessionId}`, {
    headers: { Authorization: "Bearer sk_test_e2e" },
  });
  expect(answer.status()).toBe(200);
  const session = (await answer.json()) as Record<string, unknown>;
  return { ...session, status: "complete", payment_status: "paid", payment_intent: `pi_test_e2e_${Date.now()}` };
}

/** Posts a Stripe event to the shop's webhook, signed as Stripe signs it (with `secret`, by default the shop's). */
export async function postStripeEvent(
  page: Page,
  event: ReturnType<typeof eventOf>,
  secret = stripeWebhookSecret,
): Promise<APIResponse> {
  const payload = JSON.stringify(event);
  return page.request.post("/webhooks/stripe", {
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    data: payload,
  });
}

/** The order number the success page shows. */
export async function successOrderNumber(page: Page): Promise<string> {
  return ((await page.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");
}

/** Whether the page shows the shipping address and the name it ships to (the checkout's `shippingAddress`). */
export async function expectShipTo(page: Page, shown: boolean) {
  const main = page.getByRole("main");
  if (shown) {
    await expect(page.getByTestId("ship-to")).toContainText(`${shippingAddress.firstName} ${shippingAddress.lastName}`);
    await expect(page.getByTestId("ship-to")).toContainText(shippingAddress.address);
    return;
  }
  await expect(page.getByTestId("ship-to")).toHaveCount(0);
  await expect(main).not.toContainText(shippingAddress.lastName);
  await expect(main).not.toContainText(shippingAddress.address);
}

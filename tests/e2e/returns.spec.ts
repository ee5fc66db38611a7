import type { Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { newEmail } from "./pages/account";
import { expectBadge, openOrder, placeOrder, signInAsStaff } from "./pages/admin";
import { act } from "./pages/navigation";
import { addProducts, placeOrderAndReachPaymentPage, pressOnPaymentPage } from "./pages/payment";
import { stripeShopPort, stripeShopURL } from "./servers";

// After the sale (issue 40, decision 0043): a delivered order refunded in part, for one line, on the card shop (the
// Stripe stand-in makes the refund of that amount) and on the manual shop (recorded as paid back by hand). The status
// moves are posted as their forms post them (their screens are admin.spec.ts's); the refund form is used on screen.

/** Ships and delivers the order open on the page, posting the status forms as the page's buttons do. */
async function deliver(page: Page, orderId: string) {
  const path = `/admin/orders/${orderId}`;
  const forms: Record<string, string>[] = [
    { intent: "move", kind: "mark-shipped", expectedStatus: "paid", carrier: "UPS", trackingNumber: "1Z999AA1" },
    { intent: "move", kind: "mark-delivered", expectedStatus: "shipped" },
  ];
  for (const form of forms) {
    const moved = await page.request.post(path, { form, maxRedirects: 0 });
    expect(moved.status(), form.kind).toBe(303);
  }
  await visit(page, path);
}

/** Refunds units of the line named `line` with the refund form, and waits for its toast. */
async function refundUnits(page: Page, hasJs: boolean, line: RegExp, units: number, reason: string) {
  const form = page.getByRole("form", { name: "Refund" });
  await form.getByLabel(line).fill(String(units));
  await form.getByLabel("Reason (the customer is told)").fill(reason);
  await act(page, hasJs, () => form.getByRole("button", { name: "Refund" }).click());
}

test.describe("card shop", () => {
  test.use({ baseURL: stripeShopURL });
  test.beforeEach(() => test.slow());

  test("a delivered card order refunded for one line: Stripe refunds that amount, the order shows it beside the status", async ({
    page,
    hasJs,
  }) => {
    await addProducts(page, hasJs, [["clip-1", 2]]);
    await placeOrderAndReachPaymentPage(page, newEmail());
    const stripeOrigin = new URL(page.url()).origin;
    await pressOnPaymentPage(page, "Pay");
    await expect(page.getByTestId("payment-status")).toHaveText("Payment received");
    const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");

    await page.context().clearCookies();
    await signInAsStaff(page, 14, stripeShopPort);
    const orderId = await openOrder(page, number);
    await deliver(page, orderId);
    const main = page.getByRole("main");
    await expectBadge(main, "delivered");
    await expect(page.getByRole("region", { name: "Refund" })).toContainText("$598.00 left to refund");
    await refundUnits(page, hasJs, /Silky Straight Clip-In Extensions/, 1, "One set did not match the shade");
    await expect(page.getByTestId("toast")).toContainText(
      "Refund of $299.00 to the card is on its way through Stripe.",
    );
    await expectBadge(main, "delivered");
    await expect(page.getByTestId("order-refunded")).toHaveText("Partly refunded $299.00");
    const paymentIntent = /pi_test_\w+/.exec((await page.getByText(/^pi_test_/).textContent()) ?? "")?.[0] ?? "";
    expect(paymentIntent).not.toBe("");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("refunds")).toContainText(/\$299\.00.*Done.*Stripe refund: re_\w+/s, {
        timeout: 1000,
      });
    }).toPass({ timeout: 30_000 });
    // What Stripe (the stand-in) holds of the payment: one refund, of the line's amount, not the whole payment.
    const atStripe = await page.request.get(`${stripeOrigin}/v1/refunds?payment_intent=${paymentIntent}`, {
      headers: { Authorization: "Bearer sk_test_e2e" },
    });
    expect((await atStripe.json()).data.map((refund: { amount: number }) => refund.amount)).toEqual([29_900]);
  });
});

test.describe("manual shop", () => {
  test("a delivered order paid by hand refunded for one line: recorded as paid back by hand, on the guest's page too", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    // The refund of more than is left is refused with a 400.
    allowHttpError(400, "/admin/orders/");
    const order = await placeOrder(page);
    const guestPage = `/order-status?order=`;
    await signInAsStaff(page, 15);
    const orderId = await openOrder(page, order.number);
    const paid = await page.request.post(`/admin/orders/${orderId}`, {
      form: { intent: "move", kind: "mark-paid", expectedStatus: "pending" },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await deliver(page, orderId);
    const form = page.getByRole("form", { name: "Refund" });
    await expect(page.getByRole("region", { name: "Refund" })).toContainText("Pay it back by hand");
    // More than is left is refused, with what was typed kept.
    await form.getByLabel(/Or an amount instead/).fill("5000");
    await form.getByLabel("Reason (the customer is told)").fill("Too much");
    await act(page, hasJs, () => form.getByRole("button", { name: "Refund" }).click());
    await expect(form).toContainText(/At most \$[\d.,]+ is left to refund on this order\. Nothing was refunded\./);
    await expect(form.getByLabel("Reason (the customer is told)")).toHaveValue("Too much");
    await form.getByLabel(/Or an amount instead/).fill("");
    await refundUnits(page, hasJs, /Boar Bristle Extension Brush/, 1, "Returned unopened");
    await expect(page.getByTestId("toast")).toContainText("Recorded $24.00 as paid back by hand.");
    await expect(page.getByTestId("order-refunded")).toHaveText(/^(Partly refunded|Refunded) \$[\d.]+$/);
    await expect(page.getByTestId("refunds")).toContainText("Paid back by hand");
    await expect(page.getByTestId("refunds")).toContainText("Returned unopened");

    // The guest's own page (this browser placed the order) says it beside the status.
    await visit(page, `${guestPage}${orderId}`);
    await expectBadge(page.getByRole("main"), "delivered");
    await expect(page.getByTestId("order-refunded")).toHaveText(/^(Partly refunded|Refunded) \$[\d.]+$/);
  });
});

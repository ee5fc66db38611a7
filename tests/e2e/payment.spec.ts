import { eventOf } from "../support/stripe-stand-in.mjs";
import { expect, test, visit } from "./fixtures";
import { newEmail } from "./pages/account";
import { expectBadge, openOrder, signInAsStaff } from "./pages/admin";
import { act } from "./pages/navigation";
import {
  addProducts,
  expectCheckoutAsLeft,
  expectOrderStatus,
  expectShipTo,
  paidSessionOfPaymentPage,
  placeOrderAndReachPaymentPage,
  postStripeEvent,
  pressOnPaymentPage,
  signUpMember,
  successOrderNumber,
} from "./pages/payment";
import { stripeShopPort, stripeShopURL } from "./servers";

/** This spec's staff slots on the card shop (servers.ts): fixed, so that a slot added for another spec is not one of them. */
const PAYMENT_STAFF_SLOTS = [10, 11] as const;

// Payment (decision 0031): the e2e's first shop takes payment manually; a third shop runs Stripe Checkout against the
// local stand-in, whose payment page has 'Pay' and 'Cancel'.

test.describe("manual payment", () => {
  test("the confirmation says how to pay", async ({ page, hasJs }) => {
    await addProducts(page, hasJs, [["acc-1", 1]]);
    await visit(page, "/checkout");
    for (const [label, value] of [
      ["First Name", "Ada"],
      ["Last Name", "Lovelace"],
      ["Email", "manual-payer@example.com"],
      ["Phone", "3105550142"],
      ["Address", "1 Rodeo Drive"],
      ["City", "Beverly Hills"],
      ["State", "CA"],
      ["ZIP Code", "90210"],
    ]) {
      await page.getByLabel(label!, { exact: true }).fill(value!);
    }
    await page.getByRole("button", { name: /^Place Order - \$/ }).click();
    await expect(page).toHaveURL(/\/order-success$/);
    const howToPay = page.getByRole("region", { name: "How to pay" });
    await expect(howToPay).toContainText("We will e-mail you how to pay within one business day.");
  });
});

test.describe("card payment", () => {
  test.use({ baseURL: stripeShopURL });
  // Five to seven page loads across two sites, on a machine shared by three shops.
  test.beforeEach(() => test.slow());

  test("pay on the payment page: 'Payment received', and the order is Paid in green", async ({ page, hasJs }) => {
    await signUpMember(page);
    await addProducts(page, hasJs, [["clip-1", 2]]);
    await placeOrderAndReachPaymentPage(page);
    await expect(page.getByRole("main")).toContainText("Total: $598.00");
    await pressOnPaymentPage(page, "Pay");

    await expect(page).toHaveURL(/\/order-success\?session_id=cs_test_\w+$/);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(page.getByTestId("payment-status")).toHaveText("Payment received");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");
    await expectOrderStatus(page, number, "Paid", /bg-green-100/);
  });

  test("the success page shows the name and address to the placing browser only, and to nobody once staff revoke the guest link; with no mail the guest reaches their order", async ({
    page,
    browser,
    hasJs,
    allowHttpError,
  }) => {
    await addProducts(page, hasJs, [["acc-1", 1]]);
    await placeOrderAndReachPaymentPage(page, newEmail());
    await pressOnPaymentPage(page, "Pay");
    await expect(page.getByTestId("payment-status")).toHaveText("Payment received");
    const success = page.url();
    const number = await successOrderNumber(page);
    await expectShipTo(page, true);
    // This shop sends no e-mail (MAIL=off), and says none will come; View Orders opens the guest's own order page.
    await expect(page.getByRole("main")).not.toContainText(/e-?mail/i);
    await page.getByRole("link", { name: "View Orders" }).click();
    await expect(page).toHaveURL(/\/order-status\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
    await expect(page.getByRole("main")).not.toContainText(/e-?mail/i);
    const orderPage = page.url();

    // Another browser with the session id (from Stripe's payment URL, the return URL, the history).
    const elsewhere = await browser.newContext({ baseURL: stripeShopURL, javaScriptEnabled: hasJs });
    const other = await elsewhere.newPage();
    await visit(other, success);
    await expect(other.getByTestId("payment-status")).toHaveText("Payment received");
    await expect(other.getByTestId("order-number")).toHaveText(`Order #${number}`);
    await expectShipTo(other, false);
    await expect(other.getByTestId("ordered-line")).toHaveCount(0);
    expect((await other.request.get(orderPage)).status()).toBe(404);

    // Staff revoke the guest link: the placing browser loses the details too.
    await signInAsStaff(other, PAYMENT_STAFF_SLOTS[0], stripeShopPort);
    await openOrder(other, number);
    await act(other, hasJs, () => other.getByRole("button", { name: "Revoke guest link" }).click());
    await expect(other.getByRole("main")).toContainText("The guest's order-page link no longer works.");
    await elsewhere.close();

    await visit(page, success);
    await expect(page.getByTestId("payment-status")).toHaveText("Payment received");
    await expectShipTo(page, false);
    await expect(page.getByRole("link", { name: "View Orders" })).toHaveAttribute("href", "/orders");
    allowHttpError(404, "/order-status");
    expect((await page.goto(orderPage))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This order link does not work" })).toBeVisible();
  });

  test("Cancel on the payment page comes back to the checkout with the cart and the form as they were", async ({
    page,
    hasJs,
  }) => {
    await addProducts(page, hasJs, [
      ["clip-2", 1],
      ["acc-2", 2],
    ]);
    await placeOrderAndReachPaymentPage(page, "card-canceller@example.com");
    await pressOnPaymentPage(page, "Cancel");
    await expectCheckoutAsLeft(
      page,
      [
        ["Body Wave Clip-In Set", 1],
        ["Boar Bristle Extension Brush", 2],
      ],
      "card-canceller@example.com",
    );
  });

  test("staff cancel a paid card order: its refund is queued, made by Stripe once, and shown with its state", async ({
    page,
    hasJs,
  }) => {
    const email = newEmail();
    await addProducts(page, hasJs, [["acc-1", 1]]);
    await placeOrderAndReachPaymentPage(page, email);
    await pressOnPaymentPage(page, "Pay");
    await expect(page.getByTestId("payment-status")).toHaveText("Payment received");
    const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");

    await page.context().clearCookies();
    await signInAsStaff(page, PAYMENT_STAFF_SLOTS[1], stripeShopPort);
    await openOrder(page, number);
    const main = page.getByRole("main");
    await expectBadge(main, "paid");
    await main.getByLabel(/Reason for cancelling/).fill("The colour is sold out");
    await act(page, hasJs, () => main.getByRole("button", { name: "Cancel order" }).click());
    await expect(page.getByTestId("toast")).toContainText("Order updated");
    await expectBadge(main, "cancelled");
    // Queued with the cancel; the shop's refund worker asks Stripe within seconds, and the page then says so.
    const refunds = main.getByTestId("refunds");
    await expect(refunds).toContainText("The colour is sold out");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("refunds")).toContainText(/Done.*Stripe refund: re_\w+/s, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId("refunds").getByRole("listitem")).toHaveCount(1);
  });

  test("the webhook refuses a forged event with 400 and acts on a replayed one once @server-only", async ({
    page,
    hasJs,
  }) => {
    await signUpMember(page);
    await addProducts(page, hasJs, [["acc-2", 1]]);
    await placeOrderAndReachPaymentPage(page);
    const completed = eventOf("checkout.session.completed", await paidSessionOfPaymentPage(page));

    const forged = await postStripeEvent(page, completed, "whsec_not_the_shops");
    expect(forged.status()).toBe(400);
    await visit(page, "/orders");
    const number = ((await page.getByRole("heading", { name: /^Order #/ }).textContent()) ?? "")
      .trim()
      .replace("Order #", "");
    await expectOrderStatus(page, number, "Pending", /bg-yellow-100/);

    const first = await postStripeEvent(page, completed);
    expect(first.status()).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: "paid" });
    // Stripe sends an event again when it has not heard a 2xx in time: the same id changes nothing more.
    const replayed = await postStripeEvent(page, completed);
    expect(replayed.status()).toBe(200);
    expect(await replayed.json()).toMatchObject({ outcome: "duplicate" });
    await expectOrderStatus(page, number, "Paid", /bg-green-100/);
  });
});

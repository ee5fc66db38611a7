import { expect, test } from "../fixtures";
import {
  addProducts,
  expectCheckoutAsLeft,
  expectOrderStatus,
  placeOrderAndReachPaymentPage,
  pressOnPaymentPage,
  signUpMember,
} from "../pages/payment";
import { stripeShopURL } from "../servers";

// Card payment on a phone (decision 0031), with JavaScript on and off: the shop running Stripe Checkout against the
// local stand-in (playwright.config.ts).

test.use({ baseURL: stripeShopURL });
// Five to seven page loads across two sites, on a machine shared by three shops.
test.beforeEach(() => test.slow());

test("pay on the payment page: 'Payment received', and the order is Paid in green", async ({ page, hasJs }) => {
  await signUpMember(page);
  await addProducts(page, hasJs, [["wig-1", 1]]);
  await placeOrderAndReachPaymentPage(page);
  await pressOnPaymentPage(page, "Pay");
  await expect(page.getByTestId("payment-status")).toHaveText("Payment received");
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace("Order #", "");
  await expectOrderStatus(page, number, "Paid", /bg-green-100/);
});

test("Cancel on the payment page comes back to the checkout with the cart and the form as they were", async ({
  page,
  hasJs,
}) => {
  await addProducts(page, hasJs, [["tape-3", 2]]);
  await placeOrderAndReachPaymentPage(page, "phone-canceller@example.com");
  await pressOnPaymentPage(page, "Cancel");
  await expectCheckoutAsLeft(page, [["Balayage Tape-In Extensions", 2]], "phone-canceller@example.com");
});

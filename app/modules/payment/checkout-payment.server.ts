import { redirect } from "@remix-run/node";

import { getBackend } from "~/backend/backend.server";
import type { MemberBackend } from "~/backend/ports/backend";
import type { Order } from "~/backend/ports/orders";
import type { PaymentOrder, PaymentsPort } from "~/backend/ports/payments";
import type { ResponseJar } from "~/http/cookies.server";
import { getOrigin } from "~/http/origin.server";
import { mergeCarts } from "~/modules/cart/cart";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { setCheckoutFlash } from "~/modules/checkout/checkout-flash.server";
import { newIdempotencyKey } from "~/modules/checkout/idempotency.server";
import { forgetConfirmation, readConfirmation } from "~/modules/checkout/order-confirmation.server";
import { rememberAppliedCode } from "~/modules/discounts/cart-discount.server";
import { redirectWithToast } from "~/toast/toast.server";
import { checkoutSessionKey, checkoutSessionParams, PAYMENT_SUCCESS_PATH } from "./checkout-session.server";
import { getPaymentProvider, type CardPayment } from "./payment-provider.server";
import { PaymentUnavailableError } from "./stripe.server";

// The payment step of the checkout, with a hosted provider (decision 0031): after the order is stored, the shopper
// is sent to pay; coming back by Cancel, the order is cancelled and the cart and form are as they were.

/** The checkout's message when the provider cannot be reached: the order waits, the cart and form are kept. */
export const PAYMENT_UNAVAILABLE = [
  "Payment is unavailable, please try again",
  "Nothing was charged. Your cart and details are kept.",
];

interface Shopper extends ResponseJar {
  member: MemberBackend | null;
}

export type PaymentStep<Placed> =
  /** Manual payment: the order waits as pending (the checkout confirms it as before). */
  | Placed
  /** To the provider's payment page (or the confirmation, for an order paid already): a 303, once `order` is remembered. */
  | { kind: "pay"; location: string; order: Order }
  /** The provider cannot be reached: nothing is lost, the cart is as it was. */
  | { kind: "payment-unavailable" }
  /** The order this form placed can no longer be paid (it was cancelled): the form needs a new key. */
  | { kind: "form-already-used" };

/**
 * After `placeOrderFromCart` stored the order (a visitor's cookie cart is emptied only once it goes on to pay):
 * with a hosted provider, the Checkout Session is made from the order as stored. The order id is the session's
 * reference and derives its idempotency key, so a double submit or a retry gets the same session.
 */
export async function continueToPayment<Placed extends { kind: "placed"; order: Order }>(
  request: Request,
  shopper: Shopper,
  placed: Placed,
): Promise<PaymentStep<Placed>> {
  const provider = getPaymentProvider();
  if (provider.kind === "manual") return placed;
  const payments = await paymentsPort();
  const success = (sessionId: string | null) =>
    `${PAYMENT_SUCCESS_PATH}${sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : ""}`;
  try {
    const order = await payments.order({ orderId: placed.order.id });
    if (!order) throw new Error(`The order ${placed.order.id} just placed cannot be read.`);
    if (order.status !== "pending") {
      if (order.status !== "cancelled")
        return { kind: "pay", location: success(order.payment.sessionId), order: placed.order };
      await restoreMemberCart(shopper, order);
      return { kind: "form-already-used" };
    }
    const location = await openSession(provider, payments, order, getOrigin(request));
    if (!location) {
      await restoreMemberCart(shopper, order);
      return { kind: "form-already-used" };
    }
    // The database empties a member's cart with a new order only; a retried form (after an outage) finds it refilled.
    await shopper.member?.carts.clear();
    return { kind: "pay", location, order: placed.order };
  } catch (error) {
    // The visitor's cart is still in their cookie (rememberPlacedOrder, which would empty it, has not run).
    await restoreMemberCart(shopper, placed.order).catch((restoreError: unknown) =>
      console.error("Restoring a member's cart failed", restoreError),
    );
    if (error instanceof PaymentUnavailableError) return { kind: "payment-unavailable" };
    throw error;
  }
}

/** The payment page's address for a pending order: its open session's, else a new session's; null if it was cancelled meanwhile. */
async function openSession(
  provider: CardPayment,
  payments: PaymentsPort,
  order: PaymentOrder,
  origin: string,
): Promise<string | null> {
  const { checkout } = provider;
  if (order.payment.sessionId) {
    const current = await checkout.retrieveSession(order.payment.sessionId);
    if (current.status === "open" && current.url) return current.url;
    if (current.status === "complete") return `${PAYMENT_SUCCESS_PATH}?session_id=${encodeURIComponent(current.id)}`;
  }
  const session = await checkout.createSession(checkoutSessionParams(order, origin), checkoutSessionKey(order));
  if (!session.url) throw new PaymentUnavailableError("Stripe returned a session without a payment page.");
  if (!(await payments.attachSession({ orderId: order.id, provider: "stripe", sessionId: session.id }))) {
    await checkout.expireSession(session.id);
    return null;
  }
  return session.url;
}

/** A member's cart was emptied with the order: its lines go back (a visitor's cookie was never emptied). */
async function restoreMemberCart(shopper: Shopper, order: Order): Promise<void> {
  if (!shopper.member) return;
  await shopper.member.carts.merge({
    lines: order.items.map((item) => ({ productId: item.variantId, quantity: item.quantity })),
  });
}

/**
 * The payment page's Cancel (Stripe's cancel_url): the order this browser placed is cancelled, once its session
 * can no longer be paid; its lines go back into the cart and its details into the form. An order paid meanwhile
 * goes to its confirmation instead.
 */
export async function returnFromPaymentPage(request: Request, shopper: Shopper): Promise<Response> {
  const provider = getPaymentProvider();
  const orderId = (await readConfirmation(request))?.id;
  if (provider.kind !== "stripe" || !orderId) return redirect("/checkout", 303);
  const payments = await paymentsPort();
  const order = await payments.order({ orderId });
  const sessionId = order?.payment.sessionId;
  if (!order || !sessionId || order.status === "cancelled") return redirect("/checkout", 303);
  const toConfirmation = () => redirect(`${PAYMENT_SUCCESS_PATH}?session_id=${encodeURIComponent(sessionId)}`, 303);
  if (order.status !== "pending") return toConfirmation();

  // The session first, so that it cannot be paid once the order is cancelled. Stripe out of reach: the order is
  // cancelled all the same (a payment arriving later is kept for staff to refund, see record_payment_event).
  const ended = await provider.checkout.expireSession(sessionId).catch((error: unknown) => {
    if (error instanceof PaymentUnavailableError) return "unknown" as const;
    throw error;
  });
  if (ended === "not_open") {
    const session = await provider.checkout.retrieveSession(sessionId).catch(() => null);
    if (session?.status === "complete") return toConfirmation();
  }
  const cancelled = await payments.cancelUnpaid({ orderId, sessionId });
  if (cancelled && cancelled.status !== "cancelled") return toConfirmation();

  const lines = order.items.map((item) => ({ productId: item.variantId, quantity: item.quantity }));
  if (shopper.member) await shopper.member.carts.merge({ lines });
  else await cartCookie.write(shopper, mergeCarts(await cartCookie.read(request), lines));
  // Its discount code too: the cancel gave its use back (decision 0042).
  if (order.discount?.codeId)
    await rememberAppliedCode(shopper, { id: order.discount.codeId, code: order.discount.code });
  // The form as it was, through the checkout's own flash (post/redirect/get), with a key of its own: the cancelled
  // order's would answer with that order.
  const values = {
    email: order.email,
    ...order.shippingAddress,
    shippingMethod: order.shippingMethod,
    idempotencyKey: newIdempotencyKey(),
  };
  await setCheckoutFlash(shopper, { values, errors: {} });
  await forgetConfirmation(shopper);
  return redirectWithToast(shopper, "/checkout", {
    type: "info",
    title: "Payment cancelled",
    description: "Nothing was charged. Your cart and details are as you left them.",
  });
}

async function paymentsPort(): Promise<PaymentsPort> {
  const { payments } = await getBackend();
  // Start-up refuses a card provider on a backend without one (lifecycle.server.ts).
  if (!payments) throw new Error("Card payment needs the backend's payments store.");
  return payments;
}

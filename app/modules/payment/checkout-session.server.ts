import type { PaymentOrder } from "~/backend/ports/payments";
import { orderLineName } from "~/modules/account/orders";
import { shippingMethodName } from "~/modules/checkout/shipping";
import type { CheckoutSessionParams } from "./stripe.server";

/** Where Stripe sends the shopper back: {CHECKOUT_SESSION_ID} is Stripe's placeholder for the session's id. */
export const PAYMENT_SUCCESS_PATH = "/order-success";
export const PAYMENT_CANCELLED_PATH = "/checkout/payment-cancelled";

/**
 * The Checkout Session for a stored order: every amount from the order as the database priced it (never the
 * form), the order's id to find it again, the shopper's e-mail, and the ways back to the shop.
 */
export function checkoutSessionParams(order: PaymentOrder, origin: string): CheckoutSessionParams {
  const currency = order.currency;
  return {
    mode: "payment",
    line_items: order.items.map((item) => ({
      quantity: item.quantity,
      price_data: {
        currency,
        unit_amount: item.pricePerItem,
        product_data: { name: orderLineName(item) },
      },
    })),
    shipping_options: [
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: `${shippingMethodName(order.shippingMethod)} shipping`,
          fixed_amount: { amount: order.shippingAmount, currency },
        },
      },
    ],
    customer_email: order.email,
    client_reference_id: order.id,
    metadata: { order_id: order.id },
    payment_intent_data: { metadata: { order_id: order.id } },
    success_url: `${origin}${PAYMENT_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}${PAYMENT_CANCELLED_PATH}`,
  };
}

/**
 * The idempotency key of the order's session: the same for every submission of the order while its session stands
 * (a double click, a retry after a lost answer get the same session), a new one once that session has expired.
 */
export function checkoutSessionKey(order: PaymentOrder): string {
  return order.payment.sessionId
    ? `checkout-session-${order.id}-after-${order.payment.sessionId}`
    : `checkout-session-${order.id}`;
}

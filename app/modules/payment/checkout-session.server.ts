import type { PaymentOrder } from "~/backend/ports/payments";
import { orderLineName } from "~/modules/account/orders";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
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
  const discount = order.discount;
  const shipping = order.shippingAmount - (discount?.onShippingCents ?? 0);
  return {
    mode: "payment",
    line_items: order.items.flatMap((item) => paidLineItems(item, currency, discount?.code ?? null)),
    shipping_options: [
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: `${shippingMethodName(order.shippingMethod)} shipping${
            discount && discount.onShippingCents > 0 ? ` (free with ${discount.code})` : ""
          }`,
          fixed_amount: { amount: shipping, currency },
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
 * An order line as Stripe's line items, at what is paid for it after the order's discount (decision 0042), so that
 * the session's total is the order's to the cent and the webhook's amount check holds. Stripe prices a unit: a line
 * whose paid amount does not divide by its quantity is two items, the units at the whole-cent price and the rest at
 * a cent more (3 units for $100.00: 2 at $33.33 and 1 at $33.34).
 */
function paidLineItems(
  item: PaymentOrder["items"][number],
  currency: string,
  code: string | null,
): CheckoutSessionParams["line_items"] & object {
  const listTotal = item.pricePerItem * item.quantity;
  const discounted = code !== null && item.paidAmount < listTotal;
  const unit = Math.floor(item.paidAmount / item.quantity);
  const centMore = item.paidAmount - unit * item.quantity;
  const line = (quantity: number, unitAmount: number) => ({
    quantity,
    price_data: {
      currency,
      unit_amount: unitAmount,
      product_data: {
        name: orderLineName(item),
        ...(discounted
          ? { description: `With ${code}: ${formatCents(listTotal - item.paidAmount, currency)} off` }
          : {}),
      },
    },
  });
  return centMore === 0
    ? [line(item.quantity, unit)]
    : [line(item.quantity - centMore, unit), line(centMore, unit + 1)];
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

import { isBackendError } from "~/backend/errors";
import type { AuthUser } from "~/backend/ports/auth";
import type { MemberBackend, RequestBackend } from "~/backend/ports/backend";
import type { Order } from "~/backend/ports/orders";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { loadCart, type CartOwner } from "~/modules/cart/cart-store.server";
import { currentShippingRates } from "~/modules/catalog/catalog.server";
import { rememberBrowserOrder } from "~/modules/checkout/browser-orders.server";
import { rememberConfirmation } from "~/modules/checkout/order-confirmation.server";
import { checkoutTotals } from "~/modules/checkout/shipping";
import type { ShippingForm } from "~/modules/checkout/shipping-schema";
import {
  customerOf,
  discountForOrder,
  droppedByDatabase,
  forgetAppliedCode,
} from "~/modules/discounts/cart-discount.server";

export type CheckoutOutcome =
  | { kind: "placed"; order: Order }
  | { kind: "empty-cart" }
  | { kind: "refused"; message: string }
  /**
   * The applied discount code stopped applying (it expired, its last use went, the cart changed): it was removed, and
   * nothing was ordered. The shopper is told why and sees the summary without it.
   */
  | { kind: "discount-dropped"; message: string }
  /** The form's key placed an earlier order, for other lines than this cart holds: the cart is left alone. */
  | { kind: "form-already-used" }
  /**
   * A member's stored cart changed between reading it and ordering it: emptied when another session of theirs has
   * just ordered it (`nowEmpty`), else changed. Nothing was ordered.
   */
  | { kind: "cart-changed"; nowEmpty: boolean };

/**
 * Places the order for the cart in this request. The lines are the server's cart, priced by the database (the
 * shipping too, from the method chosen); nothing the form posts about amounts is read. A member's stored cart is
 * emptied by the database in the order's own transaction; a visitor's cookie cart by `rememberPlacedOrder`, once
 * the order goes on (to payment, or to its confirmation).
 */
export async function placeOrderFromCart(
  request: Request,
  session: CartOwner & { backend: RequestBackend; member: MemberBackend | null; user: AuthUser | null },
  form: ShippingForm,
): Promise<CheckoutOutcome> {
  const { backend, member } = session;
  const { summary } = await loadCart(request, session);
  const { idempotencyKey, email, shippingMethod, ...shippingAddress } = form;
  // The applied code, checked again for this order (its address, its shipping) before anything is placed; the
  // database checks it once more in the order's own transaction (decision 0042).
  const { shippingCents } = checkoutTotals(currentShippingRates().prices, summary.totalAmountCents, shippingMethod);
  const discount = summary.lines.length
    ? await discountForOrder(request, session, summary.lines, shippingCents, customerOf(session.user, email))
    : ({ kind: "none" } as const);
  if (discount.kind === "dropped") return { kind: "discount-dropped", message: discount.message };
  const input = {
    items: summary.lines.map((line) => ({ productId: line.productId, quantity: line.quantity })),
    shippingAddress,
    shippingMethod,
    email,
    idempotencyKey,
    discount: discount.kind === "apply" ? { codeId: discount.codeId, amountCents: discount.applied.totalCents } : null,
  };

  let order: Order;
  try {
    // With an empty cart this can still succeed: a repeated key (double click, back and resubmit) returns
    // the order the first submission placed, after which the cart was emptied.
    order = member ? await member.orders.place(input) : await backend.orders.place({ ...input, userId: null });
  } catch (error) {
    if (summary.lines.length === 0 && isBackendError(error, "invalid_input")) return { kind: "empty-cart" };
    // Its last use went a moment ago, say: the code is removed, the cart kept, and the shopper told why.
    const dropped = discount.kind === "apply" ? await droppedByDatabase(error, session, discount.code) : null;
    if (dropped) return { kind: "discount-dropped", message: dropped };
    if (isBackendError(error, "cart_changed")) {
      const { summary: now } = await loadCart(request, session);
      return { kind: "cart-changed", nowEmpty: now.lines.length === 0 };
    }
    if (isBackendError(error, "out_of_stock") || isBackendError(error, "product_not_found")) {
      return { kind: "refused", message: "An item in your cart is no longer available. Please review your cart." };
    }
    // The database's own limits (lines per order, units per line) carry messages written for the shopper.
    if (isBackendError(error, "invalid_input") || isBackendError(error, "invalid_quantity")) {
      return { kind: "refused", message: error.message };
    }
    throw error;
  }
  // A repeated key returns the order the key first placed. With the cart emptied by it, this is the same
  // submission again (a double click, a retry): it answers as the first did. With other lines in the cart, an old
  // form was posted again (Back to it, then resubmit): emptying the cart would lose lines nobody ordered.
  if (summary.lines.length > 0 && !sameLines(order.items, input.items)) return { kind: "form-already-used" };

  return { kind: "placed", order };
}

/**
 * The order goes on: a visitor's cookie cart is emptied, and this browser remembers the order (/order-success) with
 * its link to it (decision 0034), which the form's `idempotencyKey` proves it may have.
 */
export async function rememberPlacedOrder(
  request: Request,
  session: CartOwner & { backend: RequestBackend },
  order: Order,
  idempotencyKey: string,
): Promise<void> {
  if (!session.member) await cartCookie.write(session, []);
  // The code went with the order (a cancelled payment gives it back: checkout-payment.server.ts).
  if (order.discount) await forgetAppliedCode(session);
  await rememberConfirmation(session, order);
  await rememberBrowserOrder(request, session, { id: order.id, idempotencyKey });
}

function sameLines(ordered: Order["items"], cart: Array<{ productId: string; quantity: number }>): boolean {
  // A cart line names the variant (its `productId` field), as an order line's `variantId` does.
  const key = (variantId: string, quantity: number) => `${variantId}\0${quantity}`;
  const orderedKeys = ordered.map((line) => key(line.variantId, line.quantity)).sort();
  const cartKeys = cart.map((line) => key(line.productId, line.quantity)).sort();
  return orderedKeys.length === cartKeys.length && orderedKeys.every((value, index) => value === cartKeys[index]);
}

import { z } from "zod";

import type { Order } from "~/backend/ports/orders";
import { signedCookie, type ResponseJar } from "~/http/cookies.server";
import { shippingAddressLines } from "~/modules/account/orders";

/**
 * The order this browser has just placed, for an hour: which order /order-success confirms, and which one the payment
 * page's Cancel gives back. Its id only: what was ordered and where it ships are read from the database with this
 * browser's link to the order (browser-orders.server.ts, decision 0034), so that staff can revoke them.
 */
const confirmationCookie = signedCookie("order_confirmation", { maxAge: 60 * 60 });
const keptSchema = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/i) });

const SHIP_TO_LINE_MAX = 120;

/**
 * What the success page shows of an order: what was ordered, the amounts and where it ships, the address as the
 * lines of an envelope, each cut to SHIP_TO_LINE_MAX characters.
 */
export interface OrderConfirmation {
  id: string;
  /** [product id, quantity, price per item in cents] */
  /** The variant ordered (as the cart named it), how many, at what price. */
  lines: Array<[variantId: string, quantity: number, pricePerItem: number]>;
  shippingMethod: string;
  shippingAmount: number;
  totalAmount: number;
  currency: string;
  shipTo: string[];
  /** The discount code and what it took off (issue 41); null: none. */
  discount: { code: string; amountCents: number } | null;
}

export function toConfirmation(
  order: Pick<
    Order,
    "id" | "items" | "shippingMethod" | "shippingAmount" | "totalAmount" | "currency" | "shippingAddress" | "discount"
  >,
): OrderConfirmation {
  return {
    id: order.id,
    lines: order.items.map((item) => [item.variantId, item.quantity, item.pricePerItem]),
    shippingMethod: order.shippingMethod,
    shippingAmount: order.shippingAmount,
    totalAmount: order.totalAmount,
    currency: order.currency,
    discount: order.discount ? { code: order.discount.code, amountCents: order.discount.amountCents } : null,
    shipTo: shippingAddressLines(order.shippingAddress).map((line) =>
      // Cut between characters, never inside a surrogate pair.
      line.length > SHIP_TO_LINE_MAX ? `${line.slice(0, SHIP_TO_LINE_MAX - 1).replace(/[\uD800-\uDBFF]$/, "")}…` : line,
    ),
  };
}

/** Remembers `order` for this browser, for an hour. */
export function rememberConfirmation(context: ResponseJar, order: Pick<Order, "id">): Promise<void> {
  return confirmationCookie.write(context, { id: order.id });
}

/** Forgets the order this browser placed (its payment was abandoned and the order cancelled). */
export function forgetConfirmation(context: ResponseJar): Promise<void> {
  return confirmationCookie.clear(context);
}

/** The order this browser has just placed, or null (none, expired, tampered with). */
export async function readConfirmation(request: Request): Promise<{ id: string } | null> {
  const parsed = keptSchema.safeParse(await confirmationCookie.read(request));
  return parsed.success ? parsed.data : null;
}

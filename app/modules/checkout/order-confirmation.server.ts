import { z } from "zod";

import type { Order } from "~/backend/port";
import { signedCookie, type ResponseJar } from "~/http/cookies.server";
import { shippingAddressLines } from "~/modules/account/orders";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/modules/cart/cart";
import { PRODUCT_ID_MAX_LENGTH } from "~/modules/catalog/product";

/**
 * The order this browser has just placed, for /order-success: what was ordered, the amounts and where it ships, so a
 * guest leaves with a record and the page needs no database read (a guest could not read the order back anyway).
 * Signed, and small: product ids with their quantities and prices (names and pictures come from the catalogue), and
 * the address as the lines of an envelope, each cut to SHIP_TO_LINE_MAX characters.
 */
const confirmationCookie = signedCookie("order_confirmation", { maxAge: 60 * 60 });

const SHIP_TO_LINE_MAX = 120;

const cents = z.number().int().nonnegative();
const confirmationSchema = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/i),
  /** [product id, quantity, price per item in cents] */
  lines: z
    .array(z.tuple([z.string().max(PRODUCT_ID_MAX_LENGTH), z.number().int().min(1).max(MAX_LINE_QUANTITY), cents]))
    .max(MAX_CART_LINES),
  shippingMethod: z.string().max(32),
  shippingAmount: cents,
  totalAmount: cents,
  currency: z.string().regex(/^[a-z]{3}$/),
  shipTo: z.array(z.string().max(SHIP_TO_LINE_MAX)).max(4),
});
export type OrderConfirmation = z.infer<typeof confirmationSchema>;

/** What the confirmation keeps of `order`. */
export function toConfirmation(order: Order): OrderConfirmation {
  return {
    id: order.id,
    lines: order.items.map((item) => [item.productId, item.quantity, item.pricePerItem]),
    shippingMethod: order.shippingMethod,
    shippingAmount: order.shippingAmount,
    totalAmount: order.totalAmount,
    currency: order.currency,
    shipTo: shippingAddressLines(order.shippingAddress).map((line) =>
      // Cut between characters, never inside a surrogate pair.
      line.length > SHIP_TO_LINE_MAX ? `${line.slice(0, SHIP_TO_LINE_MAX - 1).replace(/[\uD800-\uDBFF]$/, "")}…` : line,
    ),
  };
}

/** Remembers `order` for this browser, for an hour. */
export function rememberConfirmation(context: ResponseJar, order: Order): Promise<void> {
  return confirmationCookie.write(context, toConfirmation(order));
}

/** Forgets the order this browser placed (its payment was abandoned and the order cancelled). */
export function forgetConfirmation(context: ResponseJar): Promise<void> {
  return confirmationCookie.clear(context);
}

/** The order this browser has just placed, or null (none, expired, tampered with). */
export async function readConfirmation(request: Request): Promise<OrderConfirmation | null> {
  const parsed = confirmationSchema.safeParse(await confirmationCookie.read(request));
  return parsed.success ? parsed.data : null;
}

import type { Order, OrderDiscount } from "~/backend/ports/orders";
import { formatCents } from "~/modules/money";

// An order's discount as every page, e-mail and export shows it (issue 41): a line of its own, the code and what it
// took off, under the items' subtotal and the shipping.

/** The items at their list prices: the subtotal the discount line is taken from. */
export function itemsSubtotalCents(items: ReadonlyArray<Pick<Order["items"][number], "pricePerItem" | "quantity">>) {
  return items.reduce((sum, item) => sum + item.pricePerItem * item.quantity, 0);
}

/** "−$15.00". */
export function discountAmountText(cents: number, currency = "usd"): string {
  return `−${formatCents(cents, currency)}`;
}

/** The discount line of an order (`OrderTotals`' `discount`), or null when it used no code. */
export function discountLineOf(
  discount: OrderDiscount | null | undefined,
  currency = "usd",
): { code: string; amount: string } | null {
  return discount ? { code: discount.code, amount: discountAmountText(discount.amountCents, currency) } : null;
}

// Refunds beside the status (issue 40, decision 0043): what a line can be refunded at, and how an order says what
// was refunded. The database decides the same (public.order_line_paid, public.refund_order) and enforces the caps.
import type { Order, OrderItem } from "~/backend/ports/orders";
import { formatCents } from "~/modules/money";

/**
 * What was paid for a line (cents): its own paid amount where the order stored one (after a discount), else price x
 * quantity. The one place the shop works it out; public.order_line_paid is its twin in the database.
 */
export function linePaid(item: Pick<OrderItem, "pricePerItem" | "quantity" | "paidAmount">): number {
  return item.paidAmount ?? item.pricePerItem * item.quantity;
}

/** What `quantity` of a line's units are refunded at, when `alreadyRefunded` of them were before (the last take the rest). */
export function lineRefundable(
  item: Pick<OrderItem, "pricePerItem" | "quantity" | "paidAmount">,
  quantity: number,
  alreadyRefunded = 0,
): number {
  const paid = linePaid(item);
  if (quantity + alreadyRefunded >= item.quantity) return paid - Math.floor((paid * alreadyRefunded) / item.quantity);
  return Math.floor((paid * quantity) / item.quantity);
}

/** "Refunded $40.00" (all of it), "Partly refunded $12.00", or null when nothing was refunded. */
export function refundSummary(order: Pick<Order, "refundedAmount" | "totalAmount" | "currency">): string | null {
  if (order.refundedAmount <= 0) return null;
  const amount = formatCents(order.refundedAmount, order.currency);
  return order.refundedAmount >= order.totalAmount ? `Refunded ${amount}` : `Partly refunded ${amount}`;
}

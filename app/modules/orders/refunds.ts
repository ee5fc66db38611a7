// Refunds beside the status (issue 40, decision 0043): what a line can be refunded at, and how an order says what
// was refunded. The database decides the same (public.order_line_paid, public.refund_order) and enforces the caps.
import type { Order, OrderItem } from "~/backend/ports/orders";
import { formatCents } from "~/modules/money";

/**
 * What `quantity` of a line's units are refunded at, when `alreadyRefunded` of them were before (the last take the
 * rest): their share of what was paid for the line after any discount. public.refund_order works it out the same.
 */
export function lineRefundable(
  item: Pick<OrderItem, "quantity" | "paidAmount">,
  quantity: number,
  alreadyRefunded = 0,
): number {
  const paid = item.paidAmount;
  if (quantity + alreadyRefunded >= item.quantity) return paid - Math.floor((paid * alreadyRefunded) / item.quantity);
  return Math.floor((paid * quantity) / item.quantity);
}

/** What was paid for the shipping (cents): its rate less what a free-shipping code took off it. */
export function shippingPaid(order: Pick<Order, "shippingAmount" | "discount">): number {
  return order.shippingAmount - (order.discount?.onShippingCents ?? 0);
}

/** "Refunded $40.00" (all of it), "Partly refunded $12.00", or null when nothing was refunded. */
export function refundSummary(order: Pick<Order, "refundedAmount" | "totalAmount" | "currency">): string | null {
  if (order.refundedAmount <= 0) return null;
  const amount = formatCents(order.refundedAmount, order.currency);
  return order.refundedAmount >= order.totalAmount ? `Refunded ${amount}` : `Partly refunded ${amount}`;
}

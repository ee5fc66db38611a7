import type { OrderPayment } from "~/backend/ports/order-payment";
import type { StaffRefund } from "~/backend/ports/refunds";
import type { StaffOrder } from "~/backend/ports/staff";
import { orderLineName, orderNumber, shippingAddressLines } from "~/modules/account/orders";
import { trackingUrl } from "~/modules/account/tracking";
import { discountLineOf, itemsSubtotalCents } from "~/modules/discounts/order-discount";
import { formatCents } from "~/modules/money";
import { staffMovesFrom, statusLabel } from "~/modules/orders/lifecycle";
import { lineRefundable, refundSummary, shippingPaid } from "~/modules/orders/refunds";
import { cancelEffect } from "~/modules/payment/refund-rows";
import { formatShopDateTime } from "./order-rows";
import type { AdminOrderView } from "./order-view";

/** The order page's view of an order and its payment, in the shop's time zone. */
export function toAdminOrderView(
  order: StaffOrder,
  payment: OrderPayment | null,
  timeZone: string,
  refunds: readonly StaffRefund[] = [],
): AdminOrderView {
  const money = (cents: number) => formatCents(cents, order.currency);
  const subtotal = itemsSubtotalCents(order.items);
  const total = money(order.totalAmount);
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    placedAt: formatShopDateTime(order.createdAt, timeZone),
    email: order.email,
    customer: order.userId ? "Member" : "Guest",
    phone: order.shippingAddress.phone,
    address: shippingAddressLines(order.shippingAddress),
    items: order.items.map((item) => {
      return {
        id: item.id,
        productId: item.productId,
        name: item.productName,
        variant: item.variantLabel,
        sku: item.sku,
        image: item.image,
        quantity: item.quantity,
        unitPrice: money(item.pricePerItem),
        lineTotal: money(item.pricePerItem * item.quantity),
      };
    }),
    subtotal: money(subtotal),
    discount: discountLineOf(order.discount, order.currency),
    shipping: `${order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)} (${order.shippingMethod})`,
    total,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    internalNote: order.internalNote ?? "",
    guestLinkActive: order.guestLinkActive,
    timeline: order.timeline.map((entry, index) => ({
      key: `${entry.at}-${index}`,
      at: formatShopDateTime(entry.at, timeZone),
      iso: entry.at,
      who: actorName(entry.actorLabel, entry.actorEmail),
      change:
        entry.toStatus === null
          ? null
          : entry.fromStatus === null
            ? `Placed (${statusLabel(entry.toStatus)})`
            : `${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}`,
      note: entry.note,
      tracking:
        typeof entry.details.carrier === "string" && typeof entry.details.tracking_number === "string"
          ? `${entry.details.carrier} ${entry.details.tracking_number}`
          : null,
    })),
    moves: staffMovesFrom(order.status).map(({ kind, button }) => ({ kind, label: button })),
    cancelEffect: cancelEffect(order.status, payment, total),
    refunded: refundSummary(order),
    refund: refundForm(order, payment, refunds),
  };
}

/** What the refund form offers: each line's units not refunded yet, the shipping left, the amount left. */
function refundForm(
  order: StaffOrder,
  payment: OrderPayment | null,
  refunds: readonly StaffRefund[],
): AdminOrderView["refund"] {
  const left = order.totalAmount - order.refundedAmount;
  if (!(["paid", "shipped", "delivered"] as const).some((status) => status === order.status) || left <= 0) return null;
  const counted = refunds.filter((refund) => refund.state !== "failed");
  const unitsRefunded = (itemId: string) =>
    counted
      .flatMap((refund) => refund.lines)
      .reduce((sum, line) => sum + (line.itemId === itemId ? line.quantity : 0), 0);
  const shippingLeft = shippingPaid(order) - counted.reduce((sum, refund) => sum + refund.shippingAmount, 0);
  const money = (cents: number) => formatCents(cents, order.currency);
  return {
    left: money(left),
    to: payment?.provider === "stripe" && payment.reference ? "card" : "by hand",
    lines: order.items
      .map((item) => ({
        itemId: item.id,
        name: orderLineName(item),
        unitsLeft: item.quantity - unitsRefunded(item.id),
        perUnit: money(lineRefundable(item, 1)),
      }))
      .filter((line) => line.unitsLeft > 0),
    shippingLeft: shippingLeft > 0 ? money(shippingLeft) : null,
  };
}

/** Staff by their address; the customer, Stripe or the system by name. */
function actorName(label: string, email: string | null): string {
  return email ?? (label === "customer" ? "Customer" : label.charAt(0).toUpperCase() + label.slice(1));
}

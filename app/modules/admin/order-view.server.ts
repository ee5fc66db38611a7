import type { OrderPayment } from "~/backend/ports/order-payment";
import type { StaffOrder } from "~/backend/ports/staff";
import { orderNumber, shippingAddressLines, statusLabel } from "~/modules/account/orders";
import { trackingUrl } from "~/modules/account/tracking";
import { discountLineOf, itemsSubtotalCents } from "~/modules/discounts/order-discount";
import { formatCents } from "~/modules/money";
import { cancelEffect } from "~/modules/payment/refund-rows";
import { movesFor } from "./order-moves";
import { formatShopDateTime } from "./order-rows";
import type { AdminOrderView } from "./order-view";

/** The order page's view of an order and its payment, in the shop's time zone. */
export function toAdminOrderView(order: StaffOrder, payment: OrderPayment | null, timeZone: string): AdminOrderView {
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
    moves: movesFor(order.status).map(({ kind, label }) => ({ kind, label })),
    cancelEffect: cancelEffect(order.status, payment, total),
  };
}

/** Staff by their address; the customer, Stripe or the system by name. */
function actorName(label: string, email: string | null): string {
  return email ?? (label === "customer" ? "Customer" : label.charAt(0).toUpperCase() + label.slice(1));
}

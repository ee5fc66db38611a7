import type { Order, OrderItem, ShippingAddress } from "~/backend/ports/orders";
import { formatLongDate } from "~/modules/dates";
import { statusTone, type StatusTone } from "~/modules/orders/lifecycle";
import { trackingUrl } from "./tracking";

export interface OrderProgressData {
  /** "UPS 1Z…" and the carrier's tracking page, once shipped. */
  tracking: { carrier: string; number: string; url: string | null } | null;
  /** Each status the order reached, oldest first, with its date. */
  history: { status: string; on: string; iso: string }[];
}

/** Orders per page of the order history: each card is tall (items and address), and members may have hundreds. */
export const ORDERS_PAGE_SIZE = 10;

/** The order number is the last 8 characters of the id, as they are (docs/product.md, Rules). */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8);
}

/** An order line's name in one line of text (e-mails, the payment page): "Name (22 inch / Honey Blonde)". */
export function orderLineName(item: Pick<OrderItem, "productName" | "variantLabel">): string {
  return item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName;
}

// Dark text on a pale tint of the same hue: at least 4.5:1 contrast for the small badge text (WCAG AA).
const badgeClasses: Record<StatusTone, string> = {
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  green: "bg-green-100 text-green-900 ring-green-300",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
  purple: "bg-purple-100 text-purple-900 ring-purple-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  gray: "bg-gray-100 text-gray-900 ring-gray-300",
};

/** The badge of a status in its colour (lifecycle.ts): anything unknown is gray. */
export function statusBadgeClasses(status: string): string {
  return toneBadgeClasses(statusTone(status));
}

/** A badge's classes by its tone (a return request's state has one too). */
export function toneBadgeClasses(tone: StatusTone): string {
  return badgeClasses[tone];
}

/** The shipping address as the lines of an envelope: name, street, "city, state zip", country. */
export function shippingAddressLines(address: ShippingAddress): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ");
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [name, address.address, cityLine, address.country].filter((line) => line.trim() !== "");
}

/** Units in the order, for the card's summary line. */
export function orderItemCount(order: Pick<Order, "items">): number {
  return order.items.reduce((total, item) => total + item.quantity, 0);
}

/** What a customer's order shows of its progress (OrderProgress): tracking and the date each status was reached. */
export function orderProgress(order: Pick<Order, "carrier" | "trackingNumber" | "statusHistory">): OrderProgressData {
  return {
    tracking:
      order.carrier && order.trackingNumber
        ? {
            carrier: order.carrier,
            number: order.trackingNumber,
            url: trackingUrl(order.carrier, order.trackingNumber),
          }
        : null,
    history: order.statusHistory.map((change) => ({
      status: change.toStatus,
      on: formatLongDate(change.at),
      iso: change.at,
    })),
  };
}

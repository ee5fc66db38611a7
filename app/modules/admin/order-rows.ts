import type { StaffOrderSummary } from "~/backend/ports/staff";
import { orderNumber } from "~/modules/account/orders";
import { formatCents } from "~/modules/money";

/** An order as the back office's lists show it (formatted on the server: money, date). */
export interface AdminOrderRow {
  id: string;
  number: string;
  name: string;
  email: string;
  placedAt: string;
  status: string;
  total: string;
  itemCount: number;
  guest: boolean;
}

// One formatter per time zone: making one costs ~0.2 ms, and a list page formats 25 dates (~5 ms per page).
const formatters = new Map<string, Intl.DateTimeFormat>();
const dateTime = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** "Nov 27, 2026, 1:22 PM" in the shop's time zone. */
export function formatShopDateTime(iso: string, timeZone: string): string {
  return dateTime(timeZone).format(new Date(iso));
}

/** A list row, formatted on the server in the shop's time zone. */
export function toAdminOrderRow(order: StaffOrderSummary, timeZone: string): AdminOrderRow {
  return {
    id: order.id,
    number: orderNumber(order.id),
    name: `${order.firstName} ${order.lastName}`.trim() || order.email,
    email: order.email,
    placedAt: formatShopDateTime(order.createdAt, timeZone),
    status: order.status,
    total: formatCents(order.totalAmount, order.currency),
    itemCount: order.itemCount,
    guest: order.userId === null,
  };
}

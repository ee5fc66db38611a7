import type { LoaderFunctionArgs } from "@remix-run/node";

import type { StaffOrderSummary } from "~/backend/ports/staff";
import { orderNumber } from "~/modules/account/orders";
import { csvResponse } from "~/modules/admin/csv";
import { startExport } from "~/modules/admin/fair-share.server";
import { filterQuery, parseOrderFilter } from "~/modules/admin/order-filters";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";

const header = [
  "Order number",
  "Order id",
  "Placed at (UTC)",
  "Status",
  "First name",
  "Last name",
  "E-mail",
  "Customer",
  "Items",
  "Subtotal",
  "Shipping",
  "Total",
  "Currency",
  "Carrier",
  "Tracking number",
];

const amount = (cents: number) => Number((cents / 100).toFixed(2));

/**
 * 'Export CSV': every order the list's filter shows, newest first, streamed as the database hands them over; one
 * export at a time per staff member, within their share (fair-share.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, staff } = await requireStaff(request, context);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const { rows, finish } = await startExport(
    user.id,
    () => staff.exportOrders(filter),
    `/admin/orders${filterQuery(filter)}`,
  );
  async function* lines() {
    for await (const order of rows) yield row(order);
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(
    `orders-${stamp}.csv`,
    header,
    lines(),
    (error) => console.error("Orders export failed:", error),
    finish,
  );
}

export const action = refusePostUnlessStaff;

function row(order: StaffOrderSummary) {
  return [
    orderNumber(order.id),
    order.id,
    order.createdAt,
    order.status,
    order.firstName,
    order.lastName,
    order.email,
    order.userId ? "member" : "guest",
    order.itemCount,
    amount(order.totalAmount - order.shippingAmount),
    amount(order.shippingAmount),
    amount(order.totalAmount),
    order.currency.toUpperCase(),
    order.carrier,
    order.trackingNumber,
  ];
}

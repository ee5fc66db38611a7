import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvResponse } from "~/modules/admin/csv";
import { startExport } from "~/modules/admin/fair-share.server";
import { ORDER_CSV_HEADER, orderCsvRows } from "~/modules/admin/order-csv";
import { filterQuery, parseOrderFilter } from "~/modules/admin/order-filters";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";

/**
 * 'Export CSV': every order the list's filter shows, newest first, a row per order line (order-csv.ts), streamed as
 * the database hands them over; one export at a time per staff member, within their share (fair-share.server.ts).
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
    for await (const order of rows) yield* orderCsvRows(order);
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(
    `orders-${stamp}.csv`,
    ORDER_CSV_HEADER,
    lines(),
    (error) => console.error("Orders export failed:", error),
    finish,
  );
}

export const action = refusePostUnlessStaff;

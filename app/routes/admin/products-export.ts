import type { LoaderFunctionArgs } from "@remix-run/node";

import { csvResponse } from "~/modules/admin/csv";
import { startExport } from "~/modules/admin/fair-share.server";
import { PRODUCT_CSV_COLUMNS, productCsvRows } from "~/modules/admin/product-csv";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";

/**
 * 'Export CSV' of the products (decision 0040): every product of any status, one row per variant, in id order,
 * streamed as the database hands them over (paced); one export at a time per staff member, within their share
 * (fair-share.server.ts). The import reads the same columns.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, backend } = await requireStaff(request, context);
  const catalogue = backend.staffCatalogue;
  const { rows, finish } = await startExport(user.id, () => catalogue.exportProducts(), "/admin/products");
  async function* lines() {
    for await (const product of rows) yield* productCsvRows(product);
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(
    `products-${stamp}.csv`,
    PRODUCT_CSV_COLUMNS,
    lines(),
    (error) => console.error("Products export failed:", error),
    finish,
  );
}

export const action = refusePostUnlessStaff;

import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { productListSorts } from "~/backend/ports/catalogue";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminListCount } from "~/components/admin-list-count";
import { ListFilterSelect, ListSearchField } from "~/components/admin-list-filters";
import { AdminProductList } from "~/components/admin-product-list";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { orBackOfficeRefusal, requireSearchShare } from "~/modules/admin/fair-share.server";
import { loadPage } from "~/modules/admin/paging.server";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  parseProductFilter,
  PRODUCT_SEARCH_MAX_LENGTH,
  productSortLabels,
  productStatusLabels,
  toAdminProductRow,
} from "~/modules/admin/product-list";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { productStatuses } from "~/modules/catalog/product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, backend } = await requireStaff(request, context);
  const url = new URL(request.url);
  const filter = parseProductFilter(url.searchParams);
  // A text search reads every product's name and SKUs, and counts against the staff member's share (decision
  // 0035); a page of the list in the shop's order or by status is an indexed read.
  if (filter.search) await requireSearchShare(user.id);
  const { result, pagination } = await loadPage(url, ADMIN_PRODUCTS_PAGE_SIZE, (window) =>
    orBackOfficeRefusal(orUnavailablePage(backend.staffCatalogue.listProducts({ ...filter, ...window }))),
  );
  return { filter, products: result.products.map(toAdminProductRow), totalCount: result.totalCount, pagination };
}

export const action = refusePostUnlessStaff;

export default function AdminProducts() {
  const { filter, products, totalCount, pagination } = useLoaderData<typeof loader>();
  const filtered = filter.status !== null || filter.search !== "";
  return (
    <AdminShell
      title="Products"
      actions={
        <div className="flex flex-wrap gap-2">
          {/* A plain link with no `download` attribute, as on the orders list: a refusal (429) shows as a page. */}
          <a href="/admin/products/export.csv" className="btn-outline">
            Export CSV
          </a>
          <Link to="/admin/products/import" className="btn-outline">
            Import CSV
          </Link>
          <Link to="/admin/products/new" className="btn-primary">
            New product
          </Link>
        </div>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label="Products"
        className="mt-6 grid gap-3 sm:grid-cols-[10rem_15rem_1fr_auto] sm:items-end"
      >
        <ListFilterSelect
          id="products-status"
          name="status"
          label="Status"
          value={filter.status ?? ""}
          options={[
            { value: "", label: "Every status" },
            ...productStatuses.map((status) => ({ value: status, label: productStatusLabels[status] })),
          ]}
        />
        <ListFilterSelect
          id="products-sort"
          name="sort"
          label="Order"
          value={filter.sort}
          options={productListSorts.map((sort) => ({ value: sort, label: productSortLabels[sort] }))}
        />
        <ListSearchField
          id="products-search"
          value={filter.search}
          maxLength={PRODUCT_SEARCH_MAX_LENGTH}
          placeholder="Name, id or SKU"
        />
        <button type="submit" className="btn-primary">
          Show products
        </button>
      </Form>

      <AdminListCount count={totalCount} noun={["product", "products"]} filtered={filtered} allHref="/admin/products" />
      {products.length > 0 ? (
        <AdminProductList products={products} />
      ) : (
        <p className="mt-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-8 text-center text-ink-muted">
          {filtered ? "No product matches." : "No products yet."}
        </p>
      )}
      <Pagination links={pagination} className="mt-6" />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Products", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

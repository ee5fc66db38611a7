import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { productListSorts } from "~/backend/ports/catalogue";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { ResponsiveImage } from "~/components/responsive-image";
import { orBackOfficeRefusal, requireSearchShare } from "~/modules/admin/fair-share.server";
import { loadPage } from "~/modules/admin/paging.server";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  parseProductFilter,
  PRODUCT_SEARCH_MAX_LENGTH,
  productSortLabels,
  productStatusLabels,
  toAdminProductRow,
  type AdminProductRow,
} from "~/modules/admin/product-list";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { productStatuses } from "~/modules/catalog/product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, catalogue } = await requireStaff(request, context);
  await requireSearchShare(user.id);
  const url = new URL(request.url);
  const filter = parseProductFilter(url.searchParams);
  const { result, pagination } = await loadPage(url, ADMIN_PRODUCTS_PAGE_SIZE, (window) =>
    orBackOfficeRefusal(orUnavailablePage(catalogue.listProducts({ ...filter, ...window }))),
  );
  return { filter, products: result.products.map(toAdminProductRow), totalCount: result.totalCount, pagination };
}

export const action = refusePostUnlessStaff;

const statusClasses: Record<AdminProductRow["status"], string> = {
  active: "bg-green-50 text-green-800 ring-green-200",
  draft: "bg-sand-100 text-ink ring-sand-300",
  archived: "bg-ink/5 text-ink-muted ring-sand-300",
};

export default function AdminProducts() {
  const { filter, products, totalCount, pagination } = useLoaderData<typeof loader>();
  const filtered = filter.status !== null || filter.search !== "";
  return (
    <AdminShell
      title="Products"
      actions={
        <Link to="/admin/products/new" className="btn-primary">
          New product
        </Link>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label="Products"
        className="mt-6 grid gap-3 sm:grid-cols-[10rem_12rem_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="products-status" className="mb-1 block text-sm font-medium text-ink">
            Status
          </label>
          <select id="products-status" name="status" defaultValue={filter.status ?? ""} className="input">
            <option value="">Every status</option>
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {productStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="products-sort" className="mb-1 block text-sm font-medium text-ink">
            Order
          </label>
          <select id="products-sort" name="sort" defaultValue={filter.sort} className="input">
            {productListSorts.map((sort) => (
              <option key={sort} value={sort}>
                {productSortLabels[sort]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="products-search" className="mb-1 block text-sm font-medium text-ink">
            Search
          </label>
          <input
            id="products-search"
            name="q"
            type="search"
            defaultValue={filter.search}
            maxLength={PRODUCT_SEARCH_MAX_LENGTH}
            placeholder="Name, id or SKU"
            className="input"
          />
        </div>
        <button type="submit" className="btn-primary">
          Show products
        </button>
      </Form>

      <p className="mt-6 text-sm text-ink-muted" role="status">
        {totalCount} {totalCount === 1 ? "product" : "products"}
        {filtered ? " match" : ""}
        {filtered ? (
          <>
            {" "}
            ·{" "}
            <Link
              to="/admin/products"
              className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
            >
              Show every product
            </Link>
          </>
        ) : null}
      </p>
      {products.length > 0 ? (
        <ul aria-label="Products" className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
          {products.map((product) => (
            <li
              key={product.id}
              className="grid grid-cols-[3.5rem_1fr] items-center gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[3.5rem_1fr_auto_auto]"
            >
              <div className="row-span-2 aspect-[4/5] w-14 overflow-hidden rounded-lg sm:row-span-1">
                {product.cover ? (
                  <ResponsiveImage image={product.cover} sizes="56px" alt="" className="h-full w-full object-cover" />
                ) : (
                  <div aria-hidden="true" className="h-full w-full bg-sand-100" />
                )}
              </div>
              <div className="min-w-0">
                <Link
                  to={`/admin/products/${product.id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                >
                  {product.name}
                </Link>
                <p className="truncate text-xs text-ink-muted">{product.id}</p>
              </div>
              <p className="text-sm text-ink">
                {product.price}
                <span className={`block ${product.soldOut ? "font-semibold text-red-700" : "text-ink-muted"}`}>
                  {product.soldOut ? "Out of stock" : product.stock}
                </span>
              </p>
              <span
                className={`justify-self-start whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ring-1 sm:justify-self-end ${statusClasses[product.status]}`}
              >
                {productStatusLabels[product.status]}
              </span>
            </li>
          ))}
        </ul>
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

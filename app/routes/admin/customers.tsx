import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminListCount } from "~/components/admin-list-count";
import { ListSearchField } from "~/components/admin-list-filters";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import {
  ADMIN_CUSTOMERS_PAGE_SIZE,
  CUSTOMER_SEARCH_MAX_LENGTH,
  parseCustomerSearch,
  toAdminCustomerRow,
} from "~/modules/admin/customers";
import { orBackOfficeRefusal, requireSearchShare } from "~/modules/admin/fair-share.server";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { loadPage } from "~/modules/admin/paging.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { getEnv } from "~/site/env.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, backend } = await requireStaff(request, context);
  // A search or a page of the list counts against the staff member's share, as the orders list's do (decision 0035).
  await requireSearchShare(user.id);
  const url = new URL(request.url);
  const search = parseCustomerSearch(url.searchParams);
  const { result, pagination } = await loadPage(url, ADMIN_CUSTOMERS_PAGE_SIZE, (window) =>
    orBackOfficeRefusal(orUnavailablePage(backend.staffCustomers.listCustomers({ search, ...window }))),
  );
  const timeZone = getEnv().SHOP_TIME_ZONE;
  return {
    search,
    customers: result.customers.map((customer) =>
      toAdminCustomerRow(customer, (iso) => formatShopDateTime(iso, timeZone)),
    ),
    totalCount: result.totalCount,
    pagination,
  };
}

export const action = refusePostUnlessStaff;

export default function AdminCustomers() {
  const { search, customers, totalCount, pagination } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Customers">
      <Form
        method="get"
        role="search"
        aria-label="Customers"
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <ListSearchField
          id="customers-search"
          value={search}
          maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
          placeholder="E-mail or name"
        />
        <button type="submit" className="btn-primary">
          Show customers
        </button>
      </Form>
      <AdminListCount
        count={totalCount}
        noun={["customer", "customers"]}
        filtered={search !== ""}
        allHref="/admin/customers"
      />
      {customers.length > 0 ? (
        <ul
          aria-label="Customers, latest order first"
          className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white"
        >
          {customers.map((customer) => (
            <li
              key={customer.key}
              className="grid gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[1fr_auto_8rem] sm:items-center"
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/customers/${customer.key}`}
                  className="inline-flex min-h-11 max-w-full items-center font-semibold text-brand-700 hover:underline"
                  dir="auto"
                >
                  <span className="truncate">{customer.name}</span>
                </Link>
                <p className="truncate text-sm text-ink-muted" title={customer.email}>
                  {customer.email} · {customer.member ? "member" : "guest"}
                </p>
              </div>
              <p className="text-sm text-ink-muted">
                {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"}
                {customer.lastOrder ? ` · last ${customer.lastOrder}` : ""}
              </p>
              <p className="font-semibold text-ink sm:text-right">{customer.totalSpent}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-8 text-center text-ink-muted">
          {search ? "No customer matches." : "No customers yet."}
        </p>
      )}
      <Pagination links={pagination} className="mt-6" />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Customers", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminListCount } from "~/components/admin-list-count";
import { ListFilterSelect, ListSearchField } from "~/components/admin-list-filters";
import { AdminOrderList } from "~/components/admin-order-list";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { orBackOfficeRefusal, requireSearchShare } from "~/modules/admin/fair-share.server";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  filterQuery,
  parseOrderFilter,
  SEARCH_MAX_LENGTH,
} from "~/modules/admin/order-filters";
import { toAdminOrderRow } from "~/modules/admin/order-rows";
import { loadPage } from "~/modules/admin/paging.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { ORDER_STATUSES, statusLabel } from "~/modules/orders/lifecycle";
import { getEnv } from "~/site/env.server";

// The packing slips' form: tick orders in the list, then 'Packing slips' prints them, one to a page.
const SLIPS_FORM = "packing-slips";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, staff } = await requireStaff(request, context);
  await requireSearchShare(user.id);
  const url = new URL(request.url);
  const filter = parseOrderFilter(url.searchParams);
  const { result, pagination } = await loadPage(url, ADMIN_ORDERS_PAGE_SIZE, (window) =>
    orBackOfficeRefusal(orUnavailablePage(staff.listOrders({ ...filter, ...window }))),
  );
  const timeZone = getEnv().SHOP_TIME_ZONE;
  return {
    filter,
    orders: result.orders.map((order) => toAdminOrderRow(order, timeZone)),
    totalCount: result.totalCount,
    pagination,
    exportHref: `/admin/orders/export.csv${filterQuery(filter)}`,
  };
}

export const action = refusePostUnlessStaff;

export default function AdminOrders() {
  const { filter, orders, totalCount, pagination, exportHref } = useLoaderData<typeof loader>();
  const filtered = filter.status !== null || filter.search !== "";
  return (
    <AdminShell
      title="Orders"
      actions={
        <div className="flex flex-wrap gap-3">
          {/* A plain GET form to a document of its own (no app scripts): the checkboxes below belong to it. */}
          <form id={SLIPS_FORM} method="get" action="/admin/orders/packing-slips">
            <button type="submit" className="btn-outline">
              Packing slips
            </button>
          </form>
          {/* A plain link, no client-side routing: the file comes as an attachment, so the page stays. No `download`
          attribute: with it a browser saves whatever comes back, and a refusal (429) must show as the page it is. */}
          <a href={exportHref} className="btn-outline">
            Export CSV
          </a>
        </div>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label="Orders"
        className="mt-6 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        <ListFilterSelect
          id="orders-status"
          name="status"
          label="Status"
          value={filter.status ?? ""}
          options={[
            { value: "", label: "All orders" },
            ...ORDER_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
          ]}
        />
        <ListSearchField
          id="orders-search"
          value={filter.search}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Order number, e-mail or name"
        />
        <button type="submit" className="btn-primary">
          Show orders
        </button>
      </Form>

      <AdminListCount count={totalCount} noun={["order", "orders"]} filtered={filtered} allHref="/admin/orders" />
      {orders.length > 0 ? (
        <div className="mt-3">
          <AdminOrderList orders={orders} label="Orders, newest first" selectForm={SLIPS_FORM} />
        </div>
      ) : (
        <p className="mt-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-8 text-center text-ink-muted">
          {filtered ? "No order matches." : "No orders yet."}
        </p>
      )}
      <Pagination links={pagination} className="mt-6" />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Orders", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        // The database stopped the search at its time limit (orBackOfficeRefusal).
        504: () => (
          <ErrorPage
            title="That search took too long"
            message="It was stopped. Narrow it (a status, more of the name or e-mail) and try again."
            action={{ to: "/admin/orders", label: "Show every order" }}
          />
        ),
      }}
    />
  );
}

import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminListCount } from "~/components/admin-list-count";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { toneBadgeClasses } from "~/modules/account/orders";
import { orBackOfficeRefusal } from "~/modules/admin/fair-share.server";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { loadPage } from "~/modules/admin/paging.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { isReturnState, RETURN_STATE_RULES, RETURN_STATES } from "~/modules/orders/lifecycle";
import { returnRequestView } from "~/modules/orders/returns";
import { getEnv } from "~/site/env.server";

// The back office's return and exchange requests (issue 40, decision 0047): newest first, with their state; each
// links to its order's page, where staff move it.

const ADMIN_RETURNS_PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("state");
  const state = isReturnState(asked) ? asked : null;
  const { result, pagination } = await loadPage(url, ADMIN_RETURNS_PAGE_SIZE, (window) =>
    orBackOfficeRefusal(orUnavailablePage(backend.staffReturns.list({ state, ...window }))),
  );
  const timeZone = getEnv().SHOP_TIME_ZONE;
  return {
    state,
    requests: result.requests.map((request) => ({
      ...returnRequestView(request, request.currency),
      orderId: request.orderId,
      orderNumber: request.orderId.slice(-8),
      askedAt: formatShopDateTime(request.createdAt, timeZone),
      customer: request.name || request.email,
      email: request.email,
    })),
    totalCount: result.totalCount,
    pagination,
  };
}

export const action = refusePostUnlessStaff;

export default function AdminReturns() {
  const { state, requests, totalCount, pagination } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Returns">
      <Form method="get" aria-label="Returns" className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <div>
          <label htmlFor="returns-state" className="mb-1 block text-sm font-medium text-ink">
            State
          </label>
          <select id="returns-state" name="state" defaultValue={state ?? ""} className="input">
            <option value="">Every state</option>
            {RETURN_STATES.map((value) => (
              <option key={value} value={value}>
                {RETURN_STATE_RULES[value].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Show requests
        </button>
      </Form>
      <AdminListCount
        count={totalCount}
        noun={["request", "requests"]}
        filtered={state !== null}
        allHref="/admin/returns"
      />
      {requests.length > 0 ? (
        <ul
          aria-label="Return and exchange requests, newest first"
          className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white"
        >
          {requests.map((request) => (
            <li
              key={request.id}
              data-testid="admin-return"
              className="grid gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/orders/${request.orderId}#returns-heading`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                >
                  {request.title} · order #{request.orderNumber}
                </Link>
                <p className="truncate text-sm text-ink-muted" title={request.email}>
                  {request.customer} · asked {request.askedAt}
                </p>
                <p className="text-sm text-ink-muted">{request.lines.join("; ")}</p>
              </div>
              <span
                data-return-state={request.state}
                className={`inline-block justify-self-start whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ring-1 sm:justify-self-end ${toneBadgeClasses(request.tone)}`}
              >
                {request.stateLabel}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-8 text-center text-ink-muted">
          {state ? "No request is in that state." : "No return or exchange requests yet."}
        </p>
      )}
      <Pagination links={pagination} className="mt-6" />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Returns", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { loadPage } from "~/modules/admin/paging.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { getEnv } from "~/site/env.server";

const PAGE_SIZE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  const { result, pagination } = await loadPage(new URL(request.url), PAGE_SIZE, (window) =>
    orUnavailablePage(staff.listSubscribers(window)),
  );
  const timeZone = getEnv().SHOP_TIME_ZONE;
  return {
    subscribers: result.subscribers.map((subscriber) => ({
      id: subscriber.id,
      email: subscriber.email,
      confirmedAt: formatShopDateTime(subscriber.confirmedAt, timeZone),
      iso: subscriber.confirmedAt,
    })),
    totalCount: result.totalCount,
    pagination,
  };
}

export const action = refusePostUnlessStaff;

export default function AdminSubscribers() {
  const { subscribers, totalCount, pagination } = useLoaderData<typeof loader>();
  return (
    <AdminShell
      title="Subscribers"
      actions={
        // No `download` attribute, as on the orders list: a refusal (429) shows as a page.
        <a href="/admin/subscribers/export.csv" className="btn-outline">
          Export CSV
        </a>
      }
    >
      <p className="mt-4 text-sm text-ink-muted">
        {totalCount} confirmed newsletter {totalCount === 1 ? "subscriber" : "subscribers"}, newest first.
      </p>
      {subscribers.length > 0 ? (
        <ul
          aria-label="Subscribers, newest first"
          className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white"
        >
          {subscribers.map((subscriber) => (
            <li
              key={subscriber.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
            >
              <span className="min-w-0 break-all font-medium text-ink">{subscriber.email}</span>
              <span className="text-ink-muted">
                Confirmed <time dateTime={subscriber.iso}>{subscriber.confirmedAt}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-8 text-center text-ink-muted">
          No subscribers yet.
        </p>
      )}
      <Pagination links={pagination} className="mt-6" />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Subscribers", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

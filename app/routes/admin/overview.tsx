import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminOrderList } from "~/components/admin-order-list";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { toAdminOrderRow } from "~/modules/admin/order-rows";
import { periodTotals, revenueBars } from "~/modules/admin/overview";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import { formatCents } from "~/modules/money";
import { getEnv } from "~/site/env.server";

const CHART = { width: 600, height: 160 } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  const timeZone = getEnv().SHOP_TIME_ZONE;
  const overview = await orUnavailablePage(staff.overview({ timeZone }));
  const totals = periodTotals(overview.days);
  const money = (cents: number) => formatCents(cents, "usd");
  const { bars, maxRevenue } = revenueBars(overview.days, CHART.width, CHART.height);
  const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
  return {
    waiting: overview.waiting,
    periods: [
      { name: "Today", ...totals.today },
      { name: "Last 7 days", ...totals.week },
      { name: "Last 30 days", ...totals.month },
    ].map((period) => ({ name: period.name, count: period.count, revenue: money(period.revenue) })),
    chart: {
      bars: bars.map((bar, index) => {
        const day = overview.days[index]!;
        return {
          ...bar,
          label: `${label(day.day)}: ${money(day.revenue)}, ${day.count} ${day.count === 1 ? "order" : "orders"}`,
        };
      }),
      max: money(maxRevenue),
      first: label(overview.days[0]?.day ?? ""),
      last: label(overview.days.at(-1)?.day ?? ""),
    },
    newest: overview.newest.map((order) => toAdminOrderRow(order, timeZone)),
    timeZone,
  };
}

export const action = refusePostUnlessStaff;

export default function AdminOverview() {
  const { waiting, periods, chart, newest, timeZone } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Overview">
      <section aria-labelledby="waiting-heading" className="mt-6">
        <h2 id="waiting-heading" className="text-lg font-semibold text-ink">
          Waiting for you
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          <li>
            <Link
              to="/admin/orders?status=pending"
              className="flex min-h-11 items-center justify-between rounded-2xl border border-yellow-300 bg-yellow-50 px-4 py-3 text-ink hover:bg-yellow-100"
            >
              <span>Pending (waiting for payment)</span>
              <strong className="text-2xl">{waiting.pending}</strong>
            </Link>
          </li>
          <li>
            <Link
              to="/admin/orders?status=paid"
              className="flex min-h-11 items-center justify-between rounded-2xl border border-green-300 bg-green-50 px-4 py-3 text-ink hover:bg-green-100"
            >
              <span>Paid, to ship</span>
              <strong className="text-2xl">{waiting.paid}</strong>
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="sales-heading" className="mt-8">
        <h2 id="sales-heading" className="text-lg font-semibold text-ink">
          Sales
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Orders placed (cancelled ones aside) and the revenue of those paid, by day in {timeZone}.
        </p>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          {periods.map((period) => (
            <div key={period.name} className="rounded-2xl border border-sand-200 bg-white px-4 py-3">
              <dt className="text-sm font-medium text-ink-muted">{period.name}</dt>
              <dd className="mt-1 text-ink">
                <span className="block text-2xl font-semibold">{period.revenue}</span>
                <span className="text-sm text-ink-muted">
                  {period.count} {period.count === 1 ? "order" : "orders"}
                </span>
              </dd>
            </div>
          ))}
        </dl>
        <figure className="mt-4 rounded-2xl border border-sand-200 bg-white p-4">
          <svg
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="img"
            aria-labelledby="chart-title"
            className="h-40 w-full"
            preserveAspectRatio="none"
          >
            <title id="chart-title">{`Paid revenue per day, ${chart.first} to ${chart.last}; the highest day ${chart.max}`}</title>
            {chart.bars.map((bar) => (
              <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className="fill-brand-700">
                <title>{bar.label}</title>
              </rect>
            ))}
          </svg>
          <figcaption className="mt-2 flex justify-between text-xs text-ink-muted">
            <span>{chart.first}</span>
            <span>Paid revenue per day (highest {chart.max})</span>
            <span>{chart.last}</span>
          </figcaption>
        </figure>
      </section>

      <section aria-labelledby="newest-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="newest-heading" className="text-lg font-semibold text-ink">
            Newest orders
          </h2>
          <Link
            to="/admin/orders"
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
          >
            All orders
          </Link>
        </div>
        {newest.length > 0 ? (
          <div className="mt-3">
            <AdminOrderList orders={newest} label="Newest orders" />
          </div>
        ) : (
          <p className="mt-3 text-ink-muted">No orders yet.</p>
        )}
      </section>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Overview", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { Link } from "@remix-run/react";

import { StatusBadge } from "~/components/status-badge";
import type { AdminOrderRow } from "~/modules/admin/order-rows";

/**
 * Orders as a list of cards: one line each on a wide screen, stacked on a phone; the number opens the order. With
 * `selectForm`, each card has a checkbox that belongs to that form (the packing slips' GET form), by the `form`
 * attribute, so the list needs no script and no form around it.
 */
export function AdminOrderList({
  orders,
  label,
  selectForm,
}: {
  orders: readonly AdminOrderRow[];
  label: string;
  selectForm?: string;
}) {
  return (
    <ul aria-label={label} className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
      {orders.map((order) => (
        <li
          key={order.id}
          className={`grid gap-x-4 gap-y-1 px-4 py-3 sm:items-center ${
            selectForm
              ? "grid-cols-[2.75rem_1fr] sm:grid-cols-[2.75rem_8rem_1fr_auto_7rem]"
              : "sm:grid-cols-[8rem_1fr_auto_7rem]"
          }`}
        >
          {selectForm ? (
            <label className="row-span-4 inline-flex size-11 cursor-pointer items-center justify-center sm:row-span-1">
              <input
                type="checkbox"
                name="ids"
                value={order.id}
                form={selectForm}
                className="size-5 accent-brand-700"
              />
              <span className="sr-only">Choose order #{order.number}</span>
            </label>
          ) : null}
          <Link
            to={`/admin/orders/${order.id}`}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
          >
            <span className="sr-only">Order </span>#{order.number}
          </Link>
          <div className="min-w-0 text-sm">
            <p className="font-medium text-ink" dir="auto">
              {order.name}
              {order.guest ? <span className="ml-2 text-xs font-normal text-ink-muted">(guest)</span> : null}
            </p>
            <p className="truncate text-ink-muted" title={order.email}>
              {order.email}
            </p>
          </div>
          <p className="text-sm text-ink-muted">
            {order.placedAt} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
          </p>
          <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
            <StatusBadge status={order.status} />
            <span className="font-semibold text-ink">{order.total}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

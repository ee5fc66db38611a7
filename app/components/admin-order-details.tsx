import { Form } from "@remix-run/react";

import { OrderLine, OrderTotals } from "~/components/order-summary";
import { REVOKE_GUEST_LINK_INTENT, type AdminOrderView } from "~/modules/admin/order-view";
import { AdminPanel } from "./admin-panel";

// The back office's order page, apart from its status and note forms (admin-order-status.tsx, admin-order-note.tsx).

/** What was ordered, at what price, and the totals charged. */
export function AdminOrderItems({ order }: { order: AdminOrderView }) {
  return (
    <AdminPanel id="items-heading" title="Items">
      <ul className="mt-3 divide-y divide-sand-200">
        {order.items.map((item) => (
          <OrderLine
            key={item.id}
            image={item.image}
            name={item.name}
            variant={item.variant}
            details={
              <>
                <p className="text-ink-muted">Product ID: {item.productId}</p>
                <p className="mt-1 text-ink-muted">
                  {item.quantity} × {item.unitPrice}
                </p>
              </>
            }
            end={item.lineTotal}
          />
        ))}
      </ul>
      <OrderTotals
        compact
        subtotal={order.subtotal}
        shipping={order.shipping}
        discount={order.discount}
        total={order.total}
      />
    </AdminPanel>
  );
}

/** Who ordered and where it goes; for a guest, their order page's link and the form that revokes it. */
export function AdminOrderCustomer({ order, sendsMail }: { order: AdminOrderView; sendsMail: boolean }) {
  return (
    <AdminPanel id="customer-heading" title="Customer">
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-ink">E-mail</dt>
          <dd className="text-ink-muted">
            <a
              href={`mailto:${order.email}`}
              className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
            >
              {order.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Account</dt>
          <dd className="text-ink-muted">{order.customer}</dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Shipping address</dt>
          <dd>
            <address className="not-italic text-ink-muted">
              {order.address.map((line, index) => (
                <span key={index} className="block" dir="auto">
                  {line}
                </span>
              ))}
              <span className="block">Phone: {order.phone}</span>
            </address>
          </dd>
        </div>
        {order.carrier ? (
          <div>
            <dt className="font-medium text-ink">Tracking</dt>
            <dd className="text-ink-muted">
              {order.carrier} {order.trackingNumber}
              {order.trackingUrl ? (
                <>
                  {" "}
                  <a
                    href={order.trackingUrl}
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
                  >
                    Track the parcel
                  </a>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {order.customer === "Guest" ? (
        <div className="mt-4 border-t border-sand-200 pt-4 text-sm">
          <p className="text-ink-muted">
            {order.guestLinkActive
              ? sendsMail
                ? "The guest can open this order's page from the link in their confirmation e-mail, and in the browser that placed it."
                : "The guest can open this order's page in the browser that placed it."
              : "The guest's order-page link no longer works."}
          </p>
          {order.guestLinkActive ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value={REVOKE_GUEST_LINK_INTENT} />
              <button type="submit" className="btn-outline">
                Revoke guest link
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </AdminPanel>
  );
}

/** Every status change and note, oldest first, with who made it. */
export function AdminOrderTimeline({ order }: { order: AdminOrderView }) {
  return (
    <AdminPanel id="timeline-heading" title="Timeline">
      <ol className="mt-3 space-y-3 border-l-2 border-sand-200 pl-4 text-sm">
        {order.timeline.map((entry) => (
          <li key={entry.key}>
            <p className="font-medium text-ink">{entry.change ?? entry.note}</p>
            <p className="text-ink-muted">
              <time dateTime={entry.iso}>{entry.at}</time> · {entry.who}
            </p>
            {entry.change && entry.note ? <p className="mt-1 text-ink">Note: {entry.note}</p> : null}
            {entry.tracking ? <p className="mt-1 text-ink">Tracking: {entry.tracking}</p> : null}
          </li>
        ))}
      </ol>
    </AdminPanel>
  );
}

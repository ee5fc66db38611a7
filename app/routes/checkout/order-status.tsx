import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderProgress } from "~/components/order-progress";
import { OrderLine, OrderTotals } from "~/components/order-summary";
import { ReturnRequests } from "~/components/return-requests";
import { StatusBadge } from "~/components/status-badge";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { orderNumber, orderProgress } from "~/modules/account/orders";
import { getSession } from "~/modules/auth/session.server";
import { browserOrderToken, readBrowserOrder } from "~/modules/checkout/browser-orders.server";
import { orderQuestionsText } from "~/modules/checkout/order-mail-copy";
import { formatLongDate } from "~/modules/dates";
import { discountLineOf, itemsSubtotalCents } from "~/modules/discounts/order-discount";
import { formatCents } from "~/modules/money";
import { refundSummary } from "~/modules/orders/refunds";
import { returnsSummary } from "~/modules/orders/return-page.server";
import { getEnv } from "~/site/env.server";

/**
 * A guest's own order page (decision 0029), opened by the link in their confirmation e-mail, or by `?order=` in the
 * browser that placed the order, with its link to it (decision 0034): no sign-in is needed; it shows the status,
 * tracking and items, nothing else (no address, no e-mail), and stops working when staff revoke it. The token travels
 * in the query, which the request log leaves out.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const placedHere = query.get("order");
  const { backend } = await getSession(request, context);
  const order = await orUnavailablePage(
    placedHere !== null && !query.has("token")
      ? readBrowserOrder(request, backend.guestOrders, placedHere)
      : backend.guestOrders.get({ token: query.get("token") ?? "" }),
  );
  if (!order) throw new Response("Not Found", { status: 404 });
  // Its returns and exchanges (decision 0047), proved by the same token the page was opened with.
  const token = query.get("token");
  const proof = placedHere !== null && token === null ? await browserOrderToken(request, placedHere) : token;
  const returns =
    order.status === "delivered"
      ? await orUnavailablePage(backend.returns.forOrder({ orderId: order.id, proof }))
      : null;
  const money = (cents: number) => formatCents(cents, order.currency);
  return {
    order: {
      number: orderNumber(order.id),
      placedOn: formatLongDate(order.createdAt),
      status: order.status,
      refunded: refundSummary(order),
      items: order.items.map((item) => ({
        id: item.id,
        name: item.productName,
        variant: item.variantLabel,
        quantity: item.quantity,
        unitPrice: money(item.pricePerItem),
        lineTotal: money(item.pricePerItem * item.quantity),
      })),
      subtotal: money(itemsSubtotalCents(order.items)),
      discount: discountLineOf(order.discount, order.currency),
      shipping: order.shippingAmount === 0 ? "Free" : money(order.shippingAmount),
      total: money(order.totalAmount),
      progress: orderProgress(order),
    },
    returns: returnsSummary(returns, token !== null ? { token } : { orderId: order.id }),
    sendsMail: getEnv().MAIL !== "off",
  };
}

export default function GuestOrderPage() {
  const { order, returns, sendsMail } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl text-ink sm:text-4xl">Order #{order.number}</h1>
          <p className="mt-1 text-sm text-ink-muted">Placed on {order.placedOn}</p>
        </div>
        <StatusBadge status={order.status} refunded={order.refunded} className="text-sm" />
      </div>
      <div className="mt-8 space-y-6 rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
        <OrderProgress progress={order.progress} headingId="progress-heading" />
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="text-sm font-semibold text-ink">
            Items
          </h2>
          <ul className="mt-2 divide-y divide-sand-200">
            {order.items.map((item) => (
              <OrderLine
                key={item.id}
                name={item.name}
                variant={item.variant}
                details={
                  <p className="text-ink-muted">
                    {item.quantity} × {item.unitPrice} = <span className="text-ink">{item.lineTotal}</span>
                  </p>
                }
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
        </section>
        <ReturnRequests requests={returns.requests} headingId="returns-heading" />
        {returns.askHref ? (
          <Link to={returns.askHref} className="btn btn-outline w-full">
            Return or exchange items
          </Link>
        ) : null}
      </div>
      <p className="mt-6 text-sm text-ink-muted">
        Questions about your order?{" "}
        <Link to="/faq" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
          See our FAQ
        </Link>{" "}
        {orderQuestionsText(sendsMail)}
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order #${data.order.number}` : "Order link not valid" },
  { name: "robots", content: "noindex" },
];

/** Personal, and its address is a key: never stored, never sent on as a Referer (the carrier's tracking page). */
export const headers: HeadersFunction = () => ({ ...PRIVATE_HEADERS, "Referrer-Policy": "no-referrer" });

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title="This order link does not work"
            message="The link may be incomplete, or the shop has turned it off. Contact us with your order number and we will help."
          />
        ),
      }}
    />
  );
}

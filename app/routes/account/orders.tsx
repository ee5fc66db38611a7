import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import type { Order } from "~/backend/ports/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Package } from "~/components/icons";
import { OrderProgress } from "~/components/order-progress";
import { OrderLine, OrderTotals } from "~/components/order-summary";
import { Pagination, paginationHeadLinks } from "~/components/pagination";
import { ReturnRequests } from "~/components/return-requests";
import { StatusBadge } from "~/components/status-badge";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { orderNumber, orderProgress, ORDERS_PAGE_SIZE, shippingAddressLines } from "~/modules/account/orders";
import { requireUser } from "~/modules/auth/session.server";
import { findProduct } from "~/modules/catalog/catalog.server";
import { shippingMethodName } from "~/modules/checkout/shipping";
import { formatLongDate } from "~/modules/dates";
import { discountLineOf, itemsSubtotalCents } from "~/modules/discounts/order-discount";
import { formatCents } from "~/modules/money";
import { refundSummary } from "~/modules/orders/refunds";
import { returnsSummary } from "~/modules/orders/return-page.server";
import { pageCount, pageHref, pageOffset, paginationLinks, parsePageRequest, resolvePage } from "~/modules/pagination";
import { originFromMatches, seo } from "~/site/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { member, backend } = await requireUser(request, context);
  const url = new URL(request.url);
  const pageRequest = parsePageRequest(url.searchParams);
  const requestedPage = pageRequest.kind === "number" ? pageRequest.page : 1;
  try {
    // Newest first, only this user's orders, one page of them: the database pages and counts.
    const { orders, totalCount } = await member.orders.listPageForUser({
      limit: ORDERS_PAGE_SIZE,
      // Past any real offset (and safe for the database) when the page number is absurd: only the count comes back.
      offset: Math.min(pageOffset(requestedPage, ORDERS_PAGE_SIZE), Number.MAX_SAFE_INTEGER),
    });
    const totalPages = pageCount(totalCount, ORDERS_PAGE_SIZE);
    // Malformed, "1" or past-the-end page numbers go to the nearest real page (the rule is in resolvePage).
    const resolved = resolvePage(pageRequest, totalPages);
    if ("redirectToPage" in resolved) {
      throw redirect(pageHref(url.pathname, url.searchParams, resolved.redirectToPage));
    }
    // A delivered order's returns and exchanges (decision 0047): read beside the order, one call each.
    const returns = await Promise.all(
      orders.map((order) =>
        order.status === "delivered" ? backend.returns.forOrder({ orderId: order.id }) : Promise.resolve(null),
      ),
    );
    return data({
      orders: orders.map((order, index) => ({
        ...toOrderCard(order),
        returns: returnsSummary(returns[index] ?? null, { orderId: order.id }),
      })),
      pagination: paginationLinks(url.pathname, url.searchParams, resolved.page, totalPages),
      loadFailed: false,
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error("Failed to load orders:", error);
    return data(
      {
        orders: [],
        pagination: undefined,
        // Said on the page (role="alert"), in one place: a toast would repeat it.
        loadFailed: true,
      },
      { status: 503 },
    );
  }
}

/** What a card shows: each line as it was bought (the order keeps its name, variant and picture). */
function toOrderCard(order: Order) {
  return {
    id: order.id,
    number: orderNumber(order.id),
    placedOn: formatLongDate(order.createdAt),
    status: order.status,
    refunded: refundSummary(order),
    total: formatCents(order.totalAmount, order.currency),
    progress: orderProgress(order),
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      // The page links to a product still in the shop; a line keeps its name either way.
      href: findProduct(item.productId) ? `/product/${item.productId}` : undefined,
      name: item.productName,
      variant: item.variantLabel,
      image: item.image,
      quantity: item.quantity,
      pricePerItem: formatCents(item.pricePerItem, order.currency),
    })),
    subtotal: formatCents(itemsSubtotalCents(order.items), order.currency),
    discount: discountLineOf(order.discount, order.currency),
    shippingMethod: shippingMethodName(order.shippingMethod),
    shipping: order.shippingAmount === 0 ? "Free" : formatCents(order.shippingAmount, order.currency),
    shippingAddress: shippingAddressLines(order.shippingAddress),
  };
}

type OrderCardData = ReturnType<typeof toOrderCard> & { returns: ReturnType<typeof returnsSummary> };

export default function OrdersPage() {
  const { orders, pagination, loadFailed } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-16">
      <h1 className="font-serif text-3xl text-ink sm:text-4xl">Order History</h1>
      {loadFailed ? (
        <div role="alert" className="mt-8 rounded-2xl border border-red-300 bg-red-50 p-6 text-red-800">
          <p className="font-semibold">Failed to load orders</p>
          <p className="mt-1 text-sm">Please try again in a moment.</p>
          <Link to="/orders" className="btn btn-outline mt-4">
            Try again
          </Link>
        </div>
      ) : orders.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-sand-200 bg-sand-50 px-6 py-16 text-center">
          <Package aria-hidden className="size-12 text-brand-700" />
          <h2 className="mt-4 font-serif text-2xl text-ink">No Orders Yet</h2>
          <p className="mt-2 text-ink-muted">When you place an order, it will appear here.</p>
          <Link to="/shop" className="btn btn-primary mt-6">
            Start Shopping
          </Link>
        </div>
      ) : (
        <ol className="mt-8 space-y-6">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ol>
      )}
      {pagination ? <Pagination links={pagination} className="mt-10" /> : null}
    </div>
  );
}

function OrderCard({ order }: { order: OrderCardData }) {
  const headingId = `order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-sand-200 pb-4">
        <div>
          <h2 id={headingId} className="font-serif text-xl text-ink">
            Order #{order.number}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Placed on {order.placedOn}</p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <StatusBadge status={order.status} refunded={order.refunded} />
          <p className="text-right">
            <span className="block text-xs text-ink-muted">Total Amount</span>
            <span className="text-lg font-semibold text-ink">{order.total}</span>
          </p>
        </div>
      </header>

      <div className="mt-4 grid gap-6 md:grid-cols-[2fr_1fr]">
        <section aria-labelledby={`${headingId}-items`}>
          <h3 id={`${headingId}-items`} className="text-sm font-semibold text-ink">
            Items
          </h3>
          <ul className="mt-2 divide-y divide-sand-200">
            {order.items.map((item) => (
              <OrderLine
                key={item.id}
                testId="order-item"
                small
                image={item.image}
                imageHref={item.href}
                name={
                  item.href ? (
                    <Link to={item.href} className="hover:underline">
                      {item.name}
                    </Link>
                  ) : (
                    item.name
                  )
                }
                variant={item.variant}
                details={<p className="text-xs text-ink-muted">Product ID: {item.productId}</p>}
                end={
                  <>
                    <span className="block font-normal text-ink-muted">Qty: {item.quantity}</span>
                    <span className="block font-normal">{item.pricePerItem} each</span>
                  </>
                }
              />
            ))}
          </ul>
          <OrderTotals
            compact
            subtotal={order.subtotal}
            shippingMethod={order.shippingMethod}
            shipping={order.shipping}
            discount={order.discount}
          />
        </section>
        <div className="space-y-6">
          <section aria-labelledby={`${headingId}-shipping`}>
            <h3 id={`${headingId}-shipping`} className="text-sm font-semibold text-ink">
              Shipping Address
            </h3>
            <address className="mt-2 text-sm not-italic leading-relaxed text-ink-muted">
              {order.shippingAddress.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
          <OrderProgress progress={order.progress} headingId={`${headingId}-progress`} />
          <ReturnRequests requests={order.returns.requests} headingId={`${headingId}-returns`} />
          {order.returns.askHref ? (
            <Link to={order.returns.askHref} className="btn btn-outline w-full">
              Return or exchange items
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = originFromMatches(matches);
  const page = data?.pagination?.page ?? 1;
  return [
    ...seo({
      title: page > 1 ? `Order History (Page ${page})` : "Order History",
      description: "Your orders and their status.",
      origin,
      path: page > 1 ? `/orders?page=${page}` : "/orders",
      noIndex: true,
    }),
    ...paginationHeadLinks(data?.pagination, origin),
  ];
};

/** Personal pages: never stored by a browser or a shared cache. */
export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

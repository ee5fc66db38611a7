// The return request page's server half (issue 40, decision 0047): which order the URL names and the proof that the
// asker owns it (a member's session; a guest's e-mailed token or this browser's link), and the page's data.
import type { RequestBackend } from "~/backend/ports/backend";
import type { OrderReturns } from "~/backend/ports/returns";
import { orderNumber } from "~/modules/account/orders";
import { browserOrderPage, browserOrderToken } from "~/modules/checkout/browser-orders.server";
import { formatLongDate } from "~/modules/dates";
import { returnWindowEnd } from "~/modules/orders/lifecycle";
import {
  orderLinkQuery,
  returnLabelHref,
  returnRefusal,
  returnRequestView,
  unitsAsked,
  type OrderLinkRef,
} from "~/modules/orders/returns";

export interface ReturnOrderRef {
  orderId: string;
  proof: string | null;
  /** The order's own page, where the shopper came from. */
  back: string;
  /** How this page's links name the order again. */
  link: OrderLinkRef;
}

/** `?token=` (the guest's e-mailed link) or `?order=<id>` (a member's order, or one this browser placed); else null. */
export async function returnOrderRef(
  request: Request,
  backend: RequestBackend,
  signedIn: boolean,
): Promise<ReturnOrderRef | null> {
  const query = new URL(request.url).searchParams;
  const token = query.get("token");
  if (token !== null) {
    const order = await backend.guestOrders.get({ token });
    return order
      ? { orderId: order.id, proof: token, back: `/order-status?${new URLSearchParams({ token })}`, link: { token } }
      : null;
  }
  const orderId = query.get("order");
  if (!orderId) return null;
  const proof = await browserOrderToken(request, orderId);
  return { orderId, proof, back: signedIn || !proof ? "/orders" : browserOrderPage(orderId), link: { orderId } };
}

/** The link from an order's page to its request form (the same proof the page was opened with). */
export function returnPageHref(ref: OrderLinkRef): string {
  return `/order-return?${new URLSearchParams(orderLinkQuery(ref))}`;
}

/** The shopper's view of each request, with its label's link while the parcel is still to be sent. */
function requestViews(returns: OrderReturns, ref: OrderLinkRef) {
  return returns.requests.map((request) =>
    returnRequestView(
      request,
      returns.currency,
      request.hasLabel && request.state === "approved" ? returnLabelHref(ref, request.id) : null,
    ),
  );
}

/** What an order's page says of its returns: the requests, and whether (and where) more can be asked. */
export function returnsSummary(returns: OrderReturns | null, ref: OrderLinkRef) {
  if (!returns) return { requests: [], askHref: null };
  return {
    requests: requestViews(returns, ref),
    askHref: returnRefusal(returns) === null ? returnPageHref(ref) : null,
  };
}

/** The request page: each line with the units still to return and the product's other variants to exchange for. */
export function returnPageData(returns: OrderReturns, ref: ReturnOrderRef) {
  const asked = unitsAsked(returns.requests);
  const end = returnWindowEnd(returns.deliveredAt);
  return {
    number: orderNumber(returns.orderId),
    back: ref.back,
    refusal: returnRefusal(returns),
    windowEnds: end ? formatLongDate(end) : null,
    lines: returns.items
      .map((item) => ({
        itemId: item.id,
        name: item.productName,
        variant: item.variantLabel,
        unitsLeft: Math.max(item.quantity - (asked.get(item.id) ?? 0), 0),
        exchangeOptions: item.exchangeOptions.map((option) => ({
          value: option.id,
          label: option.label + (option.inStock ? "" : " (out of stock)"),
        })),
      }))
      .filter((line) => line.unitsLeft > 0),
    requests: requestViews(returns, ref.link),
  };
}

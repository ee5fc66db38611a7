// Returns and exchanges as the shopper sees them (issue 40, decision 0047): what each line can still be returned,
// whether the order can be asked about now, and each request's state in words. The database decides the same rules
// (public.request_return) and enforces them; this module only says them.
import type { OrderReturns, ReturnRequest } from "~/backend/ports/returns";
import { orderNumber } from "~/modules/account/orders";
import { formatLongDate } from "~/modules/dates";
import { formatCents } from "~/modules/money";
import {
  RETURN_STATE_RULES,
  returnWindowEnd,
  statusLabel,
  type ReturnState,
  type StatusTone,
} from "~/modules/orders/lifecycle";

/** How a page names an order in its links: by the guest's e-mailed token, or by id (a member's, or this browser's). */
export type OrderLinkRef = { orderId: string } | { token: string };

export const orderLinkQuery = (ref: OrderLinkRef): Record<string, string> =>
  "token" in ref ? { token: ref.token } : { order: ref.orderId };

/** A request's return label (routes/account/return-label.ts), with the order's proof; staff open it by its id. */
export function returnLabelHref(ref: OrderLinkRef, requestId: string): string {
  return `/return-label?${new URLSearchParams({ ...orderLinkQuery(ref), request: requestId })}`;
}

/** Units of each line asked for by requests not declined, by order line. */
export function unitsAsked(requests: readonly ReturnRequest[]): Map<string, number> {
  const asked = new Map<string, number>();
  for (const request of requests) {
    if (request.state === "declined") continue;
    for (const line of request.lines) asked.set(line.itemId, (asked.get(line.itemId) ?? 0) + line.quantity);
  }
  return asked;
}

/** Why the order cannot be asked about now, or null when it can. */
export function returnRefusal(returns: OrderReturns, now: Date = new Date()): string | null {
  if (returns.status !== "delivered") return "Returns and exchanges open once the order is delivered.";
  const end = returnWindowEnd(returns.deliveredAt);
  if (!end || now > end) {
    return `Returns and exchanges are accepted within 30 days of delivery: for this order that ended on ${end ? formatLongDate(end) : "its delivery"}.`;
  }
  const asked = unitsAsked(returns.requests);
  if (returns.items.every((item) => (asked.get(item.id) ?? 0) >= item.quantity)) {
    return "Every item of this order is already in a return or exchange request.";
  }
  return null;
}

/** A request as the shopper's pages list it (the /orders card, the guest's page, the request page). */
export interface ReturnRequestView {
  id: string;
  title: string;
  askedOn: string;
  state: ReturnState;
  stateLabel: string;
  tone: StatusTone;
  /** What the state means for the shopper, with staff's word (instructions, a decline's reason) where there is one. */
  said: string;
  lines: string[];
  returnTracking: string | null;
  /** The return parcel's label (a PDF) to download, while it is still to be sent. */
  labelHref: string | null;
  refunded: string | null;
  exchange: { number: string; status: string; tracking: string | null } | null;
}

export function returnRequestView(
  request: ReturnRequest,
  currency: string,
  labelHref: string | null = null,
): ReturnRequestView {
  const rule = RETURN_STATE_RULES[request.state];
  return {
    id: request.id,
    title: request.kind === "exchange" ? "Exchange" : "Return",
    askedOn: formatLongDate(request.createdAt),
    state: request.state,
    stateLabel: rule.label,
    tone: rule.tone,
    said: [rule.shopper, request.staffNote].filter(Boolean).join(" "),
    lines: request.lines.map(
      (line) =>
        `${line.quantity} × ${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ""}` +
        (line.exchangeLabel ? `, for ${line.exchangeLabel}` : ""),
    ),
    returnTracking: request.trackingNumber,
    labelHref,
    refunded: request.refundAmount === null ? null : formatCents(request.refundAmount, currency),
    exchange: request.exchangeOrder
      ? {
          number: orderNumber(request.exchangeOrder.id),
          status: statusLabel(request.exchangeOrder.status),
          tracking: request.exchangeOrder.trackingNumber
            ? `${request.exchangeOrder.carrier ?? ""} ${request.exchangeOrder.trackingNumber}`.trim()
            : null,
        }
      : null,
  };
}

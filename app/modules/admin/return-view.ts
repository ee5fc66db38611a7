import type { ReturnRequest } from "~/backend/ports/returns";
import { orderNumber, toneBadgeClasses } from "~/modules/account/orders";
import { formatCents } from "~/modules/money";
import {
  RETURN_STATE_RULES,
  staffReturnMovesFrom,
  statusLabel,
  takesReturnLabel,
  type ReturnMoveRule,
  type ReturnState,
} from "~/modules/orders/lifecycle";
import { returnLabelHref } from "~/modules/orders/returns";

/** One return or exchange request as the back office's order page shows it, with the moves it offers now. */
export interface AdminReturnView {
  id: string;
  title: string;
  state: ReturnState;
  stateLabel: string;
  badgeClasses: string;
  askedAt: string;
  requestedBy: string;
  reason: string;
  staffNote: string | null;
  trackingNumber: string | null;
  /** The attached label's link, if any. */
  labelHref: string | null;
  /** Whether a label may be attached (or replaced) now: until the parcel is received. */
  takesLabel: boolean;
  lines: { itemId: string; text: string; restocked: boolean | null }[];
  refunded: string | null;
  exchange: { id: string; number: string; status: string } | null;
  moves: Pick<ReturnMoveRule, "kind" | "button" | "needs">[];
}

export function toAdminReturnView(
  request: ReturnRequest,
  currency: string,
  formatDateTime: (iso: string) => string,
): AdminReturnView {
  const rule = RETURN_STATE_RULES[request.state];
  return {
    id: request.id,
    title: request.kind === "exchange" ? "Exchange" : "Return",
    state: request.state,
    stateLabel: rule.label,
    badgeClasses: toneBadgeClasses(rule.tone),
    askedAt: formatDateTime(request.createdAt),
    requestedBy: request.requestedBy === "member" ? "the member" : "the guest",
    reason: request.reason,
    staffNote: request.staffNote,
    trackingNumber: request.trackingNumber,
    labelHref: request.hasLabel ? returnLabelHref({ orderId: request.orderId }, request.id) : null,
    takesLabel: takesReturnLabel(request.state),
    lines: request.lines.map((line) => ({
      itemId: line.itemId,
      text:
        `${line.quantity} × ${line.productName}${line.variantLabel ? ` (${line.variantLabel})` : ""}` +
        (line.sku ? ` · ${line.sku}` : "") +
        (line.exchangeLabel ? ` → ${line.exchangeLabel}` : ""),
      restocked: line.restocked,
    })),
    refunded: request.refundAmount === null ? null : formatCents(request.refundAmount, currency),
    exchange: request.exchangeOrder
      ? {
          id: request.exchangeOrder.id,
          number: orderNumber(request.exchangeOrder.id),
          status: statusLabel(request.exchangeOrder.status),
        }
      : null,
    moves: staffReturnMovesFrom(request.kind, request.state).map(({ kind, button, needs }) => ({
      kind,
      button,
      needs,
    })),
  };
}

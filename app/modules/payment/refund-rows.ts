// What the back office's order page shows of an order's payment and refunds (decision 0033): plain data, made on the
// server (refund.server.ts, the loader) and drawn by components/admin-order-payment.tsx.
import type { OrderPayment } from "~/backend/ports/order-payment";
import type { OrderStatus } from "~/backend/ports/orders";
import type { StaffRefund } from "~/backend/ports/refunds";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { formatCents } from "~/modules/money";

export interface PaymentSummary {
  method: string;
  reference: string | null;
  dashboardUrl: string | null;
}

const refundStateLabels: Record<StaffRefund["state"], string> = {
  pending: "Pending: being sent to Stripe",
  succeeded: "Done",
  failed: "Failed",
};

/** Every refund of the order as the page lists it: amount, when, by whom, Stripe's id, pending or done/failed. */
export function refundRows(refunds: readonly StaffRefund[], timeZone: string) {
  return refunds.map((refund) => ({
    id: refund.id,
    amount: formatCents(refund.amount, refund.currency),
    state: refund.state,
    stateLabel: refund.provider === "manual" ? "Paid back by hand" : refundStateLabels[refund.state],
    requestedAt: formatShopDateTime(refund.requestedAt, timeZone),
    requestedAtIso: refund.requestedAt,
    completedAt: refund.completedAt ? formatShopDateTime(refund.completedAt, timeZone) : null,
    by:
      refund.requestedByEmail ??
      (refund.requestedByLabel === "stripe"
        ? "Stripe dashboard"
        : refund.requestedByLabel === "system"
          ? "The shop (automatic)"
          : "Staff"),
    reason: refund.reason,
    providerRefundId: refund.providerRefundId,
    // Why Stripe has not answered yet, or why it refused.
    error: refund.state === "succeeded" ? null : refund.lastError,
  }));
}

export type RefundRow = ReturnType<typeof refundRows>[number];

/** What 'Cancel order' does to the money, said beside the button; null when it does nothing at Stripe. */
export function cancelEffect(status: OrderStatus, payment: OrderPayment | null, total: string): string | null {
  if (status !== "pending" && status !== "paid") return null;
  if (payment?.provider !== "stripe") return null;
  if (payment.reference)
    return status === "paid" ? `Cancelling refunds the card payment of ${total} in full through Stripe.` : null;
  return payment.sessionId
    ? "Cancelling first closes the order's Stripe payment page, so it can no longer be paid."
    : null;
}

import type { OrderMove, OrderPayment, StaffPort } from "~/backend/port";
import { getPaymentProvider } from "./payment.server";
import { PaymentUnavailableError } from "./stripe.server";

/**
 * 'Cancel order' on a paid card order (decision 0031): the payment is refunded in full through the provider first,
 * with an idempotency key of the order's (a retry after any failure refunds once), then the order is cancelled with
 * the refund's reference. False when the order is not a paid card order: the caller moves it as any other. Throws
 * PaymentUnavailableError when the provider cannot refund now; nothing has changed then.
 */
export async function cancelWithRefund(staff: StaffPort, move: OrderMove): Promise<boolean> {
  if (move.newStatus !== "cancelled" || move.expectedStatus !== "paid") return false;
  const current = await staff.orderPayment({ orderId: move.orderId });
  // Moved on meanwhile (or gone): the ordinary move says so, and nothing is refunded.
  if (!current || current.status !== "paid" || current.payment.provider !== "stripe" || !current.payment.reference)
    return false;
  const provider = getPaymentProvider();
  if (provider.kind !== "stripe")
    throw new PaymentUnavailableError(
      "Stripe is not configured (STRIPE_SECRET_KEY), so the card payment cannot be refunded.",
    );
  const refund = await provider.checkout.refund({
    paymentReference: current.payment.reference,
    idempotencyKey: `refund-${move.orderId}`,
    metadata: { order_id: move.orderId },
  });
  await staff.cancelRefunded({
    orderId: move.orderId,
    reason: move.note ?? "",
    refundReference: refund.id,
    refundAmount: refund.amount,
  });
  return true;
}

/** What the back office's order page says of the payment, with a link to it in the Stripe dashboard. */
export function paymentSummary(payment: OrderPayment | null) {
  if (!payment?.provider) return { method: "Manual", reference: null, dashboardUrl: null, refundReference: null };
  const provider = getPaymentProvider();
  const testMode = provider.kind === "stripe" && provider.checkout.testMode;
  const reference = payment.reference;
  return {
    method: "Card (Stripe Checkout)",
    reference,
    dashboardUrl: reference
      ? `https://dashboard.stripe.com/${testMode ? "test/" : ""}payments/${encodeURIComponent(reference)}`
      : null,
    refundReference: payment.refundReference,
  };
}

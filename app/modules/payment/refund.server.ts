import type { OrderPayment } from "~/backend/ports/order-payment";
import type { OrderMove, StaffPort } from "~/backend/ports/staff";
import { getPaymentProvider } from "./payment-provider.server";
import type { PaymentSummary } from "./refund-rows";
import { PaymentUnavailableError } from "./stripe.server";

/** Staff asked to cancel an order whose payment reached Stripe meanwhile: the cancel is refused, nothing changed. */
export class PaymentArrivedError extends Error {
  override readonly name = "PaymentArrivedError";
}

/**
 * Before staff cancel an order whose Checkout Session could still be paid (pending, or marked paid by hand), the
 * session is expired at Stripe, so that a cancelled order cannot be paid (decision 0033). Throws PaymentArrivedError
 * when the session is complete (the payment arrived: its webhook marks the order paid, and cancelling it then
 * refunds it), PaymentUnavailableError when Stripe cannot be asked; nothing has changed then. A paid card order needs
 * nothing here: its cancel queues the refund in the database, with the move.
 */
export async function closeCheckoutBeforeCancel(staff: StaffPort, move: OrderMove): Promise<void> {
  if (move.newStatus !== "cancelled") return;
  const current = await staff.orderPayment({ orderId: move.orderId });
  const sessionId = current?.payment.sessionId;
  if (!current || current.payment.provider !== "stripe" || !sessionId || current.payment.reference) return;
  if (current.status !== move.expectedStatus) return; // The move is refused as stale anyway.
  const provider = getPaymentProvider();
  if (provider.kind !== "stripe")
    throw new PaymentUnavailableError(
      "Stripe is not configured (STRIPE_SECRET_KEY), so the order's payment page cannot be closed.",
    );
  // Marked first: the expiry's own event then leaves the order to this cancel (its reason, its name).
  await staff.closePaymentSession({ orderId: move.orderId });
  if ((await provider.checkout.expireSession(sessionId)) === "expired") return;
  const session = await provider.checkout.retrieveSession(sessionId);
  if (session.status === "complete")
    throw new PaymentArrivedError(
      "The customer has just paid for this order on Stripe, so it was not cancelled. It will show as paid in a moment; " +
        "cancel it then to refund the payment.",
    );
}

/** What the back office's order page says of the payment, with a link to it in the Stripe dashboard. */
export function paymentSummary(payment: OrderPayment | null): PaymentSummary {
  if (!payment?.provider) return { method: "Manual", reference: null, dashboardUrl: null };
  const provider = getPaymentProvider();
  const testMode = provider.kind === "stripe" && provider.checkout.testMode;
  const reference = payment.reference;
  return {
    method: "Card (Stripe Checkout)",
    reference,
    dashboardUrl: reference
      ? `https://dashboard.stripe.com/${testMode ? "test/" : ""}payments/${encodeURIComponent(reference)}`
      : null,
  };
}

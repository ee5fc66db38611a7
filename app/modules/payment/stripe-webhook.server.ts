import { getBackend } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import type { PaymentEventInput, PaymentEventOutcome, PaymentsPort } from "~/backend/ports/payments";
import { NO_STORE_CACHE_CONTROL } from "~/http/cache-control";
import { chargeEventOf, type ChargeEventRead } from "./charge-events.server";
import { getPaymentProvider, type CardPayment } from "./payment-provider.server";
import {
  InvalidWebhookSignatureError,
  PaymentUnavailableError,
  toHostedSession,
  type StripeEvent,
} from "./stripe.server";

/** The Checkout events the shop acts on, and what each means for the order. */
const actions: Record<string, (session: ReturnType<typeof toHostedSession>) => PaymentEventInput["action"]> = {
  // Card payments are paid at completion; an asynchronous method (a bank debit) completes unpaid and says later.
  "checkout.session.completed": (session) => (session.paymentStatus === "paid" ? "paid" : "none"),
  "checkout.session.async_payment_succeeded": () => "paid",
  "checkout.session.expired": () => "failed",
  "checkout.session.async_payment_failed": () => "failed",
};

/** Outcomes staff should hear of: money that did not land where it should. */
const worthALogLine: readonly PaymentEventOutcome[] = [
  "amount_mismatch",
  "paid_after_cancel",
  "unknown_order",
  "other_session",
];

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": NO_STORE_CACHE_CONTROL } });

/**
 * POST /webhooks/stripe: the event is believed only if its signature holds on the raw body; each event id is acted
 * on once (the database records it in the same transaction as its effect), so Stripe's retries and replays change
 * nothing. Unknown event types: 200 and nothing. An answer other than 2xx makes Stripe retry later, which is what a
 * database outage needs.
 */
export async function handleStripeWebhook(request: Request): Promise<Response> {
  const provider = getPaymentProvider();
  if (provider.kind !== "stripe") return answer(404, { error: "Card payment is not configured." });

  let event: StripeEvent;
  try {
    event = provider.checkout.verifyEvent(
      Buffer.from(await request.arrayBuffer()),
      request.headers.get("Stripe-Signature"),
    );
  } catch (error) {
    if (!(error instanceof InvalidWebhookSignatureError)) throw error;
    // Stripe's message goes on with advice over several lines; its first line says what was wrong.
    console.warn(`Stripe webhook refused: ${error.message.split("\n")[0]?.trim()}`);
    return answer(400, { error: "Invalid signature." });
  }

  const charge = chargeEventOf(event);
  const action = actions[event.type];
  if (!charge && (!action || event.data.object.object !== "checkout.session")) return answer(200, { received: true });
  const { payments } = await getBackend();
  if (!payments) return answer(503, { error: "Payments cannot be recorded on this backend." });

  try {
    if (charge) return await recordCharge(provider, payments, event, charge);
    const outcome = await recordCheckout(payments, event, action!);
    return answer(200, { received: true, outcome });
  } catch (error) {
    const reason = isBackendError(error) ? error.code : error instanceof PaymentUnavailableError ? "stripe" : null;
    if (!reason) throw error;
    console.error(
      `Stripe webhook ${event.id} (${event.type}) could not be recorded; Stripe will send it again:`,
      reason,
    );
    return answer(503, { error: "Try again later." });
  }
}

async function recordCheckout(
  payments: PaymentsPort,
  event: StripeEvent,
  action: (typeof actions)[string],
): Promise<PaymentEventOutcome> {
  const session = toHostedSession(event.data.object as Parameters<typeof toHostedSession>[0]);
  const outcome = await payments.recordEvent({
    provider: "stripe",
    eventId: event.id,
    eventType: event.type,
    orderId: session.orderId,
    sessionId: session.id,
    action: action(session),
    reference: session.paymentReference ?? session.id,
    amount: session.amountTotal,
    currency: session.currency,
  });
  if (worthALogLine.includes(outcome)) {
    console.warn(
      `Stripe event ${event.id} (${event.type}) for order ${session.orderId ?? "?"}: ${outcome}` +
        (outcome === "paid_after_cancel"
          ? `; payment ${session.paymentReference ?? "?"} is being refunded automatically`
          : outcome === "amount_mismatch"
            ? `; payment ${session.paymentReference ?? "?"} may need a refund`
            : ""),
    );
  }
  return outcome;
}

/** A refund or dispute made at Stripe: its refunds are read from Stripe (the event names none), then recorded once. */
async function recordCharge(
  provider: CardPayment,
  payments: PaymentsPort,
  event: StripeEvent,
  charge: ChargeEventRead,
) {
  const base = { provider: "stripe" as const, eventId: event.id, paymentReference: charge.paymentReference };
  const outcome =
    charge.kind === "refunded"
      ? await payments.recordChargeEvent({
          ...base,
          eventType: "charge.refunded",
          refunds: charge.paymentReference ? await provider.checkout.listRefunds(charge.paymentReference) : [],
        })
      : await payments.recordChargeEvent({ ...base, eventType: charge.eventType, dispute: charge.dispute });
  if (outcome === "unknown_order")
    console.warn(
      `Stripe event ${event.id} (${event.type}) is about payment ${charge.paymentReference ?? "?"}, which no order has.`,
    );
  return answer(200, { received: true, outcome });
}

import { getBackend } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import type { PaymentEventInput, PaymentEventOutcome } from "~/backend/port";
import { NO_STORE_CACHE_CONTROL } from "~/http/cache-control";
import { getPaymentProvider } from "./payment.server";
import { InvalidWebhookSignatureError, toHostedSession, type StripeEvent } from "./stripe.server";

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

  const action = actions[event.type];
  if (!action || event.data.object.object !== "checkout.session") return answer(200, { received: true });
  const session = toHostedSession(event.data.object as Parameters<typeof toHostedSession>[0]);
  const { payments } = await getBackend();
  if (!payments) return answer(503, { error: "Payments cannot be recorded on this backend." });

  let outcome: PaymentEventOutcome;
  try {
    outcome = await payments.recordEvent({
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
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error(
      `Stripe webhook ${event.id} (${event.type}) could not be recorded; Stripe will send it again:`,
      error.code,
    );
    return answer(503, { error: "Try again later." });
  }
  if (worthALogLine.includes(outcome)) {
    console.warn(
      `Stripe event ${event.id} (${event.type}) for order ${session.orderId ?? "?"} changed nothing: ${outcome}` +
        (outcome === "paid_after_cancel" || outcome === "amount_mismatch"
          ? `; payment ${session.paymentReference ?? "?"} may need a refund`
          : ""),
    );
  }
  return answer(200, { received: true, outcome });
}

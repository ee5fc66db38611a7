import { getBackend } from "~/backend/backend.server";
import type { GuestOrdersPort } from "~/backend/ports/guest-orders";
import { readBrowserOrder } from "~/modules/checkout/browser-orders.server";
import { readConfirmation, toConfirmation, type OrderConfirmation } from "~/modules/checkout/order-confirmation.server";
import { getPaymentProvider } from "./payment-provider.server";
import { PaymentUnavailableError, type HostedSession } from "./stripe.server";

export type PaymentState =
  /** Manual payment: how to pay. */
  | { kind: "instructions"; text: string }
  /** The provider says the money is the shop's (the webhook, or the session read back from the provider). */
  | { kind: "received" }
  /** Not confirmed yet: an asynchronous method, or neither the webhook nor the provider has said so yet. */
  | { kind: "processing" };

export interface ConfirmedOrder {
  orderId: string;
  /**
   * What was ordered and where it ships: only for the browser that placed the order, until staff revoke its link
   * (decision 0034). Anyone else who has the payment session's id learns the order number and the payment's state.
   */
  confirmation: OrderConfirmation | null;
  payment: PaymentState;
}

const sessionIdPattern = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * What /order-success confirms: the order this browser placed (its signed confirmation) or, coming back from the
 * payment page, the one the provider's session pays (read from the provider, never from the URL alone), and how its
 * payment stands. This only reads: an order becomes paid by the provider's signed webhook, never by this redirect.
 * Null: nothing to confirm.
 */
export async function confirmedOrder(request: Request, guestOrders: GuestOrdersPort): Promise<ConfirmedOrder | null> {
  const provider = getPaymentProvider();
  const kept = await readConfirmation(request);
  const ownView = async (orderId: string) => {
    const order = await readBrowserOrder(request, guestOrders, orderId);
    return order ? toConfirmation(order) : null;
  };
  if (provider.kind === "manual") {
    if (!kept) return null;
    const payment = { kind: "instructions", text: provider.instructions } as const;
    return { orderId: kept.id, confirmation: await ownView(kept.id), payment };
  }

  const requested = new URL(request.url).searchParams.get("session_id");
  const sessionId = requested && sessionIdPattern.test(requested) ? requested : null;
  let session: HostedSession | null = null;
  const readSession = async (id: string) => {
    try {
      session ??= await provider.checkout.retrieveSession(id);
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
    }
    return session;
  };

  const orderId = kept?.id ?? (sessionId ? (await readSession(sessionId))?.orderId : null);
  const { payments } = await getBackend();
  const order = orderId && payments ? await payments.order({ orderId }) : null;
  if (!order || order.status === "cancelled") return null;
  const confirmation = await ownView(order.id);
  const confirmed = (payment: PaymentState) => ({ orderId: order.id, confirmation, payment });
  if (order.status !== "pending") return confirmed({ kind: "received" });
  // The webhook has not arrived yet: ask the provider about this order's own session.
  const ownSession = order.payment.sessionId;
  if (ownSession && (sessionId === null || sessionId === ownSession)) {
    const current = await readSession(ownSession);
    if (current?.id === ownSession && current.paymentStatus === "paid") return confirmed({ kind: "received" });
  }
  return confirmed({ kind: "processing" });
}

import Stripe from "stripe";

import type { ProviderRefund } from "~/backend/ports/refunds";

// Stripe Checkout through the official client (decision 0031). Nothing else in the app imports `stripe`.

export interface StripeCheckoutOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL: stripe-mock or the tests' stand-in instead of api.stripe.com. */
  apiUrl?: string;
  /** How long one API request may take before the shopper is told payment is unavailable. */
  timeoutMs?: number;
}

/** What the shop reads of a Checkout Session. */
export interface HostedSession {
  id: string;
  /** The hosted payment page (only while the session is open). */
  url: string | null;
  /** "open", "complete" or "expired". */
  status: string;
  /** "paid" once the money is the shop's; "unpaid" while an asynchronous method (a bank debit) is under way. */
  paymentStatus: string;
  /** The order it pays (client_reference_id, else metadata.order_id). */
  orderId: string | null;
  /** The PaymentIntent, once there is one. */
  paymentReference: string | null;
  amountTotal: number | null;
  currency: string | null;
}

/** Stripe cannot be reached or fails (timeouts, 5xx, a rejected key): the shopper may try again later. */
export class PaymentUnavailableError extends Error {
  override readonly name = "PaymentUnavailableError";
}

/** A webhook request whose signature does not hold (or that has none): nothing it says is believed. */
export class InvalidWebhookSignatureError extends Error {
  override readonly name = "InvalidWebhookSignatureError";
}

export type StripeEvent = Stripe.Event;

/** The metadata key a refund the shop makes carries its own refund id under, so the webhook knows it for the shop's. */
export const SHOP_REFUND_METADATA = "shop_refund_id";
export type CheckoutSessionParams = Stripe.Checkout.SessionCreateParams;

export function toHostedSession(session: Stripe.Checkout.Session): HostedSession {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status ?? "open",
    paymentStatus: session.payment_status,
    orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
    paymentReference: typeof intent === "string" ? intent : (intent?.id ?? null),
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

export function createStripeCheckout(options: StripeCheckoutOptions) {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const client = new Stripe(options.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
    // One retry of a lost connection (the client sends an idempotency key with it); then the shopper decides.
    maxNetworkRetries: 1,
    timeout: options.timeoutMs ?? 10_000,
    appInfo: { name: "Luxe Strands" },
  });

  /**
   * Runs one API call; a failure becomes PaymentUnavailableError, logged, except a refused request when the caller
   * handles that itself (`passRefusals`).
   */
  async function request<T>(what: string, call: () => Promise<T>, { passRefusals = false } = {}): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (passRefusals && error instanceof Stripe.errors.StripeInvalidRequestError) throw error;
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      console.error(`Stripe: ${what} failed (${reason})`);
      throw new PaymentUnavailableError(`Stripe: ${what} failed`, { cause: error });
    }
  }

  return {
    /** The page shoppers are sent to pay on: Stripe's, or the stand-in's (it serves both). */
    hostedOrigin: api ? api.origin : "https://checkout.stripe.com",
    apiOrigin: api ? api.origin : "https://api.stripe.com",
    testMode: /^(sk|rk)_test_/.test(options.secretKey),

    /** A Checkout Session; the same idempotency key answers with the same session (a double submit). */
    async createSession(params: CheckoutSessionParams, idempotencyKey: string): Promise<HostedSession> {
      return toHostedSession(
        await request("creating a checkout session", () => client.checkout.sessions.create(params, { idempotencyKey })),
      );
    },

    async retrieveSession(id: string): Promise<HostedSession> {
      return toHostedSession(await request("reading a checkout session", () => client.checkout.sessions.retrieve(id)));
    },

    /** Ends an open session so that it can no longer be paid; "not_open" when it was complete or expired already. */
    async expireSession(id: string): Promise<"expired" | "not_open"> {
      try {
        await request("expiring a checkout session", () => client.checkout.sessions.expire(id), { passRefusals: true });
        return "expired";
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return "not_open";
        throw error;
      }
    },

    /**
     * Refunds `amount` of a payment; the same idempotency key refunds once (decision 0033). "refused" when Stripe
     * answered no (already refunded, say): trying again would not change that. Throws PaymentUnavailableError when
     * Stripe did not answer, which a retry with the same key may change.
     */
    async refund(input: {
      paymentReference: string;
      amount: number;
      idempotencyKey: string;
      metadata: Record<string, string>;
    }): Promise<{ outcome: "created"; id: string; amount: number } | { outcome: "refused"; message: string }> {
      try {
        const refund = await request(
          "refunding a payment",
          () =>
            client.refunds.create(
              { payment_intent: input.paymentReference, amount: input.amount, metadata: input.metadata },
              { idempotencyKey: input.idempotencyKey },
            ),
          { passRefusals: true },
        );
        if (refund.status === "failed" || refund.status === "canceled")
          return { outcome: "refused", message: `Stripe's refund ${refund.id} is ${refund.status}.` };
        return { outcome: "created", id: refund.id, amount: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { outcome: "refused", message: error.message };
        throw error;
      }
    },

    /** Every refund of a payment, as Stripe lists them (a charge.refunded event names none since API 2022-11-15). */
    async listRefunds(paymentReference: string): Promise<ProviderRefund[]> {
      const refunds = await request("listing a payment's refunds", () =>
        client.refunds.list({ payment_intent: paymentReference, limit: 100 }),
      );
      return refunds.data.map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        status: refund.status ?? "succeeded",
        shopRefundId: refund.metadata?.[SHOP_REFUND_METADATA] ?? null,
      }));
    },

    /** The event a webhook request carries, verified on its raw body; InvalidWebhookSignatureError otherwise. */
    verifyEvent(payload: Buffer, signature: string | null): StripeEvent {
      if (!signature) throw new InvalidWebhookSignatureError("No Stripe-Signature header.");
      try {
        return client.webhooks.constructEvent(payload, signature, options.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },
  };
}

export type StripeCheckout = ReturnType<typeof createStripeCheckout>;

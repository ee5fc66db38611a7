// The payments store (decision 0031): what the database records of hosted card payments, not the provider that takes
// them (that is app/modules/payment/payment-provider.server.ts). Privileged, server-side only, never bound to a
// shopper's session: every caller has already checked what it acts on, a provider's event by its signature, a
// shopper's order by the signed cookie of the browser that placed it.

import type { OrderPayment, PaymentProviderName } from "./order-payment";
import type { Order } from "./orders";
import type { RefundsPort } from "./refunds";

export interface PaymentOrder extends Order {
  payment: OrderPayment;
}

/** What one provider event did (as recorded), or "duplicate" when its id was recorded before. */
export type PaymentEventOutcome =
  | "paid"
  | "cancelled"
  | "recorded"
  | "already_paid"
  | "paid_after_cancel"
  | "not_pending"
  | "other_session"
  | "amount_mismatch"
  | "unknown_order"
  | "closed_by_staff"
  | "duplicate";

export interface PaymentEventInput {
  provider: PaymentProviderName;
  /** The provider's event id: each is acted on once. */
  eventId: string;
  eventType: string;
  orderId: string | null;
  sessionId: string | null;
  /** paid: the session's payment succeeded; failed: it expired or failed; none: only record the event. */
  action: "paid" | "failed" | "none";
  /** With "paid": the payment's reference, and the amount (cents) and currency it was for. */
  reference?: string | null;
  amount?: number | null;
  currency?: string | null;
}

/** Card payments' records, the refund queue (./refunds.ts) included. */
export interface PaymentsPort extends RefundsPort {
  /** The order with its payment, or null when there is none. */
  order(input: { orderId: string }): Promise<PaymentOrder | null>;
  /** The shopper was sent to this session to pay the order; false when the order is no longer pending. */
  attachSession(input: { orderId: string; provider: PaymentProviderName; sessionId: string }): Promise<boolean>;
  /** Records one verified event by its id, once, and acts on it in the same transaction. */
  recordEvent(input: PaymentEventInput): Promise<PaymentEventOutcome>;
  /**
   * The shopper left the payment page of `sessionId`: a still-pending order paid through it is cancelled. Returns
   * the order as it is afterwards (possibly paid meanwhile), or null.
   */
  cancelUnpaid(input: { orderId: string; sessionId: string }): Promise<PaymentOrder | null>;
}

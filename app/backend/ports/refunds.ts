// Refunds (docs/decisions/0033-refund-queue.md): the queue the shop's refund worker drains, what staff read of an
// order's refunds, and the provider's charge events (its own refunds and disputes). Types only.

import type { PaymentProviderName } from "./order-payment";

export type RefundState = "pending" | "succeeded" | "failed";

/** One refund of an order, as the back office shows it. */
export interface StaffRefund {
  id: string;
  /** Cents. */
  amount: number;
  currency: string;
  reason: string;
  state: RefundState;
  /** "stripe" (to the card, through the queue) or "manual" (paid back by hand, recorded done at once). */
  provider: "stripe" | "manual";
  /** What it refunded by line (units and cents), and of the shipping (cents): issue 40. */
  lines: { itemId: string; quantity: number; amount: number }[];
  shippingAmount: number;
  /** The provider's id of the refund (Stripe: re_...), once it succeeded. */
  providerRefundId: string | null;
  /** "staff", "system" (the shop itself) or the provider's name (made in its dashboard). */
  requestedByLabel: string;
  requestedByEmail: string | null;
  /** ISO 8601. */
  requestedAt: string;
  completedAt: string | null;
  attempts: number;
  lastError: string | null;
}

/** A refund the worker has claimed: what it asks the provider for, under the claim's token. */
export interface QueuedRefund {
  id: string;
  orderId: string;
  provider: PaymentProviderName;
  /** The payment to refund (Stripe: the PaymentIntent). */
  paymentReference: string;
  amount: number;
  currency: string;
  /** Attempts so far, this one included. */
  attempts: number;
  requestedAt: string;
  claim: string;
}

export type RefundAttemptOutcome =
  | { outcome: "succeeded"; providerRefundId: string; amount: number }
  | { outcome: "retry"; error: string; retryAt: Date }
  | { outcome: "failed"; error: string };

/** A refund as the provider lists it for a payment (charge.refunded). */
export interface ProviderRefund {
  id: string;
  amount: number;
  currency: string;
  status: string;
  /** The shop's own refund id it was made for (its metadata), or null for one made in the provider's dashboard. */
  shopRefundId: string | null;
}

export type ChargeEventInput = {
  provider: PaymentProviderName;
  eventId: string;
  /** The payment the event is about (Stripe: the PaymentIntent). */
  paymentReference: string | null;
} & (
  | { eventType: "charge.refunded"; refunds: ProviderRefund[] }
  | {
      eventType: "charge.dispute.created" | "charge.dispute.closed";
      dispute: { id: string; amount: number; currency: string; reason: string | null; status: string };
    }
);

export type ChargeEventOutcome = "refund_recorded" | "dispute_recorded" | "recorded" | "unknown_order" | "duplicate";

/** The refund queue and the provider's charge events: part of the payments store (PaymentsPort). */
export interface RefundsPort {
  /** Records one verified charge event (a refund or dispute made at the provider) by its id, once. */
  recordChargeEvent(input: ChargeEventInput): Promise<ChargeEventOutcome>;
  /** The refund queue (decision 0033): the next due refund, leased to the caller for `leaseSeconds`, or null. */
  claimRefund(input: { leaseSeconds: number }): Promise<QueuedRefund | null>;
  /** Records the provider's answer; false, and nothing changes, when `claim` is no longer the refund's claim. */
  finishRefund(input: { id: string; claim: string } & RefundAttemptOutcome): Promise<boolean>;
}

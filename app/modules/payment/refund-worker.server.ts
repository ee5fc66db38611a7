// The refund worker (docs/decisions/0033-refund-queue.md): drains public.refunds in the shop process, as the mail
// sender drains the outbox. The decision to refund was committed with the order's move; this asks Stripe for it, with
// an idempotency key derived from the refund's own id, and records the answer. A refund whose answer is lost (Stripe
// unreachable, the process killed before it recorded the answer) is claimed again once its lease ends and asked with
// the same key, so Stripe refunds once. No give-up: Stripe is asked until it answers; a refusal (already refunded,
// say) is recorded as failed, for staff to see.
import type { PaymentsPort } from "~/backend/ports/payments";
import type { QueuedRefund } from "~/backend/ports/refunds";
import { createQueuePoller } from "~/modules/queue/poller.server";
import { afterFailure, type RetryPolicy } from "~/modules/queue/retry";
import { PaymentUnavailableError, SHOP_REFUND_METADATA, type StripeCheckout } from "./stripe.server";

/** Back-off after Stripe did not answer: 30 s doubling to an hour, for as long as it takes. */
export const refundRetryPolicy: RetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: Number.POSITIVE_INFINITY,
};

/** The key Stripe dedupes the refund by: the same refund row always asks with the same one. */
export const refundIdempotencyKey = (refundId: string) => `refund-${refundId}`;

/**
 * Stripe keeps an idempotency key for 24 hours: a refund still pending after nearly that long (Stripe away for a day)
 * is first looked for among the payment's refunds, by the row id its metadata carries, before it is asked again.
 */
const KEY_LIFETIME_MS = 23 * 60 * 60_000;

export interface RefundWorkerOptions {
  payments: Pick<PaymentsPort, "claimRefund" | "finishRefund">;
  stripe: Pick<StripeCheckout, "refund" | "listRefunds">;
  retry?: RetryPolicy;
  pollMs?: number;
  /**
   * How long a claim lasts: longer than one refund call can take (the client's 10 s timeout, one retry), so a live
   * worker keeps its refund; a killed one's refund is due again when it ends. Two workers asking at once would still
   * refund once (the same key).
   */
  leaseSeconds?: number;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface RefundWorker {
  /** Asks Stripe for every refund due now; resolves with how many were tried. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export function createRefundWorker(options: RefundWorkerOptions): RefundWorker {
  const retry = options.retry ?? refundRetryPolicy;
  const pollMs = options.pollMs ?? 2000;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());

  async function ask(refund: QueuedRefund): Promise<void> {
    const finish = (outcome: Parameters<PaymentsPort["finishRefund"]>[0]) => options.payments.finishRefund(outcome);
    const claim = { id: refund.id, claim: refund.claim };
    try {
      if (now().getTime() - new Date(refund.requestedAt).getTime() >= KEY_LIFETIME_MS) {
        const made = (await options.stripe.listRefunds(refund.paymentReference)).find(
          (candidate) => candidate.shopRefundId === refund.id,
        );
        if (made) {
          await finish({ ...claim, outcome: "succeeded", providerRefundId: made.id, amount: made.amount });
          return;
        }
      }
      const answer = await options.stripe.refund({
        paymentReference: refund.paymentReference,
        amount: refund.amount,
        idempotencyKey: refundIdempotencyKey(refund.id),
        metadata: { order_id: refund.orderId, [SHOP_REFUND_METADATA]: refund.id },
      });
      if (answer.outcome === "refused") {
        log(`Refunds: Stripe refused refund ${refund.id} of order ${refund.orderId}: ${answer.message}`);
        await finish({ ...claim, outcome: "failed", error: answer.message });
        return;
      }
      await finish({ ...claim, outcome: "succeeded", providerRefundId: answer.id, amount: answer.amount });
    } catch (error) {
      if (!(error instanceof PaymentUnavailableError)) throw error;
      const next = afterFailure(retry, {
        attempts: refund.attempts,
        createdAt: new Date(refund.requestedAt),
        now: now(),
      });
      const retryAt = next.giveUp ? new Date(now().getTime() + retry.maxDelayMs) : next.retryAt;
      await finish({ ...claim, outcome: "retry", error: error.message, retryAt });
    }
  }

  return createQueuePoller({
    claimNext: () => options.payments.claimRefund({ leaseSeconds }),
    handle: ask,
    pollMs,
    // The database is away for a moment: the refunds wait in their table, the next round tries again.
    onRoundError: (error) =>
      log(`Refunds: could not read the refund queue: ${error instanceof Error ? error.message : String(error)}`),
  });
}

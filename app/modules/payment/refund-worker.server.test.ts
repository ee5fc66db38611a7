import { describe, expect, it } from "vitest";

import type { PaymentsPort } from "~/backend/ports/payments";
import type { ProviderRefund, QueuedRefund } from "~/backend/ports/refunds";
import { createRefundWorker, refundRetryPolicy } from "./refund-worker.server";
import { PaymentUnavailableError, type StripeCheckout } from "./stripe.server";

const now = new Date("2026-12-01T12:00:00.000Z");

/** One queued refund, claimed once; what the worker records of it. */
function queueOf(refund: Partial<QueuedRefund>) {
  const finished: Parameters<PaymentsPort["finishRefund"]>[0][] = [];
  let claimed = false;
  const payments: Pick<PaymentsPort, "claimRefund" | "finishRefund"> = {
    async claimRefund() {
      if (claimed) return null;
      claimed = true;
      return {
        id: "7d0c7c5e-9c1c-4a47-9a1e-6f1a2b3c4d5e",
        orderId: "order-1",
        provider: "stripe",
        paymentReference: "pi_test_1",
        amount: 1500,
        currency: "usd",
        attempts: 1,
        requestedAt: now.toISOString(),
        claim: "claim-1",
        ...refund,
      };
    },
    async finishRefund(input) {
      finished.push(input);
      return true;
    },
  };
  return { payments, finished };
}

function stripeAnswering(
  refund: StripeCheckout["refund"],
  listed: ProviderRefund[] = [],
): Pick<StripeCheckout, "refund" | "listRefunds"> & { asked: Parameters<StripeCheckout["refund"]>[0][] } {
  const asked: Parameters<StripeCheckout["refund"]>[0][] = [];
  return {
    asked,
    refund: (input) => (asked.push(input), refund(input)),
    listRefunds: async () => listed,
  };
}

const run = (
  payments: Pick<PaymentsPort, "claimRefund" | "finishRefund">,
  stripe: ReturnType<typeof stripeAnswering>,
) => createRefundWorker({ payments, stripe, log: () => {}, now: () => now }).runOnce();

describe("the refund worker", () => {
  it("asks Stripe with the row's key and its id in the metadata, and records Stripe's refund", async () => {
    const { payments, finished } = queueOf({});
    const stripe = stripeAnswering(async () => ({ outcome: "created", id: "re_test_1", amount: 1500 }));
    expect(await run(payments, stripe)).toBe(1);
    expect(stripe.asked).toEqual([
      {
        paymentReference: "pi_test_1",
        amount: 1500,
        idempotencyKey: "refund-7d0c7c5e-9c1c-4a47-9a1e-6f1a2b3c4d5e",
        metadata: { order_id: "order-1", shop_refund_id: "7d0c7c5e-9c1c-4a47-9a1e-6f1a2b3c4d5e" },
      },
    ]);
    expect(finished).toEqual([
      {
        id: "7d0c7c5e-9c1c-4a47-9a1e-6f1a2b3c4d5e",
        claim: "claim-1",
        outcome: "succeeded",
        providerRefundId: "re_test_1",
        amount: 1500,
      },
    ]);
  });

  it("tries again later, backing off, while Stripe does not answer, and never gives up", async () => {
    const requestedAt = new Date(now.getTime() - 7 * 24 * 60 * 60_000).toISOString();
    const { payments, finished } = queueOf({ attempts: 40, requestedAt });
    await run(
      payments,
      stripeAnswering(async () => {
        throw new PaymentUnavailableError("Stripe: refunding a payment failed");
      }),
    );
    expect(finished).toEqual([
      expect.objectContaining({
        outcome: "retry",
        error: "Stripe: refunding a payment failed",
        retryAt: new Date(now.getTime() + refundRetryPolicy.maxDelayMs),
      }),
    ]);
  });

  it("records Stripe's refusal as failed", async () => {
    const { payments, finished } = queueOf({});
    await run(
      payments,
      stripeAnswering(async () => ({ outcome: "refused", message: "Charge has already been refunded." })),
    );
    expect(finished).toEqual([
      expect.objectContaining({ outcome: "failed", error: "Charge has already been refunded." }),
    ]);
  });

  it("past the key's lifetime, finds a refund Stripe made for the row instead of asking again", async () => {
    const id = "7d0c7c5e-9c1c-4a47-9a1e-6f1a2b3c4d5e";
    const { payments, finished } = queueOf({ requestedAt: new Date(now.getTime() - 25 * 60 * 60_000).toISOString() });
    const stripe = stripeAnswering(
      async () => ({ outcome: "created", id: "re_test_second", amount: 1500 }),
      [
        { id: "re_test_dashboard", amount: 100, currency: "usd", status: "succeeded", shopRefundId: null },
        { id: "re_test_first", amount: 1500, currency: "usd", status: "succeeded", shopRefundId: id },
      ],
    );
    await run(payments, stripe);
    expect(stripe.asked).toEqual([]);
    expect(finished).toEqual([expect.objectContaining({ outcome: "succeeded", providerRefundId: "re_test_first" })]);
  });
});

// The refund queue and the provider's charge events (docs/decisions/0033-refund-queue.md) over the functions of
// 20261201000200_refund_queue.sql: one implementation for every backend, part of the payments store
// (./payments.server.ts), called as it is (the SQL adapter's as the database owner, Supabase's with the service role).

import { BackendError } from "~/backend/errors";
import { requireText } from "~/backend/input.server";
import type { ChargeEventOutcome, QueuedRefund, RefundsPort, StaffRefund } from "~/backend/ports/refunds";
import { toIsoString } from "~/backend/rows.server";
import type { RpcCall } from "./rpc-call";

const chargeOutcomes: readonly ChargeEventOutcome[] = [
  "refund_recorded",
  "dispute_recorded",
  "recorded",
  "unknown_order",
  "duplicate",
];

export interface StaffRefundRow {
  id: string;
  amount: number;
  currency: string;
  reason: string;
  state: StaffRefund["state"];
  provider?: StaffRefund["provider"];
  lines?: { item_id: string; quantity: number; amount: number }[];
  shipping_amount?: number;
  provider_refund_id: string | null;
  requested_by_label: string;
  requested_by_email: string | null;
  requested_at: string;
  completed_at: string | null;
  attempts: number;
  last_error: string | null;
}

export function toStaffRefund(row: StaffRefundRow): StaffRefund {
  return {
    id: row.id,
    amount: Number(row.amount),
    currency: row.currency,
    reason: row.reason,
    state: row.state,
    provider: row.provider ?? "stripe",
    lines: (row.lines ?? []).map((line) => ({
      itemId: line.item_id,
      quantity: Number(line.quantity),
      amount: Number(line.amount),
    })),
    shippingAmount: Number(row.shipping_amount ?? 0),
    providerRefundId: row.provider_refund_id,
    requestedByLabel: row.requested_by_label,
    requestedByEmail: row.requested_by_email,
    requestedAt: toIsoString(row.requested_at),
    completedAt: row.completed_at ? toIsoString(row.completed_at) : null,
    attempts: Number(row.attempts),
    lastError: row.last_error,
  };
}

interface QueuedRefundRow {
  id: string;
  claim_token: string;
  order_id: string;
  provider: QueuedRefund["provider"];
  payment_reference: string;
  amount: number;
  currency: string;
  attempts: number;
  requested_at: string;
}

export function createRefundsPort(call: RpcCall): RefundsPort {
  return {
    async recordChargeEvent(input) {
      const data =
        input.eventType === "charge.refunded"
          ? {
              refunds: input.refunds.map((refund) => ({
                id: refund.id,
                amount: refund.amount,
                currency: refund.currency,
                status: refund.status,
                refund_id: refund.shopRefundId,
              })),
            }
          : input.dispute;
      const outcome = await call("record_charge_event", {
        p_provider: [input.provider, "text"],
        p_event_id: [requireText(input.eventId, "An event id"), "text"],
        p_event_type: [input.eventType, "text"],
        p_payment_reference: [input.paymentReference, "text"],
        p_data: [data, "jsonb"],
      });
      if (!chargeOutcomes.includes(outcome as ChargeEventOutcome))
        throw new BackendError("unexpected", `record_charge_event answered ${String(outcome)}.`);
      return outcome as ChargeEventOutcome;
    },

    async claimRefund({ leaseSeconds }) {
      const row = (await call("claim_refund", {
        p_lease_seconds: [leaseSeconds, "integer"],
      })) as QueuedRefundRow | null;
      if (!row) return null;
      return {
        id: row.id,
        orderId: row.order_id,
        provider: row.provider,
        paymentReference: row.payment_reference,
        amount: Number(row.amount),
        currency: row.currency,
        attempts: Number(row.attempts),
        requestedAt: toIsoString(row.requested_at),
        claim: row.claim_token,
      };
    },

    async finishRefund(input) {
      const finished = await call("finish_refund_claim", {
        p_id: [input.id, "uuid"],
        p_claim_token: [input.claim, "uuid"],
        p_outcome: [input.outcome, "text"],
        p_provider_refund_id: [input.outcome === "succeeded" ? input.providerRefundId : null, "text"],
        p_amount: [input.outcome === "succeeded" ? input.amount : null, "integer"],
        p_error: [input.outcome === "succeeded" ? null : input.error, "text"],
        p_retry_at: [input.outcome === "retry" ? input.retryAt.toISOString() : null, "timestamptz"],
      });
      return finished === true;
    },
  };
}

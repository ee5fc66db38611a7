// The payments store (decision 0031) over the functions of 20261127000400_payments.sql, the refund queue
// (./refunds.server.ts) included: what the database records of card payments, not the provider that takes them.

import { BackendError } from "~/backend/errors";
import { isUuid, requireText } from "~/backend/input.server";
import type { PaymentEventOutcome, PaymentsPort } from "~/backend/ports/payments";
import { toPaymentOrder, type PaymentOrderRow } from "~/backend/rows.server";
import { createRefundsPort } from "./refunds.server";
import type { RpcCall } from "./rpc-call";

const outcomes: readonly PaymentEventOutcome[] = [
  "paid",
  "cancelled",
  "recorded",
  "already_paid",
  "paid_after_cancel",
  "not_pending",
  "other_session",
  "amount_mismatch",
  "unknown_order",
  "closed_by_staff",
  "duplicate",
];

/** An id a provider echoes back (client_reference_id, metadata): a uuid, or null for anything else. */
const orderIdOrNull = (value: string | null | undefined) => (isUuid(value) ? value : null);

/**
 * One implementation for every backend. `call` runs without a shopper's session: the SQL adapter's as the database owner, Supabase's with the service role.
 */
export function createPaymentsPort(call: RpcCall): PaymentsPort {
  const orderOf = (row: unknown) => (row ? toPaymentOrder(row as PaymentOrderRow) : null);
  return {
    ...createRefundsPort(call),

    async order({ orderId }) {
      const id = orderIdOrNull(orderId);
      return id ? orderOf(await call("payment_order", { p_order_id: [id, "uuid"] })) : null;
    },

    async attachSession({ orderId, provider, sessionId }) {
      const id = orderIdOrNull(orderId);
      if (!id) return false;
      return (
        (await call("attach_payment_session", {
          p_order_id: [id, "uuid"],
          p_provider: [provider, "text"],
          p_session_id: [requireText(sessionId, "A session id"), "text"],
        })) === true
      );
    },

    async recordEvent(input) {
      const outcome = await call("record_payment_event", {
        p_provider: [input.provider, "text"],
        p_event_id: [requireText(input.eventId, "An event id"), "text"],
        p_event_type: [requireText(input.eventType, "An event type", 100), "text"],
        p_order_id: [orderIdOrNull(input.orderId), "uuid"],
        p_session_id: [input.sessionId ?? null, "text"],
        p_action: [input.action, "text"],
        p_reference: [input.reference ?? null, "text"],
        p_amount: [input.amount ?? null, "bigint"],
        p_currency: [input.currency ?? null, "text"],
      });
      if (!outcomes.includes(outcome as PaymentEventOutcome))
        throw new BackendError("unexpected", `record_payment_event answered ${String(outcome)}.`);
      return outcome as PaymentEventOutcome;
    },

    async cancelUnpaid({ orderId, sessionId }) {
      const id = orderIdOrNull(orderId);
      return id
        ? orderOf(
            await call("cancel_unpaid_order", {
              p_order_id: [id, "uuid"],
              p_session_id: [requireText(sessionId, "A session id"), "text"],
            }),
          )
        : null;
    },
  };
}

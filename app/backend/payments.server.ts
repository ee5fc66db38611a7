import { BackendError } from "./errors";
import type { PaymentEventOutcome, PaymentsPort } from "./port";
import { type PaymentOrderRow, toPaymentOrder } from "./rows.server";

/**
 * Calls one function of supabase/migrations by its named arguments and resolves with what it returns: the SQL
 * adapter as the database owner, the Supabase adapter through PostgREST with the service-role key.
 */
export type PrivilegedCall = (name: string, args: Record<string, unknown>) => Promise<unknown>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
  "duplicate",
];

/** An id a provider echoes back (client_reference_id, metadata): a uuid, or null for anything else. */
const orderIdOrNull = (value: string | null | undefined) => (typeof value === "string" && uuidPattern.test(value) ? value : null);

function requireText(value: unknown, what: string, max = 255): string {
  if (typeof value !== "string" || value.length === 0 || value.length > max) {
    throw new BackendError("invalid_input", `${what} must be 1 to ${max} characters.`);
  }
  return value;
}

/** The payments port over the functions of 20261127000400_payments.sql: one implementation for every backend. */
export function createPaymentsPort(call: PrivilegedCall): PaymentsPort {
  const orderOf = (row: unknown) => (row ? toPaymentOrder(row as PaymentOrderRow) : null);
  return {
    async order({ orderId }) {
      const id = orderIdOrNull(orderId);
      return id ? orderOf(await call("payment_order", { p_order_id: id })) : null;
    },

    async attachSession({ orderId, provider, sessionId }) {
      const id = orderIdOrNull(orderId);
      if (!id) return false;
      return (await call("attach_payment_session", { p_order_id: id, p_provider: provider, p_session_id: requireText(sessionId, "A session id") })) === true;
    },

    async recordEvent(input) {
      const outcome = await call("record_payment_event", {
        p_provider: input.provider,
        p_event_id: requireText(input.eventId, "An event id"),
        p_event_type: requireText(input.eventType, "An event type", 100),
        p_order_id: orderIdOrNull(input.orderId),
        p_session_id: input.sessionId ?? null,
        p_action: input.action,
        p_reference: input.reference ?? null,
        p_amount: input.amount ?? null,
        p_currency: input.currency ?? null,
      });
      if (!outcomes.includes(outcome as PaymentEventOutcome)) throw new BackendError("unexpected", `record_payment_event answered ${String(outcome)}.`);
      return outcome as PaymentEventOutcome;
    },

    async cancelUnpaid({ orderId, sessionId }) {
      const id = orderIdOrNull(orderId);
      return id ? orderOf(await call("cancel_unpaid_order", { p_order_id: id, p_session_id: requireText(sessionId, "A session id") })) : null;
    },
  };
}

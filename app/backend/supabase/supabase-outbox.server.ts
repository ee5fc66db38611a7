import type { SupabaseClient } from "@supabase/supabase-js";
import { toBackendError } from "~/backend/database-errors.server";
import type { OutboxPort } from "~/backend/port";
import { type OutboxRow, toOutboxMessage } from "~/backend/sql/sql-outbox.server";

/**
 * The outbox on Supabase (issue 17): the same public.claim_outbox and finish_outbox the SQL backends call,
 * through PostgREST with the service-role client (service-role.server.ts).
 */
export function createSupabaseOutbox(client: SupabaseClient): OutboxPort {
  return {
    async claim({ limit, leaseSeconds }) {
      const { data, error } = await client.rpc("claim_outbox", { p_limit: limit, p_lease_seconds: leaseSeconds });
      if (error) throw toBackendError(error);
      return ((data ?? []) as OutboxRow[]).map(toOutboxMessage);
    },
    async finish(input) {
      const { error } = await client.rpc("finish_outbox", {
        p_id: input.id,
        p_outcome: input.outcome,
        p_error: input.outcome === "sent" ? null : input.error,
        p_retry_at: input.outcome === "retry" ? input.retryAt.toISOString() : null,
      });
      if (error) throw toBackendError(error);
    },
  };
}

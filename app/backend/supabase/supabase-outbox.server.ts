import type { SupabaseClient } from "@supabase/supabase-js";

import { toBackendError } from "~/backend/database-errors.server";
import type { OutboxPort } from "~/backend/ports/outbox";
import { toOutboxMessage, type OutboxRow } from "~/backend/sql/sql-outbox.server";

/** The outbox on Supabase (decision 0016): the same public.claim_outbox and finish_outbox the SQL backends call. */
export function createSupabaseOutbox(client: SupabaseClient): OutboxPort {
  return {
    async claim({ limit, leaseSeconds }) {
      const { data, error } = await client.rpc("claim_outbox", { p_limit: limit, p_lease_seconds: leaseSeconds });
      if (error) throw toBackendError(error);
      return ((data ?? []) as OutboxRow[]).map(toOutboxMessage);
    },
    async renew({ id, claim, leaseSeconds }) {
      const { data, error } = await client.rpc("renew_outbox_claim", {
        p_id: id,
        p_claim_token: claim,
        p_lease_seconds: leaseSeconds,
      });
      if (error) throw toBackendError(error);
      return data === true;
    },
    async finish(input) {
      const { data, error } = await client.rpc("finish_outbox_claim", {
        p_id: input.id,
        p_claim_token: input.claim,
        p_outcome: input.outcome,
        p_error: input.outcome === "sent" ? null : input.error,
        p_retry_at: input.outcome === "retry" ? input.retryAt.toISOString() : null,
      });
      if (error) throw toBackendError(error);
      return data === true;
    },
  };
}

import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { toBackendError } from "~/backend/database-errors.server";
import type { OutboxPort } from "~/backend/port";
import { type OutboxRow, toOutboxMessage } from "~/backend/sql/sql-outbox.server";

/**
 * A client with the service-role key (SUPABASE_SERVICE_ROLE_KEY), for the work no shopper's session does: the
 * outbox (the same public.claim_outbox, renew_outbox_claim and finish_outbox_claim the SQL backends call), the staff
 * list. That key bypasses row-level security, so it stays in this server process and is never put in a page, a
 * cookie or a log.
 */
export function createServiceRoleClient(options: { url: string; serviceRoleKey: string; fetch?: typeof fetch }): SupabaseClient {
  return createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: options.fetch ? { fetch: options.fetch } : {},
    // Node 20 has no global WebSocket, and supabase-js refuses to start without one (STACK.md).
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>["realtime"]>["transport"] },
  });
}

/** The outbox on Supabase (decision 0016): the same public.claim_outbox and finish_outbox the SQL backends call. */
export function createSupabaseOutbox(client: SupabaseClient): OutboxPort {
  return {
    async claim({ limit, leaseSeconds }) {
      const { data, error } = await client.rpc("claim_outbox", { p_limit: limit, p_lease_seconds: leaseSeconds });
      if (error) throw toBackendError(error);
      return ((data ?? []) as OutboxRow[]).map(toOutboxMessage);
    },
    async renew({ id, claim, leaseSeconds }) {
      const { data, error } = await client.rpc("renew_outbox_claim", { p_id: id, p_claim_token: claim, p_lease_seconds: leaseSeconds });
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

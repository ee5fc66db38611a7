import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { toBackendError } from "~/backend/database-errors.server";
import type { PrivilegedCall } from "~/backend/payments.server";

/**
 * A client with the service-role key, for what this server does without a shopper's session: drain the e-mail
 * outbox, record payments. That key bypasses row-level security, so it stays in this server process
 * (SUPABASE_SERVICE_ROLE_KEY) and is never put in a page, a cookie or a log; the functions it calls are granted to
 * service_role only.
 */
export function createServiceRoleClient(options: { url: string; serviceRoleKey: string; fetch?: typeof fetch }): SupabaseClient {
  return createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: options.fetch ? { fetch: options.fetch } : {},
    // Node 20 has no global WebSocket, and supabase-js refuses to start without one (STACK.md).
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>["realtime"]>["transport"] },
  });
}

/** A function of supabase/migrations through PostgREST's RPC, with the service role. */
export function serviceRoleCall(client: SupabaseClient): PrivilegedCall {
  return async (name, args) => {
    const { data, error } = await client.rpc(name, args);
    if (error) throw toBackendError(error);
    return data;
  };
}

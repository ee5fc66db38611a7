// The Supabase clients the adapter makes: a request's (its session in signed cookies), a throwaway one that checks
// a password, and the service role's.
import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";

import { signCookieValue, unsignCookieValue } from "~/backend/cookie-signing.server";
import { addResponseCookie } from "~/http/cookies.server";

/** Where the Supabase project is, and how to reach it. */
export interface SupabaseProject {
  url: string;
  anonKey: string;
  /** Tests pass a fake to see and answer every request at the network edge. */
  fetch?: typeof fetch;
}

/** How the session cookies are kept: signed with SESSION_SECRET values (newest first), Secure in production. */
export interface SessionCookieOptions {
  cookieSecrets: string[];
  secureCookies: boolean;
}

export const REQUEST_TIMEOUT_MS = 10_000;

// Node 20 has no global WebSocket, and supabase-js refuses to start without one (STACK.md).
const realtimeOptions = {
  transport: WebSocket as unknown as NonNullable<
    NonNullable<Parameters<typeof createClient>[2]>["realtime"]
  >["transport"],
};

const fetchOptions = (project: { fetch?: typeof fetch }) => (project.fetch ? { fetch: project.fetch } : {});

/**
 * One request's client: @supabase/ssr keeps the user's session in (signed) cookies, read from `cookieHeader` and
 * written into `responseHeaders`, and every call carries the anon key plus the user's access token.
 */
export function createRequestClient(
  project: SupabaseProject & SessionCookieOptions,
  cookieHeader: string | null,
  responseHeaders: Headers,
): SupabaseClient {
  const secureCookieOptions = { httpOnly: true, sameSite: "lax", secure: project.secureCookies, path: "/" } as const;
  return createServerClient(project.url, project.anonKey, {
    cookies: {
      // Only Supabase's own cookies, and only those whose signature holds: a tampered one reads as absent.
      getAll() {
        return parseCookieHeader(cookieHeader ?? "")
          .filter((cookie) => cookie.name.startsWith("sb-"))
          .flatMap((cookie) => {
            const value = unsignCookieValue(cookie.value ?? "", project.cookieSecrets);
            return value === null ? [] : [{ name: cookie.name, value }];
          });
      },
      setAll(cookies, headers) {
        for (const { name, value, options: cookieOptions } of cookies) {
          addResponseCookie(
            responseHeaders,
            serializeCookieHeader(name, value ? signCookieValue(value, project.cookieSecrets) : "", {
              ...cookieOptions,
              ...secureCookieOptions,
            }),
          );
        }
        // Supabase's own no-cache headers, stricter still than the jar's.
        for (const [header, value] of Object.entries(headers)) responseHeaders.set(header, value);
      },
    },
    cookieOptions: secureCookieOptions,
    global: fetchOptions(project),
    db: { timeout: REQUEST_TIMEOUT_MS },
    realtime: realtimeOptions,
  });
}

/** A client that keeps no session, for asking Supabase Auth whether a password is right. */
export function createStatelessClient(project: SupabaseProject): SupabaseClient {
  return createClient(project.url, project.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: fetchOptions(project),
    realtime: realtimeOptions,
  });
}

/**
 * A client with the service-role key (SUPABASE_SERVICE_ROLE_KEY), for the work no shopper's session does: the
 * outbox (the same public.claim_outbox, renew_outbox_claim and finish_outbox_claim the SQL backends call), the staff
 * list. That key bypasses row-level security, so it stays in this server process and is never put in a page, a
 * cookie or a log.
 */
export function createServiceRoleClient(options: {
  url: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}): SupabaseClient {
  return createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: fetchOptions(options),
    realtime: realtimeOptions,
  });
}

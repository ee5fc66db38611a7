// One request's Supabase session: read from its cookies once, refreshed near expiry, and the user Supabase Auth
// verifies for it.
import { isAuthRetryableFetchError, type Session, type SupabaseClient, type User } from "@supabase/supabase-js";

import type { AuthUser } from "~/backend/ports/auth";
import { toAuthUser } from "~/backend/rows.server";
import { fromAuthError, RETRYABLE_STATUSES } from "./supabase-errors.server";

/** A session is refreshed on the server when 90 s or less remain. */
export const REFRESH_WHEN_SECONDS_LEFT = 90;

export interface SupabaseSession {
  /** The request's session (refreshed if 90 s or less remain), or null. */
  current(): Promise<Session | null>;
  /** Its user as Supabase Auth verifies it (a revoked session or deleted user reads as null), asked once. */
  user(): Promise<AuthUser | null>;
  /** The client's session changed (signed in or out): read both again when next asked. */
  forget(): void;
  /** The request's user from now on, without asking Supabase Auth. */
  remember(user: AuthUser | null): void;
}

export function toUser(supabaseUser: User): AuthUser {
  return toAuthUser({
    id: supabaseUser.id,
    email: supabaseUser.email,
    created_at: supabaseUser.created_at,
    metadata: supabaseUser.user_metadata,
  });
}

export function createSupabaseSession(client: SupabaseClient): SupabaseSession {
  let session: Promise<Session | null> | undefined;
  let user: Promise<AuthUser | null> | undefined;

  async function loadSession(): Promise<Session | null> {
    const { data, error } = await client.auth.getSession();
    if (error) {
      if (isAuthRetryableFetchError(error)) throw fromAuthError(error);
      return null;
    }
    const current = data.session;
    // supabase-js refreshes below 90 s; the spec says "90 s or less", so the boundary is ours.
    if (current?.expires_at && current.expires_at - Date.now() / 1000 <= REFRESH_WHEN_SECONDS_LEFT) {
      const refreshed = await client.auth.refreshSession();
      if (refreshed.error) {
        if (isAuthRetryableFetchError(refreshed.error)) throw fromAuthError(refreshed.error);
        return null;
      }
      return refreshed.data.session;
    }
    return current;
  }

  async function loadUser(): Promise<AuthUser | null> {
    if (!(await current())) return null;
    // Verifies the access token with Supabase Auth: a revoked session or deleted user reads as signed out.
    const { data, error } = await client.auth.getUser();
    if (error) {
      if (isAuthRetryableFetchError(error) || RETRYABLE_STATUSES.includes(error.status ?? 0))
        throw fromAuthError(error);
      return null;
    }
    return toUser(data.user);
  }

  function current(): Promise<Session | null> {
    session ??= loadSession();
    return session;
  }

  return {
    current,
    user() {
      user ??= loadUser();
      return user;
    },
    forget() {
      session = undefined;
      user = undefined;
    },
    remember(signedIn) {
      user = Promise.resolve(signedIn);
    },
  };
}

/**
 * Whether an access token (already verified by Supabase Auth) belongs to a session opened by a password-recovery
 * link less than `seconds` ago: Supabase Auth signs how each session began into the token's `amr` claim, with the
 * time, and keeps it when the token is refreshed.
 */
export function openedByRecoveryWithin(accessToken: string, seconds: number, nowSeconds: number): boolean {
  let claims: { amr?: unknown };
  try {
    claims = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      amr?: unknown;
    };
  } catch {
    return false;
  }
  if (!Array.isArray(claims.amr)) return false;
  return claims.amr.some((entry: unknown) => {
    const { method, timestamp } = (entry ?? {}) as { method?: unknown; timestamp?: unknown };
    // A minute of clock difference with Supabase is allowed for, not more.
    return (
      method === "recovery" &&
      typeof timestamp === "number" &&
      timestamp - nowSeconds < 60 &&
      nowSeconds - timestamp < seconds
    );
  });
}

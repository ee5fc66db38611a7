// How the Supabase adapter says what went wrong: Supabase Auth's and PostgREST's errors as the port's BackendError.
import {
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type AuthError,
  type PostgrestError,
} from "@supabase/supabase-js";

import { toBackendError, unavailableMessage } from "~/backend/database-errors.server";
import { BackendError } from "~/backend/errors";

export const RETRYABLE_STATUSES = [502, 503, 504];

export function fromAuthError(error: AuthError): BackendError {
  const status = error.status ?? 0;
  if (isAuthRetryableFetchError(error) || RETRYABLE_STATUSES.includes(status)) {
    return new BackendError("unavailable", "Sign-in is not reachable right now. Please try again in a moment.", {
      cause: error,
    });
  }
  if (isAuthWeakPasswordError(error)) return new BackendError("weak_password", error.message, { cause: error });
  if (isAuthSessionMissingError(error))
    return new BackendError("not_authenticated", "Please sign in first.", { cause: error });
  switch (error.code) {
    case "invalid_credentials":
      return new BackendError("invalid_credentials", error.message, { cause: error });
    case "user_already_exists":
    case "email_exists":
      return new BackendError("email_taken", error.message, { cause: error });
    case "weak_password":
      return new BackendError("weak_password", error.message, { cause: error });
    case "email_not_confirmed":
      return new BackendError("email_not_confirmed", error.message, { cause: error });
    case "over_request_rate_limit":
    case "over_email_send_rate_limit":
      return new BackendError("too_many_attempts", error.message, { cause: error });
    case "session_not_found":
    case "refresh_token_not_found":
    case "refresh_token_already_used":
    case "bad_jwt":
      return new BackendError("not_authenticated", error.message, { cause: error });
    // A `?code=` (e-mailed link or OAuth) that is unknown, used, expired, or opened in another browser (no PKCE
    // verifier cookie): "invalid_link", as on the SQL backends, so the callback page says the link no longer works.
    case "flow_state_not_found":
    case "flow_state_expired":
    case "otp_expired":
    case "bad_code_verifier":
    case "pkce_code_verifier_not_found":
      return new BackendError("invalid_link", "This link is invalid, has already been used or has expired.", {
        cause: error,
      });
  }
  if (status === 429) return new BackendError("too_many_attempts", error.message, { cause: error });
  if (status >= 400 && status < 500) return new BackendError("invalid_input", error.message, { cause: error });
  return new BackendError("unexpected", error.message || "Sign-in failed unexpectedly.", { cause: error });
}

export function fromPostgrestError(error: PostgrestError, status: number): BackendError {
  // status 0: the request never got an answer (network down, DNS, timeout).
  if (status === 0 || RETRYABLE_STATUSES.includes(status)) {
    return new BackendError("unavailable", unavailableMessage, { cause: error });
  }
  if (status === 401 && ["PGRST301", "PGRST302", "PGRST303"].includes(error.code)) {
    return new BackendError("not_authenticated", "Your session has expired. Please sign in again.", { cause: error });
  }
  return toBackendError(error);
}

/** What a PostgREST call answered, or its error as a BackendError. */
export async function dataOrThrow<T>(
  operation: PromiseLike<{ data: T | null; error: PostgrestError | null; status: number }>,
): Promise<T | null> {
  const { data, error, status } = await operation;
  if (error) throw fromPostgrestError(error, status);
  return data;
}

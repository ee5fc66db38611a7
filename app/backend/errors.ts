// The one error type the port throws. Plain (not .server) so that routes and components can test for it.

export type BackendErrorCode =
  /** Wrong e-mail or password (deliberately not saying which). */
  | "invalid_credentials"
  | "email_taken"
  | "weak_password"
  /** The backend wants the e-mail address confirmed first. */
  | "email_not_confirmed"
  /** Throttled: too many failed sign-ins for an address, or the backend's rate limit. */
  | "too_many_attempts"
  /** An operation that needs a signed-in user got none, or another user's id. */
  | "not_authenticated"
  | "not_authorized"
  | "not_supported"
  | "not_found"
  /** An e-mailed link that is unknown, already used or expired. */
  | "invalid_link"
  /** Setting a password without the current one needs a session from a recovery link, unused and recent. */
  | "recovery_required"
  | "product_not_found"
  | "out_of_stock"
  | "invalid_quantity"
  /** The cart already holds MAX_CART_LINES different products. */
  | "cart_full"
  | "invalid_input"
  /** The idempotency key belongs to another shopper's order. */
  | "conflict"
  /** A member's stored cart no longer holds the lines of the order (ordered from another session, or changed). */
  | "cart_changed"
  /** The order's status is no longer the one the staff member saw: someone moved it meanwhile. */
  | "order_changed"
  /** A status move the shop does not allow (e.g. pending -> delivered). */
  | "move_not_allowed"
  /** A product (or a variant's count) changed since the staff member read it: someone saved it meanwhile. */
  | "product_changed"
  /** A customer's staff note was saved by someone else since the form was drawn. */
  | "note_changed"
  /**
   * place_order refused the order's discount code (it no longer applies): `discountRefusalReason()` says why, in the
   * words of app/modules/discounts/rules.ts. Nothing was ordered; the cart is as it was.
   */
  | "discount_refused"
  /** place_order computed another discount than the one the shopper was shown (the cart or the code changed). */
  | "discount_mismatch"
  /** A product id, variant id or SKU that another product already uses (or a discount code another code has). */
  | "id_taken"
  /** The database or Supabase cannot be reached (connection refused, 502/503/504): try again later. */
  | "unavailable"
  /** The database stopped a statement at its time limit (statement_timeout): a narrower request may finish. */
  | "timed_out"
  | "unexpected";

/**
 * `message` is written for the shopper (shown as is); `cause` keeps the original error for logs;
 * `retryAfterSeconds`, for "too_many_attempts", is when to try again (the 429's Retry-After), where it is known.
 */
export class BackendError extends Error {
  override readonly name = "BackendError";
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: BackendErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export function isBackendError(error: unknown, code?: BackendErrorCode): error is BackendError {
  return error instanceof BackendError && (code === undefined || error.code === code);
}

/** Why place_order refused a discount code: one of rules.ts's reasons (the database's error detail), or null. */
export function discountRefusalReason(error: unknown): string | null {
  if (!isBackendError(error, "discount_refused")) return null;
  const cause = error.cause as { detail?: unknown; details?: unknown } | undefined;
  const reason = cause?.detail ?? cause?.details;
  return typeof reason === "string" && /^[a-z_]{1,40}$/.test(reason) ? reason : null;
}

/** The refusal of a password set without the current one, outside a recovery link's grant (every adapter). */
export function recoveryRequiredError(): BackendError {
  return new BackendError(
    "recovery_required",
    'This password-reset link has expired or was already used. Ask for a new one with "Forgot password?".',
  );
}

/** The refusal of a staff set-up link that no longer works (every adapter; decision 0032). */
export function invalidSetupLinkError(): BackendError {
  return new BackendError(
    "invalid_link",
    "This staff set-up link has been used, has expired or was replaced by a newer one. Restart the shop for a new link.",
  );
}

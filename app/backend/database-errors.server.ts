import { MAX_CART_LINE_QUANTITY } from "./constants";
import { BackendError } from "./errors";

/** What PostgreSQL (through pg, PGlite or PostgREST) tells us about a failed statement. */
interface DatabaseErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  details?: string;
  constraint?: string;
}

const unavailableMessage = "The shop's database is not reachable right now. Please try again in a moment.";

// Custom SQLSTATEs raised by the functions in supabase/migrations.
const raisedByFunctions: Record<string, (error: DatabaseErrorLike) => BackendError> = {
  LB001: (error) => new BackendError("product_not_found", "Product not found.", { cause: error }),
  // place_order names the item and how many are left; add_to_cart says it in general.
  LB002: (error) =>
    new BackendError("out_of_stock", error.message ?? "This product is out of stock.", { cause: error }),
  LB003: (error) =>
    new BackendError("invalid_quantity", `Quantity must be a whole number from 1 to ${MAX_CART_LINE_QUANTITY}.`, {
      cause: error,
    }),
  // Those messages are written for the shopper.
  LB004: (error) => new BackendError("invalid_input", error.message ?? "Invalid input.", { cause: error }),
  LB005: (error) =>
    new BackendError("conflict", "This order form was already used. Reload the checkout page and try again.", {
      cause: error,
    }),
  LB006: (error) => new BackendError("cart_full", error.message ?? "Your cart is full.", { cause: error }),
  LB007: (error) => new BackendError("cart_changed", "Your cart has changed.", { cause: error }),
  // The back office's status moves (supabase/migrations/20261127000300_back_office.sql).
  LB020: (error) => new BackendError("not_found", "Order not found.", { cause: error }),
  LB021: (error) =>
    new BackendError("order_changed", error.message ?? "The order changed meanwhile.", { cause: error }),
  LB022: (error) =>
    new BackendError("move_not_allowed", error.message ?? "That status change is not allowed.", { cause: error }),
  // The back office's catalogue (supabase/migrations/20261202000100_catalogue_in_the_database.sql).
  LB030: (error) =>
    new BackendError("product_changed", error.message ?? "The product changed meanwhile.", { cause: error }),
  LB031: (error) => new BackendError("id_taken", error.message ?? "That id is already used.", { cause: error }),
  // The back office's customers (supabase/migrations/20261204000600_customers.sql).
  LB040: (error) =>
    new BackendError("note_changed", error.message ?? "The note was saved by someone else meanwhile.", {
      cause: error,
    }),
  // A member's saved addresses (supabase/migrations/20261207000100_customer_accounts.sql).
  LB050: (error) =>
    new BackendError("invalid_input", error.message ?? "You cannot add another address.", { cause: error }),
  LB051: (error) => new BackendError("not_found", "Address not found.", { cause: error }),
  // Discount codes (supabase/migrations/20261205000100_discount_codes.sql): the reason is the error's detail.
  LB060: (error) =>
    new BackendError("discount_refused", error.message ?? "This discount code cannot be used.", { cause: error }),
  LB061: (error) => new BackendError("discount_mismatch", "The discount changed since it was shown.", { cause: error }),
  LB062: (error) => new BackendError("id_taken", error.message ?? "That code is already used.", { cause: error }),
};

/** Maps a database error (pg, PGlite or PostgREST's JSON) to the port's BackendError. */
export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const details = (typeof error === "object" && error !== null ? error : {}) as DatabaseErrorLike &
    NodeJS.ErrnoException;
  const code = details.code ?? "";

  const raised = raisedByFunctions[code];
  if (raised) return raised(details);

  if (code === "42501") {
    return new BackendError("not_authorized", "You are not allowed to do that.", { cause: error });
  }
  if (code === "23503") {
    return new BackendError("product_not_found", "Product not found.", { cause: error });
  }
  if (code === "23514") {
    return details.constraint?.includes("quantity")
      ? new BackendError("invalid_quantity", `Quantity must be a whole number from 1 to ${MAX_CART_LINE_QUANTITY}.`, {
          cause: error,
        })
      : new BackendError("invalid_input", "A value is too long or not allowed.", { cause: error });
  }
  if (code === "57014") {
    // statement_timeout (or a cancelled query): the database gave up on it, and nothing was changed.
    return new BackendError("timed_out", "That took too long and was stopped.", { cause: error });
  }
  if (code === "23505") {
    if (details.constraint === "product_variants_sku" || /product_variants_sku/.test(details.message ?? "")) {
      return new BackendError("id_taken", "That SKU is already used by another variant: choose another.", {
        cause: error,
      });
    }
    return new BackendError("conflict", "That already exists.", { cause: error });
  }
  if (
    code.startsWith("08") || // connection exceptions
    ["57P01", "57P02", "57P03", "53300"].includes(code) || // shutdown, crash, starting up, too many connections
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE"].includes(code) ||
    /connection terminated|timeout exceeded when trying to connect/i.test(details.message ?? "")
  ) {
    return new BackendError("unavailable", unavailableMessage, { cause: error });
  }
  return new BackendError("unexpected", "Something went wrong on our side. Please try again.", { cause: error });
}

export { unavailableMessage };

// Checks both adapters make before a call leaves the app, so that every backend answers bad input alike.

import type { CartLineChange, StoredCartLine } from "~/backend/ports/carts";
import type { PlaceOrderInput, ShippingAddress, ShippingMethodId } from "~/backend/ports/orders";
import {
  MAX_CART_LINE_QUANTITY,
  MAX_ORDERS_PAGE_SIZE,
  MIN_PASSWORD_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
} from "./constants";
import { BackendError } from "./errors";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const MAX_PASSWORD_LENGTH = 1024;

/** A uuid (a user's, an order's, a refund's id), any case: a malformed id is answered without asking the database. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidPattern.test(value);
}

/** A provider's or a form's id or name: 1 to `max` characters, else "invalid_input" naming `what`. */
export function requireText(value: unknown, what: string, max = 255): string {
  if (typeof value !== "string" || value.length === 0 || value.length > max) {
    throw new BackendError("invalid_input", `${what} must be 1 to ${max} characters.`);
  }
  return value;
}

export function requireUserId(userId: string): string {
  if (!isUuid(userId)) {
    throw new BackendError("not_authenticated", "Please sign in first.");
  }
  return userId;
}

export function requireProductId(productId: string): string {
  if (typeof productId !== "string" || productId.length === 0 || productId.length > 100) {
    throw new BackendError("product_not_found", "Product not found.");
  }
  return productId;
}

/** A whole number; `allowZeroOrLess` for "set quantity", where 0 or less removes the line. */
export function requireQuantity(quantity: number, { allowZeroOrLess = false } = {}): number {
  if (!Number.isSafeInteger(quantity) || (!allowZeroOrLess && quantity < 1)) {
    throw new BackendError("invalid_quantity", `Quantity must be a whole number from 1 to ${MAX_CART_LINE_QUANTITY}.`);
  }
  return quantity;
}

/** A page of rows: `limit` 1 to `maxLimit`, `offset` a whole number from 0 (the database's OFFSET). */
export function requirePageWindow(
  window: { limit: number; offset: number },
  maxLimit = MAX_ORDERS_PAGE_SIZE,
): { limit: number; offset: number } {
  const { limit, offset } = window;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxLimit || !Number.isSafeInteger(offset) || offset < 0) {
    throw new BackendError(
      "invalid_input",
      `A page holds 1 to ${maxLimit} rows from a whole-number offset of 0 or more.`,
    );
  }
  return { limit, offset };
}

/** Visitor lines from a cookie: anything malformed is dropped rather than failing the sign-in. */
export function cleanCartLines(lines: readonly StoredCartLine[]): StoredCartLine[] {
  return lines
    .filter((line) => typeof line.productId === "string" && line.productId.length > 0 && line.productId.length <= 100)
    .filter((line) => Number.isSafeInteger(line.quantity) && line.quantity >= 1)
    .map((line) => ({ productId: line.productId, quantity: Math.min(line.quantity, MAX_CART_LINE_QUANTITY) }));
}

/** A visitor's lines as merge_cart takes them: cleaned (cleanCartLines), in the database's names. */
export function cartLinesArgument(lines: readonly StoredCartLine[]): { product_id: string; quantity: number }[] {
  return cleanCartLines(lines).map((line) => ({ product_id: line.productId, quantity: line.quantity }));
}

/** An order's lines as place_order takes them (the database prices each). */
export function orderItemsArgument(items: readonly StoredCartLine[]): { product_id: string; quantity: number }[] {
  return items.map((item) => ({ product_id: item.productId, quantity: item.quantity }));
}

/**
 * "Set quantity", checked: the line as it is to be stored, capped at MAX_CART_LINE_QUANTITY; `quantity` 0 when the
 * line is to be removed (0 or less asked for).
 */
export function cartLineTarget(productId: string, quantity: number): CartLineChange {
  requireProductId(productId);
  if (requireQuantity(quantity, { allowZeroOrLess: true }) <= 0) return { productId, quantity: 0, capped: false };
  const stored = Math.min(quantity, MAX_CART_LINE_QUANTITY);
  return { productId, quantity: stored, capped: stored < quantity };
}

/** A visitor's wishlist from a cookie: anything but a string is dropped (merge_wishlist skips unknown products). */
export function productIdsArgument(productIds: readonly string[]): string[] {
  return productIds.filter((id) => typeof id === "string");
}

/** Trimmed and lower-cased: one account per address, whatever its case. */
export function normaliseEmail(email: string): string {
  const normalised = typeof email === "string" ? email.trim().toLowerCase() : "";
  if (normalised.length > 320 || !emailPattern.test(normalised)) {
    throw new BackendError("invalid_input", "Unable to validate email address: invalid format");
  }
  return normalised;
}

export function requireStrongEnoughPassword(password: string): string {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
    throw new BackendError("weak_password", `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new BackendError("weak_password", `Password should be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
  return password;
}

/** Blank becomes null (shown as 'User'). */
export function cleanFullName(fullName: string): string | null {
  const trimmed = typeof fullName === "string" ? fullName.trim() : "";
  if (trimmed.length > PROFILE_NAME_MAX_LENGTH) {
    throw new BackendError("invalid_input", `Full name can have at most ${PROFILE_NAME_MAX_LENGTH} characters.`);
  }
  return trimmed === "" ? null : trimmed;
}

/**
 * place_order's p_shipping: the address and, beside it, the method and the discount code to apply (the function keeps
 * its signature; the database stores the address fields, the method and the discount apart).
 */
export function placeOrderShipping(
  address: ShippingAddress,
  method: ShippingMethodId,
  discount?: PlaceOrderInput["discount"],
): ShippingAddress & { method: ShippingMethodId; discount?: { id: string; amount: number } } {
  return {
    ...address,
    method,
    ...(discount ? { discount: { id: discount.codeId, amount: discount.amountCents } } : {}),
  };
}

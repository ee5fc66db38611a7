import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartEntry } from "~/modules/cart/cart";
import { signedCookie } from "~/utils/cookies.server";

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The visitor's cart (signed: tampering is detected). */
const cartCookie = signedCookie("cart", { maxAge: THIRTY_DAYS });

/** "clip-1:2,wig-3:1": ids and quantities only, compact so that a full cart stays far below 4 KB. */
export function encodeCartEntries(entries: readonly CartEntry[]): string {
  return entries.map((entry) => `${entry.productId}:${entry.quantity}`).join(",");
}

/** Parses the compact form; anything malformed makes the whole value invalid (null), never a partial guess. */
export function decodeCartEntries(value: unknown): CartEntry[] | null {
  if (typeof value !== "string") return null;
  if (value === "") return [];
  const entries: CartEntry[] = [];
  for (const part of value.split(",")) {
    const match = /^([^:]+):(\d{1,3})$/.exec(part);
    if (!match) return null;
    const [, productId = "", digits = ""] = match;
    const quantity = Number(digits);
    if (!PRODUCT_ID.test(productId) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
    if (entries.some((entry) => entry.productId === productId)) return null;
    entries.push({ productId, quantity });
  }
  return entries.length > MAX_CART_LINES ? null : entries;
}

/** The visitor cart in a request. A tampered or corrupt cookie is logged and treated as an empty cart. */
export async function readCartCookie(request: Request): Promise<CartEntry[]> {
  if (!cartCookie.has(request)) return [];
  const entries = decodeCartEntries(await cartCookie.read(request));
  if (!entries) {
    console.warn("Ignoring an invalid or tampered cart cookie");
    return [];
  }
  return entries;
}

/** Set-Cookie for a visitor cart; an empty cart removes the cookie. */
export async function serializeCartCookie(entries: readonly CartEntry[]): Promise<string> {
  if (entries.length === 0) return cartCookie.clear();
  return cartCookie.write(encodeCartEntries(entries));
}

import { MAX_WISHLIST_ITEMS } from "~/modules/wishlist/wishlist";
import { signedCookie } from "~/utils/cookies.server";

const PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The visitor's wishlist: product ids only, signed (tampering is detected). */
const wishlistCookie = signedCookie("wishlist", { maxAge: ONE_YEAR });

/** "clip-1,wig-3": compact, so that a full wishlist stays far below 4 KB. */
export function encodeWishlistIds(ids: readonly string[]): string {
  return ids.join(",");
}

/** Parses the compact form; anything malformed makes the whole value invalid (null), never a partial guess. */
export function decodeWishlistIds(value: unknown): string[] | null {
  if (typeof value !== "string") return null;
  if (value === "") return [];
  const ids = value.split(",");
  if (ids.length > MAX_WISHLIST_ITEMS) return null;
  if (ids.some((id) => !PRODUCT_ID.test(id))) return null;
  return new Set(ids).size === ids.length ? ids : null;
}

/** The visitor wishlist in a request. A tampered or corrupt cookie is logged and treated as an empty wishlist. */
export async function readWishlistCookie(request: Request): Promise<string[]> {
  if (!wishlistCookie.has(request)) return [];
  const ids = decodeWishlistIds(await wishlistCookie.read(request));
  if (!ids) {
    console.warn("Ignoring an invalid or tampered wishlist cookie");
    return [];
  }
  return ids;
}

/** Set-Cookie for a visitor wishlist; an empty wishlist removes the cookie. */
export async function serializeWishlistCookie(ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return wishlistCookie.clear();
  return wishlistCookie.write(encodeWishlistIds(ids));
}

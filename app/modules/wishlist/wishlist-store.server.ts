import { findProduct } from "~/modules/catalog/catalog.server";
import type { Product } from "~/modules/catalog/product";
import { applyWishlistChange, resolveWishlist, type WishlistChange } from "~/modules/wishlist/wishlist";
import { readWishlistCookie, serializeWishlistCookie } from "~/modules/wishlist/wishlist-cookie.server";
import type { MemberBackend } from "~/backend/port";
import { isBackendUnavailable } from "~/backend/unavailable.server";

/** Whose wishlist: the signed-in member's data functions, or null for a visitor (whose wishlist is a cookie). */
export interface WishlistOwner {
  member: MemberBackend | null;
}

/** Product ids, most recently added first: a signed cookie for visitors, wishlist_items for members. */
async function storedIds(request: Request, { member }: WishlistOwner): Promise<string[]> {
  return member ? member.wishlist.list() : readWishlistCookie(request);
}

/**
 * The shopper's wishlist resolved against the catalogue. Ids of products the shop no longer sells are
 * deleted from storage (as the cart does); `headers` carries the rewritten visitor cookie.
 */
export async function loadWishlist(request: Request, session: WishlistOwner): Promise<{ products: Product[]; headers: Headers }> {
  const ids = await storedIds(request, session);
  const { products, vanished } = resolveWishlist(ids, findProduct);
  const headers = new Headers();
  if (vanished.length > 0) {
    const { member } = session;
    if (member) {
      await Promise.all(vanished.map((productId) => member.wishlist.remove({ productId })));
    } else {
      headers.append("Set-Cookie", await serializeWishlistCookie(ids.filter((id) => !vanished.includes(id))));
    }
  }
  return { products, headers };
}

/**
 * Whether one product is in the shopper's wishlist (the product page's heart). Only personalises the page:
 * with the backend out of reach the heart shows unpressed rather than the product page failing.
 */
export async function isInWishlist(request: Request, session: WishlistOwner, productId: string): Promise<boolean> {
  try {
    return (await storedIds(request, session)).includes(productId);
  } catch (error) {
    if (isBackendUnavailable(error)) return false;
    throw error;
  }
}

export interface WishlistChangeOutcome {
  inWishlist: boolean;
  /** Set when a visitor's add was refused because the cookie wishlist is full. */
  limited?: true;
  /** Set when a removal found the product not in the wishlist: nothing changed. */
  notInWishlist?: true;
  /** Set-Cookie for a visitor wishlist. */
  headers: Headers;
}

/** Applies one validated change for a product the caller has checked is in the catalogue. */
export async function changeWishlist(request: Request, { member }: WishlistOwner, change: WishlistChange): Promise<WishlistChangeOutcome> {
  const headers = new Headers();
  if (!member) {
    const ids = await readWishlistCookie(request);
    if (change.intent === "remove" && !ids.includes(change.productId)) return { inWishlist: false, notInWishlist: true, headers };
    const result = applyWishlistChange(ids, change);
    headers.append("Set-Cookie", await serializeWishlistCookie(result.ids));
    return { inWishlist: result.inWishlist, limited: result.limited, headers };
  }
  const input = { productId: change.productId };
  switch (change.intent) {
    case "toggle":
      return { inWishlist: await member.wishlist.toggle(input), headers };
    case "add":
      await member.wishlist.add(input);
      return { inWishlist: true, headers };
    case "remove":
      if (!(await member.wishlist.remove(input))) return { inWishlist: false, notInWishlist: true, headers };
      return { inWishlist: false, headers };
  }
}

/**
 * Signing in: the visitor's cookie wishlist joins the stored one in one transaction (a product in both is
 * kept once), then the cookie is emptied. Same contract as mergeVisitorCart.
 */
export async function mergeVisitorWishlist(request: Request, member: MemberBackend): Promise<Headers> {
  const headers = new Headers();
  const visitorIds = await readWishlistCookie(request);
  if (visitorIds.length === 0) return headers;
  await member.wishlist.merge({ productIds: visitorIds });
  headers.append("Set-Cookie", await serializeWishlistCookie([]));
  return headers;
}

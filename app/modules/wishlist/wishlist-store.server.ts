import { findProduct } from "~/modules/catalog/catalog.server";
import type { Product } from "~/modules/catalog/product";
import { applyWishlistChange, resolveWishlist, type WishlistChange } from "~/modules/wishlist/wishlist";
import { readWishlistCookie, serializeWishlistCookie } from "~/modules/wishlist/wishlist-cookie.server";
import type { Session } from "~/utils/auth.server";
import { isBackendUnavailable } from "~/utils/backend-unavailable.server";

/** Product ids, most recently added first: a signed cookie for visitors, wishlist_items for members. */
async function storedIds(request: Request, { backend, user }: Session): Promise<string[]> {
  return user ? backend.wishlist.list({ userId: user.id }) : readWishlistCookie(request);
}

/**
 * The shopper's wishlist resolved against the catalogue. Ids of products the shop no longer sells are
 * deleted from storage (as the cart does); `headers` carries the rewritten visitor cookie.
 */
export async function loadWishlist(request: Request, session: Session): Promise<{ products: Product[]; headers: Headers }> {
  const ids = await storedIds(request, session);
  const { products, vanished } = resolveWishlist(ids, findProduct);
  const headers = new Headers();
  if (vanished.length > 0) {
    const { backend, user } = session;
    if (user) {
      await Promise.all(vanished.map((productId) => backend.wishlist.remove({ userId: user.id, productId })));
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
export async function isInWishlist(request: Request, session: Session, productId: string): Promise<boolean> {
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
  /** Set-Cookie for a visitor wishlist. */
  headers: Headers;
}

/** Applies one validated change for a product the caller has checked is in the catalogue. */
export async function changeWishlist(request: Request, { backend, user }: Session, change: WishlistChange): Promise<WishlistChangeOutcome> {
  const headers = new Headers();
  if (!user) {
    const result = applyWishlistChange(await readWishlistCookie(request), change);
    headers.append("Set-Cookie", await serializeWishlistCookie(result.ids));
    return { inWishlist: result.inWishlist, limited: result.limited, headers };
  }
  const input = { userId: user.id, productId: change.productId };
  switch (change.intent) {
    case "toggle":
      return { inWishlist: await backend.wishlist.toggle(input), headers };
    case "add":
      await backend.wishlist.add(input);
      return { inWishlist: true, headers };
    case "remove":
      await backend.wishlist.remove(input);
      return { inWishlist: false, headers };
  }
}

/**
 * Signing in: the visitor's cookie wishlist joins the stored one in one transaction (a product in both is
 * kept once), then the cookie is emptied. Same contract as mergeVisitorCart.
 */
export async function mergeVisitorWishlist(request: Request, { backend }: Session, userId: string): Promise<Headers> {
  const headers = new Headers();
  const visitorIds = await readWishlistCookie(request);
  if (visitorIds.length === 0) return headers;
  await backend.wishlist.merge({ userId, productIds: visitorIds });
  headers.append("Set-Cookie", await serializeWishlistCookie([]));
  return headers;
}

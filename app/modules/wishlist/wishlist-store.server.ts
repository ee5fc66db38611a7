import type { MemberBackend } from "~/backend/ports/backend";
import { isBackendUnavailable } from "~/backend/unavailable.server";
import type { ResponseJar } from "~/http/cookies.server";
import { findProduct } from "~/modules/catalog/catalog.server";
import type { Product } from "~/modules/catalog/product";
import { applyWishlistChange, resolveWishlist, type WishlistChange } from "~/modules/wishlist/wishlist";
import { wishlistCookie } from "~/modules/wishlist/wishlist-cookie.server";

/**
 * Whose wishlist: the signed-in member's data functions, or null for a visitor (whose wishlist is a cookie, written
 * into the request's response cookie jar). The session (getSession()) is one.
 */
export interface WishlistOwner extends ResponseJar {
  member: MemberBackend | null;
}

/** Product ids, most recently added first: a signed cookie for visitors, wishlist_items for members. */
async function storedIds(request: Request, { member }: Pick<WishlistOwner, "member">): Promise<string[]> {
  return member ? member.wishlist.list() : wishlistCookie.read(request);
}

/**
 * The shopper's wishlist resolved against the catalogue. Ids of products the shop no longer sells are
 * deleted from storage (as the cart does).
 */
export async function loadWishlist(request: Request, session: WishlistOwner): Promise<{ products: Product[] }> {
  const ids = await storedIds(request, session);
  const { products, vanished } = resolveWishlist(ids, findProduct);
  if (vanished.length > 0) {
    const { member } = session;
    if (member) {
      await Promise.all(vanished.map((productId) => member.wishlist.remove({ productId })));
    } else {
      await wishlistCookie.write(
        session,
        ids.filter((id) => !vanished.includes(id)),
      );
    }
  }
  return { products };
}

/**
 * Whether one product is in the shopper's wishlist (the product page's heart). Only personalises the page:
 * with the backend out of reach the heart shows unpressed rather than the product page failing.
 */
export async function isInWishlist(
  request: Request,
  session: Pick<WishlistOwner, "member">,
  productId: string,
): Promise<boolean> {
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
}

/** Applies one validated change for a product the caller has checked is in the catalogue. */
export async function changeWishlist(
  request: Request,
  owner: WishlistOwner,
  change: WishlistChange,
): Promise<WishlistChangeOutcome> {
  const { member } = owner;
  if (!member) {
    const ids = await wishlistCookie.read(request);
    if (change.intent === "remove" && !ids.includes(change.productId))
      return { inWishlist: false, notInWishlist: true };
    const result = applyWishlistChange(ids, change);
    await wishlistCookie.write(owner, result.ids);
    return { inWishlist: result.inWishlist, limited: result.limited };
  }
  const input = { productId: change.productId };
  switch (change.intent) {
    case "toggle":
      return { inWishlist: await member.wishlist.toggle(input) };
    case "add":
      await member.wishlist.add(input);
      return { inWishlist: true };
    case "remove":
      if (!(await member.wishlist.remove(input))) return { inWishlist: false, notInWishlist: true };
      return { inWishlist: false };
  }
}

/**
 * Signing in: the visitor's cookie wishlist joins the stored one in one transaction (a product in both is
 * kept once), then the cookie is emptied. Same contract as mergeVisitorCart.
 */
export async function mergeVisitorWishlist(
  request: Request,
  context: ResponseJar,
  member: MemberBackend,
): Promise<void> {
  const visitorIds = await wishlistCookie.read(request);
  if (visitorIds.length === 0) return;
  await member.wishlist.merge({ productIds: visitorIds });
  await wishlistCookie.write(context, []);
}

import type { Product } from "~/modules/catalog/product";

/**
 * The most products a visitor's wishlist cookie holds (members are not limited). Bounds the cookie far
 * below the browser's 4 KB per cookie (see wishlist-cookie.server.test.ts).
 */
export const MAX_WISHLIST_ITEMS = 50;

export type WishlistIntent = "toggle" | "add" | "remove";

export interface WishlistChange {
  intent: WishlistIntent;
  productId: string;
}

export interface WishlistChangeResult {
  /** Product ids, most recently added first (the order WishlistPort.list uses). */
  ids: string[];
  /** Whether the product is in the wishlist afterwards. */
  inWishlist: boolean;
  /** Set when an add was refused because the wishlist is full. */
  limited?: true;
}

/** Applies one change to a list of ids. Adding an id already there, or removing one that is not, changes nothing. */
export function applyWishlistChange(ids: readonly string[], change: WishlistChange): WishlistChangeResult {
  const present = ids.includes(change.productId);
  const wantsIt = change.intent === "toggle" ? !present : change.intent === "add";
  if (!wantsIt) return { ids: ids.filter((id) => id !== change.productId), inWishlist: false };
  if (present) return { ids: [...ids], inWishlist: true };
  if (ids.length >= MAX_WISHLIST_ITEMS) return { ids: [...ids], inWishlist: false, limited: true };
  return { ids: [change.productId, ...ids], inWishlist: true };
}

/** Resolves ids against the catalogue; ids of products that no longer exist come back separately for deletion. */
export function resolveWishlist(
  ids: readonly string[],
  findProduct: (id: string) => Product | undefined,
): { products: Product[]; vanished: string[] } {
  const products: Product[] = [];
  const vanished: string[] = [];
  for (const id of ids) {
    const product = findProduct(id);
    if (product) products.push(product);
    else vanished.push(id);
  }
  return { products, vanished };
}

/** The toast after a change (the product page's heart and the wishlist page's Remove). */
export function wishlistToast(productName: string, inWishlist: boolean) {
  return inWishlist
    ? { title: "Added to wishlist", description: `${productName} has been added to your wishlist.` }
    : { title: "Removed from wishlist", description: `${productName} has been removed from your wishlist.` };
}

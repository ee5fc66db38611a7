import { visitorListCookie } from "~/modules/catalog/visitor-list-cookie.server";
import { MAX_WISHLIST_ITEMS } from "~/modules/wishlist/wishlist";

/** The visitor's wishlist: "clip-1,wig-3", product ids, most recently added first, for a year. */
export const wishlistCookie = visitorListCookie<string>("wishlist", {
  lifetime: { maxAge: 60 * 60 * 24 * 365 },
  maxEntries: MAX_WISHLIST_ITEMS,
  entry: { productId: (id) => id, encode: (id) => id, decode: (id) => id },
});

import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartEntry } from "~/modules/cart/cart";
import { visitorListCookie } from "~/modules/catalog/visitor-list-cookie.server";

/** The visitor's cart: "clip-1:2,wig-3:1", ids and quantities, for thirty days. */
export const cartCookie = visitorListCookie<CartEntry>("cart", {
  lifetime: { maxAge: 60 * 60 * 24 * 30 },
  maxEntries: MAX_CART_LINES,
  entry: {
    productId: (entry) => entry.productId,
    encode: (entry) => `${entry.productId}:${entry.quantity}`,
    decode(part) {
      const match = /^([^:]+):(\d{1,3})$/.exec(part);
      if (!match) return null;
      const [, productId = "", digits = ""] = match;
      const quantity = Number(digits);
      return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? { productId, quantity } : null;
    },
  },
});

import { makeProduct } from "#tests/support/product";
import { describe, expect, it } from "vitest";

import { applyWishlistChange, MAX_WISHLIST_ITEMS, resolveWishlist, wishlistToast } from "~/modules/wishlist/wishlist";

describe("applyWishlistChange", () => {
  it("toggles a product in, newest first, and out again", () => {
    const added = applyWishlistChange(["a"], { intent: "toggle", productId: "b" });
    expect(added).toEqual({ ids: ["b", "a"], inWishlist: true });
    expect(applyWishlistChange(added.ids, { intent: "toggle", productId: "b" })).toEqual({
      ids: ["a"],
      inWishlist: false,
    });
  });

  it("makes add and remove idempotent, so a repeated post changes nothing", () => {
    expect(applyWishlistChange(["a"], { intent: "add", productId: "a" })).toEqual({ ids: ["a"], inWishlist: true });
    expect(applyWishlistChange(["a"], { intent: "remove", productId: "b" })).toEqual({ ids: ["a"], inWishlist: false });
  });

  it("refuses a new product when the wishlist is full, keeping it as it was", () => {
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, index) => `p${index}`);
    expect(applyWishlistChange(full, { intent: "add", productId: "new" })).toEqual({
      ids: full,
      inWishlist: false,
      limited: true,
    });
    // Removing still works at the limit.
    expect(applyWishlistChange(full, { intent: "toggle", productId: "p0" }).ids).toHaveLength(MAX_WISHLIST_ITEMS - 1);
  });

  it("does not change its input", () => {
    const ids = ["a"];
    applyWishlistChange(ids, { intent: "add", productId: "b" });
    expect(ids).toEqual(["a"]);
  });
});

describe("resolveWishlist", () => {
  it("keeps the order and separates products that no longer exist", () => {
    const catalogue = new Map([
      ["a", makeProduct({ id: "a" })],
      ["b", makeProduct({ id: "b" })],
    ]);
    const { products, vanished } = resolveWishlist(["b", "gone", "a"], (id) => catalogue.get(id));
    expect(products.map((product) => product.id)).toEqual(["b", "a"]);
    expect(vanished).toEqual(["gone"]);
  });
});

describe("wishlistToast", () => {
  it("names the product", () => {
    expect(wishlistToast("Silk Wig", true)).toEqual({
      title: "Added to wishlist",
      description: "Silk Wig has been added to your wishlist.",
    });
    expect(wishlistToast("Silk Wig", false).title).toBe("Removed from wishlist");
  });
});

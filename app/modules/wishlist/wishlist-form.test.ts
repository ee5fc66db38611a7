import { describe, expect, it } from "vitest";
import { parseWishlistForm } from "~/modules/wishlist/wishlist-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("parseWishlistForm", () => {
  it.each(["toggle", "add", "remove"])("accepts %s with a product", (intent) => {
    expect(parseWishlistForm(form({ intent, productId: " clip-1 " }))).toEqual({ change: { intent, productId: "clip-1" } });
  });

  it("refuses an unknown intent and a missing product", () => {
    expect(parseWishlistForm(form({ intent: "explode", productId: "clip-1" }))).toEqual({ error: "Unknown wishlist action." });
    expect(parseWishlistForm(form({}))).toEqual({ error: "Unknown wishlist action." });
    expect(parseWishlistForm(form({ intent: "add" }))).toEqual({ error: "Choose a product for your wishlist." });
  });
});

import { describe, expect, it } from "vitest";

import { REPEATED_FIELD_MESSAGE } from "~/forms/form-text";
import { parseWishlistForm } from "~/modules/wishlist/wishlist-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("parseWishlistForm", () => {
  it.each(["toggle", "add", "remove"])("accepts %s with a product", (intent) => {
    expect(parseWishlistForm(form({ intent, productId: " clip-1 " }))).toEqual({
      change: { intent, productId: "clip-1" },
    });
  });

  it("refuses an unknown intent and a missing product", () => {
    expect(parseWishlistForm(form({ intent: "explode", productId: "clip-1" }))).toEqual({
      error: "Unknown wishlist action.",
    });
    expect(parseWishlistForm(form({}))).toEqual({ error: "Unknown wishlist action." });
    expect(parseWishlistForm(form({ intent: "add" }))).toEqual({ error: "Choose a product for your wishlist." });
  });

  it.each(["intent", "productId"])("refuses %s sent twice with the message the other forms give", (name) => {
    const data = form({ intent: "add", productId: "clip-1" });
    data.append(name, name === "intent" ? "remove" : "clip-2");
    expect(parseWishlistForm(data)).toEqual({ error: REPEATED_FIELD_MESSAGE });
  });
});

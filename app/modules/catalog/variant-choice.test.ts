import { describe, expect, it } from "vitest";

import { productFromFlat } from "~/modules/catalog/flat-product";
import type { Product, ProductVariant } from "~/modules/catalog/product";
import { nearestVariant, optionValues, resolveVariantRequest, valueInStock } from "~/modules/catalog/variant-choice";

const base = productFromFlat({
  id: "wavy",
  name: "Wavy Clip-In",
  description: "A test product.",
  price: 100,
  images: [],
  category: "clip-in",
  length: "18 inch",
  color: "Black",
  rating: 4,
  reviewCount: 1,
  inStock: true,
  features: [],
  specifications: {},
});

const variant = (id: string, optionValues: string[], inStock = true): ProductVariant => ({
  ...(base.variants[0] as ProductVariant),
  id,
  sku: id.toUpperCase(),
  optionValues,
  inStock,
  stockOnHand: inStock ? null : 0,
});

const product: Product = {
  ...base,
  variants: [
    variant("wavy", ["18 inch", "Black"]),
    variant("wavy-18-blonde", ["18 inch", "Blonde"], false),
    variant("wavy-22-black", ["22 inch", "Black"]),
  ],
};

const search = (query: string) => new URLSearchParams(query);

describe("resolveVariantRequest", () => {
  it("opens on the first variant, or on the one `variant=` names", () => {
    expect(resolveVariantRequest(product, search(""))).toEqual({ kind: "chosen", variant: product.variants[0] });
    expect(resolveVariantRequest(product, search("variant=wavy-22-black"))).toMatchObject({
      kind: "chosen",
      variant: { id: "wavy-22-black" },
    });
  });

  it("says a variant of another product (or none) is unknown", () => {
    expect(resolveVariantRequest(product, search("variant=clip-1"))).toEqual({ kind: "unknown" });
  });

  it("leads the picker's choices to their variant, the changed option first", () => {
    expect(resolveVariantRequest(product, search("variant=wavy&o1=22+inch&o2=Black"))).toMatchObject({
      kind: "picked",
      exact: true,
      variant: { id: "wavy-22-black" },
    });
    // 22 inch comes only in Black: the new length wins over the old shade, and the page says it is the nearest.
    expect(resolveVariantRequest(product, search("variant=wavy-18-blonde&o1=22+inch&o2=Blonde"))).toMatchObject({
      kind: "picked",
      exact: false,
      variant: { id: "wavy-22-black" },
    });
  });
});

describe("the picker", () => {
  it("lists each option's values once, in the catalogue's order", () => {
    expect(optionValues(product)).toEqual([
      ["18 inch", "22 inch"],
      ["Black", "Blonde"],
    ]);
  });

  it("greys out a value whose variant (with the other choices kept) is sold out", () => {
    const chosen = product.variants[0] as ProductVariant;
    expect(valueInStock(product, chosen, 1, "Blonde")).toBe(false);
    expect(valueInStock(product, chosen, 0, "22 inch")).toBe(true);
  });

  it("keeps the first of equally near variants", () => {
    expect(nearestVariant(product, [null, null]).variant.id).toBe("wavy");
  });
});

import { seededCatalogue } from "#tests/support/pglite";
import { beforeAll, describe, expect, test } from "vitest";

import { imageAssets } from "~/content/images";
import { productCategories, type Product } from "~/modules/catalog/product";

// A new shop starts with exactly the first catalogue (spec section 3), read as the storefront reads it: the seed of
// supabase/migrations/20261202000100_catalogue_in_the_database.sql through the catalogue's reader.

let products: Product[];

beforeAll(async () => {
  products = await seededCatalogue();
});

const prices = () => products.map((product) => product.price);

describe("the seeded catalogue", () => {
  test("has 12 products with unique ids, in the spec's order, each of one variant with the product's id", () => {
    expect(products.map((product) => product.id)).toEqual([
      "clip-1",
      "clip-2",
      "clip-3",
      "tape-1",
      "tape-2",
      "tape-3",
      "wig-1",
      "wig-2",
      "wig-3",
      "acc-1",
      "acc-2",
      "acc-3",
    ]);
    for (const product of products) {
      expect(product.variants.map((variant) => variant.id)).toEqual([product.id]);
      expect(product.status).toBe("active");
    }
  });

  test("prices range from 24 to 699", () => {
    expect(Math.min(...prices())).toBe(24);
    expect(Math.max(...prices())).toBe(699);
  });

  test("original prices exist only for clip-1, wig-3 and acc-1, and are above the price", () => {
    const originalPrices = Object.fromEntries(
      products
        .filter((product) => product.originalPrice !== undefined)
        .map((product) => [product.id, product.originalPrice]),
    );
    expect(originalPrices).toEqual({ "clip-1": 399, "wig-3": 899, "acc-1": 69 });
  });

  test("sale badges mark exactly the discounted products; wig-2 alone is out of stock", () => {
    for (const product of products) {
      expect(Boolean(product.isSale), product.id).toBe(product.originalPrice !== undefined);
      expect(product.inStock, product.id).toBe(product.id !== "wig-2");
    }
  });

  test("every product is complete and valid, with its images in the shipped set", () => {
    for (const product of products) {
      expect(productCategories).toContain(product.category);
      expect(product.name.trim()).not.toBe("");
      expect(product.description.trim()).not.toBe("");
      expect(product.color.trim()).not.toBe("");
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      for (const image of product.images) expect(image).toEqual(imageAssets[image.id]);
      expect(product.features.length).toBeGreaterThanOrEqual(1);
      expect(product.specifications.length).toBeGreaterThanOrEqual(1);
      expect(product.rating).toBeGreaterThanOrEqual(0);
      expect(product.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(product.reviewCount)).toBe(true);
    }
  });

  test("image ids are unique across the catalogue", () => {
    const imageIds = products.flatMap((product) => product.images.map((image) => image.id));
    expect(new Set(imageIds).size).toBe(imageIds.length);
  });

  test("copy never advises heat above the 350°F limit", () => {
    for (const product of products) {
      const copy = [product.description, ...product.features, ...product.specifications.map(([, value]) => value)];
      for (const [, degrees] of copy.join(" ").matchAll(/(\d+)°F/g)) {
        expect(Number(degrees), product.id).toBeLessThanOrEqual(350);
      }
    }
  });
});

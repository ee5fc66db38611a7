import { describe, expect, test } from "vitest";

import { products } from "~/content/products";
import { productCategories } from "~/modules/catalog/product";

const prices = products.map((product) => product.price);

describe("products", () => {
  test("has 12 products with unique ids, including those the spec names", () => {
    const ids = products.map((product) => product.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    for (const id of [
      "clip-1",
      "clip-2",
      "clip-3",
      "tape-1",
      "tape-2",
      "wig-1",
      "wig-2",
      "wig-3",
      "acc-1",
      "acc-2",
      "acc-3",
    ]) {
      expect(ids).toContain(id);
    }
  });

  test("prices range from 24 to 699", () => {
    expect(Math.min(...prices)).toBe(24);
    expect(Math.max(...prices)).toBe(699);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(24);
      expect(price).toBeLessThanOrEqual(699);
    }
  });

  test("original prices exist only for clip-1, wig-3 and acc-1, and are above the price", () => {
    const originalPrices = Object.fromEntries(
      products
        .filter((product) => product.originalPrice !== undefined)
        .map((product) => [product.id, product.originalPrice]),
    );
    expect(originalPrices).toEqual({ "clip-1": 399, "wig-3": 899, "acc-1": 69 });
    for (const product of products) {
      if (product.originalPrice !== undefined) expect(product.originalPrice).toBeGreaterThan(product.price);
    }
  });

  test("sale badges mark exactly the discounted products", () => {
    for (const product of products) {
      expect(Boolean(product.isSale), product.id).toBe(product.originalPrice !== undefined);
    }
  });

  test.each(products.map((product) => [product.id, product] as const))("%s is complete and valid", (_id, product) => {
    expect(productCategories).toContain(product.category);
    expect(product.name.trim()).not.toBe("");
    expect(product.description.trim()).not.toBe("");
    expect(product.color.trim()).not.toBe("");
    expect(product.images.length).toBeGreaterThanOrEqual(1);
    expect(product.features.length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(product.specifications).length).toBeGreaterThanOrEqual(1);
    expect(product.rating).toBeGreaterThanOrEqual(0);
    expect(product.rating).toBeLessThanOrEqual(5);
    expect(Number.isInteger(product.reviewCount)).toBe(true);
    expect(product.reviewCount).toBeGreaterThanOrEqual(0);
  });

  test("image ids are unique across the catalogue", () => {
    const imageIds = products.flatMap((product) => product.images);
    expect(new Set(imageIds).size).toBe(imageIds.length);
  });

  test("copy never advises heat above the 350°F limit", () => {
    for (const product of products) {
      const copy = [product.description, ...product.features, ...Object.values(product.specifications)].join(" ");
      for (const [, degrees] of copy.matchAll(/(\d+)°F/g)) expect(Number(degrees), product.id).toBeLessThanOrEqual(350);
    }
  });
});

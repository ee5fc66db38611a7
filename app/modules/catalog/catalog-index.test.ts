import { makeProduct, sampleCatalogue } from "#tests/support/product";
import { describe, expect, test } from "vitest";

import { buildCatalogIndex } from "~/modules/catalog/catalog-index";
import { filterProducts, parseListingParams } from "~/modules/catalog/listing";

const catalogue = [
  ...sampleCatalogue,
  makeProduct({
    id: "g",
    name: "Wavy Wig",
    category: "wigs",
    price: 1200,
    color: "Brown",
    rating: 4.8,
    description: "Body wave.",
  }),
].map((product, position) => ({ ...product, featuredPosition: position + 1 }));
const index = buildCatalogIndex(catalogue);
const ids = (products: { id: string }[]) => products.map((product) => product.id);
const params = (query: string) => parseListingParams(new URLSearchParams(query));
const everything = { offset: 0, limit: 100 };

describe("buildCatalogIndex", () => {
  test("finds products by id", () => {
    expect(index.findProduct("c")?.name).toBe("Bob Wig");
    expect(index.findProduct("nope")).toBeUndefined();
    expect(index.products).toEqual(catalogue);
  });

  test("keeps the shop's own (featured) order, whatever order the products arrive in, and finds variants", () => {
    const shuffled = buildCatalogIndex([...catalogue].reverse());
    expect(ids([...shuffled.products])).toEqual(ids(catalogue));
    expect(shuffled.findChoice("g")).toMatchObject({ product: { id: "g" }, variant: { id: "g" } });
    expect(shuffled.findChoice("nope")).toBeUndefined();
  });

  test("refuses two products with one id", () => {
    expect(() => buildCatalogIndex([makeProduct({ id: "x" }), makeProduct({ id: "x" })])).toThrow(
      /"x" appears more than once/,
    );
  });
});

describe("queryListing", () => {
  test.each([
    "",
    "sort=price-low",
    "sort=price-high",
    "sort=rating",
    "sort=newest",
    "category=extensions&sort=rating",
    "q=tape",
    "q=wig&sort=price-high",
    "color=brown",
    "minPrice=40&maxPrice=350",
    "category=wigs",
  ])("gives what filterProducts gives for '%s'", (query) => {
    const result = index.queryListing(params(query), everything);
    expect(ids(result.products)).toEqual(ids(filterProducts(catalogue, params(query))));
    expect(result.totalCount).toBe(result.products.length);
  });

  test("keeps the sale flag of the /sale path", () => {
    expect(
      ids(index.queryListing(parseListingParams(new URLSearchParams(), { sale: true }), everything).products),
    ).toEqual(["e"]);
  });

  test("returns only the window's products and counts every match", () => {
    const sorted = ids(filterProducts(catalogue, params("sort=price-low")));
    const page2 = index.queryListing(params("sort=price-low"), { offset: 2, limit: 2 });
    expect(ids(page2.products)).toEqual(sorted.slice(2, 4));
    expect(page2.totalCount).toBe(sorted.length);
    const last = index.queryListing(params("sort=price-low"), { offset: 4, limit: 2 });
    expect(ids(last.products)).toEqual(sorted.slice(4, 6));
  });

  test("a window past the end is empty and still counts", () => {
    expect(index.queryListing(params("q=tape"), { offset: 10, limit: 2 })).toEqual({ products: [], totalCount: 2 });
    expect(index.queryListing(params(""), { offset: Number.POSITIVE_INFINITY, limit: 2 })).toMatchObject({
      products: [],
    });
  });

  test("the default price range leaves out products above the slider's maximum, as filterProducts does", () => {
    expect(ids(index.queryListing(params(""), everything).products)).not.toContain("g");
  });
});

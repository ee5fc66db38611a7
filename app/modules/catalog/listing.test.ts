import { makeProduct, sampleCatalogue } from "#tests/support/product";
import { describe, expect, it } from "vitest";

import {
  activeFilterCount,
  filterProducts,
  fixedFiltersForPath,
  hasActiveFilters,
  listingTitle,
  matchesColor,
  matchesQuery,
  parseListingParams,
  sortProducts,
  titleForListing,
} from "~/modules/catalog/listing";

const catalogue = sampleCatalogue;
const ids = (products: { id: string }[]) => products.map((product) => product.id);
const params = (query: string) => parseListingParams(new URLSearchParams(query));

describe("listingTitle", () => {
  it.each([
    [undefined, "All Products"],
    ["extensions", "Hair Extensions"],
    ["clip-in", "Clip-In Extensions"],
    ["tape-in", "Tape-In Extensions"],
    ["wigs", "Wigs"],
    ["accessories", "Hair Accessories"],
    ["bangs", "Bangs"],
    // Names of Object.prototype's members are ordinary unknown values (they answered 500 once).
    ["__proto__", "__proto__"],
    ["constructor", "Constructor"],
    ["toString", "ToString"],
  ])("titles %s as %s", (category, title) => {
    expect(listingTitle(category)).toBe(title);
  });
});

describe("parseListingParams", () => {
  it("gives the defaults for an empty query", () => {
    expect(params("")).toEqual({
      sort: "featured",
      color: "all",
      minPrice: 0,
      maxPrice: 1000,
      category: undefined,
      q: undefined,
    });
  });

  it("falls back to defaults for malformed values instead of failing", () => {
    const parsed = params("sort=cheapest&color=green&minPrice=-5&maxPrice=abc");
    expect(parsed).toMatchObject({ sort: "featured", color: "all", minPrice: 0, maxPrice: 1000 });
  });

  it("rejects prices outside the slider's bounds and fractional prices", () => {
    expect(params("minPrice=2000&maxPrice=10.5")).toMatchObject({ minPrice: 0, maxPrice: 1000 });
  });

  it("swaps a reversed price range", () => {
    expect(params("minPrice=500&maxPrice=100")).toMatchObject({ minPrice: 100, maxPrice: 500 });
  });

  it("lets the path's fixed filter win over the query", () => {
    const parsed = parseListingParams(new URLSearchParams("category=wigs"), { category: "clip-in" });
    expect(parsed.category).toBe("clip-in");
  });

  it("lower-cases and trims the category and drops an empty search", () => {
    expect(params("category=%20WIGS%20&q=%20%20")).toMatchObject({ category: "wigs", q: undefined });
  });
});

describe("filterProducts", () => {
  it("lists everything in catalogue order by default", () => {
    expect(ids(filterProducts(catalogue, params("")))).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("matches clip-in and tape-in for 'extensions'", () => {
    expect(ids(filterProducts(catalogue, params("category=extensions")))).toEqual(["a", "b", "d"]);
  });

  it("matches one category exactly", () => {
    expect(ids(filterProducts(catalogue, params("category=tape-in")))).toEqual(["b", "d"]);
  });

  it("finds nothing for an unknown category", () => {
    expect(filterProducts(catalogue, params("category=bangs"))).toEqual([]);
  });

  it("keeps prices within the inclusive range", () => {
    expect(ids(filterProducts(catalogue, params("minPrice=49&maxPrice=349")))).toEqual(["a", "d", "e"]);
  });

  it("lists only sale items when the sale flag is fixed", () => {
    expect(ids(filterProducts(catalogue, parseListingParams(new URLSearchParams(), { sale: true })))).toEqual(["e"]);
  });

  it("combines category, colour and search", () => {
    expect(ids(filterProducts(catalogue, params("category=accessories&color=black&q=brush")))).toEqual(["f"]);
  });
});

describe("matchesColor", () => {
  it.each([
    ["blonde", "Honey Blonde", true],
    ["brown", "Dark Brown", true],
    ["black", "Natural Black", true],
    ["red", "Copper Red", true],
    ["red", "Honey Blonde", false],
    ["black", "Chocolate Brown", false],
    ["all", "Anything", true],
  ] as const)("%s matches %s: %s", (color, productColor, expected) => {
    expect(matchesColor(makeProduct({ id: "x", color: productColor }), color)).toBe(expected);
  });
});

describe("matchesQuery", () => {
  const product = makeProduct({ id: "x", name: "Silky Clip", description: "Soft Remy hair", category: "clip-in" });

  it("matches the name, description and category, case-insensitively", () => {
    expect(matchesQuery(product, "SILKY")).toBe(true);
    expect(matchesQuery(product, "remy")).toBe(true);
    expect(matchesQuery(product, "clip in")).toBe(true);
  });

  it("needs every word to match", () => {
    expect(matchesQuery(product, "silky remy")).toBe(true);
    expect(matchesQuery(product, "silky wig")).toBe(false);
  });
});

describe("sortProducts", () => {
  it("sorts by price ascending and descending", () => {
    expect(ids(sortProducts(catalogue, "price-low"))).toEqual(["f", "e", "a", "d", "b", "c"]);
    expect(ids(sortProducts(catalogue, "price-high"))).toEqual(["c", "b", "d", "a", "e", "f"]);
  });

  it("sorts by rating, highest first", () => {
    expect(ids(sortProducts(catalogue, "rating"))).toEqual(["a", "c", "f", "b", "d", "e"]);
  });

  it("puts new products first and keeps catalogue order otherwise", () => {
    expect(ids(sortProducts(catalogue, "newest"))).toEqual(["b", "d", "a", "c", "e", "f"]);
  });

  it("does not change its input", () => {
    const before = ids(catalogue);
    sortProducts(catalogue, "price-low");
    expect(ids(catalogue)).toEqual(before);
  });
});

describe("hasActiveFilters", () => {
  it("is false for defaults, even with a category or search", () => {
    expect(hasActiveFilters(params("category=wigs&q=bob"))).toBe(false);
  });

  it("is true when any filter or the sort differs", () => {
    expect(hasActiveFilters(params("sort=rating"))).toBe(true);
    expect(hasActiveFilters(params("color=red"))).toBe(true);
    expect(hasActiveFilters(params("maxPrice=500"))).toBe(true);
  });
});

describe("activeFilterCount", () => {
  it("counts the colour and the price range (one, whichever bound moved), never the sort, category or search", () => {
    expect(activeFilterCount(params("category=wigs&q=bob&sort=rating"))).toBe(0);
    expect(activeFilterCount(params("color=red"))).toBe(1);
    expect(activeFilterCount(params("minPrice=100"))).toBe(1);
    expect(activeFilterCount(params("minPrice=100&maxPrice=500"))).toBe(1);
    expect(activeFilterCount(params("color=black&maxPrice=500"))).toBe(2);
  });
});

describe("fixedFiltersForPath", () => {
  it("fixes the category or the sale flag for the alias paths", () => {
    expect(fixedFiltersForPath("/extensions/clip-in")).toEqual({ category: "clip-in" });
    expect(fixedFiltersForPath("/extensions/tape-in/")).toEqual({ category: "tape-in" });
    expect(fixedFiltersForPath("/wigs")).toEqual({ category: "wigs" });
    expect(fixedFiltersForPath("/accessories")).toEqual({ category: "accessories" });
    expect(fixedFiltersForPath("/sale")).toEqual({ sale: true });
  });

  it("fixes nothing on /shop", () => {
    expect(fixedFiltersForPath("/shop")).toEqual({});
  });

  it("titles the sale listing 'Sale'", () => {
    expect(titleForListing({ sale: true })).toBe("Sale");
    expect(titleForListing({ category: "wigs" })).toBe("Wigs");
  });
});

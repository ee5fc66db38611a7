import { products as shippedProducts } from "~/content/products";
import { appendFixtureProducts, readCatalogFixture } from "~/modules/catalog/catalog-fixture.server";
import { buildCatalogIndex, type CatalogIndex, type ListingResult } from "~/modules/catalog/catalog-index";
import type { ListingParams } from "~/modules/catalog/listing";
import type { Product } from "~/modules/catalog/product";
import { getEnv } from "~/site/env.server";

/** The shipped catalogue, plus the benchmark's generated one when CATALOG_FIXTURE names it. */
function loadCatalogProducts(): readonly Product[] {
  const file = getEnv().CATALOG_FIXTURE;
  if (!file) return shippedProducts;
  const products = appendFixtureProducts(shippedProducts, readCatalogFixture(file), file);
  // Loud on purpose: a benchmark catalogue must never go unnoticed in a real shop.
  console.warn(
    `WARNING: CATALOG_FIXTURE=${file}: serving ${products.length - shippedProducts.length} generated products ` +
      "after the shipped catalogue (benchmark data, not for a real shop).",
  );
  return products;
}

// Read, validated and indexed once, when the server build is loaded: a bad fixture stops the start.
const catalog: CatalogIndex = buildCatalogIndex(loadCatalogProducts());

export function getAllProducts(): readonly Product[] {
  return catalog.products;
}

export function findProduct(id: string): Product | undefined {
  return catalog.findProduct(id);
}

/** Spec: the home page features the first four catalogue products. */
export function featuredProducts(count = 4): Product[] {
  return catalog.products.slice(0, count);
}

/** One page of the listing (filters, search and sort applied) and the number of matches in all. */
export function queryListing(params: ListingParams, window: { offset: number; limit: number }): ListingResult {
  return catalog.queryListing(params, window);
}

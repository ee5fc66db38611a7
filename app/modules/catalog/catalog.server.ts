// The storefront's catalogue: read from the database once per process and again whenever its version moves
// (decision 0036), held in memory as an index, so a product or listing page never waits on the database.
import type { CatalogueReader } from "~/backend/ports/catalogue";
import type { ShippingRates } from "~/backend/ports/shipping";
import { appendFixtureProducts, readCatalogFixture } from "~/modules/catalog/catalog-fixture.server";
import { buildCatalogIndex, type CatalogIndex, type ListingResult } from "~/modules/catalog/catalog-index";
import type { ListingParams } from "~/modules/catalog/listing";
import type { Product, ProductChoice } from "~/modules/catalog/product";
import { getEnv } from "~/site/env.server";

/** How often an instance asks whether the catalogue changed: an edit reaches every instance within this. */
export const CATALOGUE_CHECK_MS = 2_000;

interface LoadedCatalogue {
  reader: CatalogueReader;
  index: CatalogIndex;
  /** public.shipping_rates (decision 0039): what place_order charges, for the pages that show it. */
  shippingRates: ShippingRates;
  version: number;
  timer?: ReturnType<typeof setInterval>;
  /** The read under way, if any: a second check waits for it instead of reading again. */
  refreshing?: Promise<void>;
}

declare global {
  // On globalThis so that development reloads of server modules keep the catalogue they loaded.
  var __shopCatalogue: LoadedCatalogue | undefined;
}

/** The generated benchmark catalogue when CATALOG_FIXTURE names it, appended after the stored products. */
function withFixture(products: Product[]): Product[] {
  const file = getEnv().CATALOG_FIXTURE;
  if (!file) return products;
  return appendFixtureProducts(products, readCatalogFixture(file), file);
}

async function read(
  reader: CatalogueReader,
): Promise<{ index: CatalogIndex; shippingRates: ShippingRates; version: number }> {
  const { version, products } = await reader.readAll();
  // After the products: a rate saved meanwhile has moved the version on, so the next check reads again.
  const shippingRates = await reader.shippingRates();
  return { index: buildCatalogIndex(withFixture(products)), shippingRates, version };
}

/**
 * Reads the catalogue before the server listens (a bad fixture or an unreachable database stops the start) and
 * checks its version every CATALOGUE_CHECK_MS from then on. Returns the start-up line.
 */
export async function startCatalogue(
  reader: CatalogueReader,
  { checkEveryMs = CATALOGUE_CHECK_MS }: { checkEveryMs?: number | null } = {},
): Promise<string> {
  stopCatalogue();
  const loaded: LoadedCatalogue = { reader, ...(await read(reader)) };
  globalThis.__shopCatalogue = loaded;
  if (checkEveryMs !== null) {
    loaded.timer = setInterval(() => {
      refreshCatalogue().catch((error: unknown) => {
        // The shop goes on with the copy it has; the next check tries again.
        console.error("Catalogue: could not check for changes:", error);
      });
    }, checkEveryMs);
    loaded.timer.unref();
  }
  const file = getEnv().CATALOG_FIXTURE;
  if (file) {
    // Loud on purpose: a benchmark catalogue must never go unnoticed in a real shop.
    console.warn(`WARNING: CATALOG_FIXTURE=${file}: serving generated products (benchmark data, not for a real shop).`);
  }
  return `Catalogue: ${loaded.index.products.length} products on sale (version ${loaded.version})`;
}

export function stopCatalogue(): void {
  clearInterval(globalThis.__shopCatalogue?.timer);
  globalThis.__shopCatalogue = undefined;
}

/**
 * Reads the catalogue again if its version moved. A staff save calls it at once, so the editing instance shows the
 * change on the next page; the others see it at their next check.
 */
export async function refreshCatalogue(): Promise<void> {
  const loaded = globalThis.__shopCatalogue;
  if (!loaded) return;
  loaded.refreshing ??= (async () => {
    try {
      const version = await loaded.reader.version();
      if (version === loaded.version) return;
      const next = await read(loaded.reader);
      if (globalThis.__shopCatalogue !== loaded) return;
      loaded.index = next.index;
      loaded.shippingRates = next.shippingRates;
      loaded.version = next.version;
    } finally {
      loaded.refreshing = undefined;
    }
  })();
  return loaded.refreshing;
}

function loadedCatalogue(): LoadedCatalogue {
  const loaded = globalThis.__shopCatalogue;
  if (!loaded) throw new Error("The catalogue is not loaded: startup() (or the test's backend) loads it first.");
  return loaded;
}

function current(): CatalogIndex {
  return loadedCatalogue().index;
}

/** The shipping rates as the database last said (no database read): what the shipping page and checkout show. */
export function currentShippingRates(): ShippingRates {
  return loadedCatalogue().shippingRates;
}

/** The version the copy in memory was read at: pages cached before it moved are stale (server/page-cache.js). */
export function catalogueVersion(): number | undefined {
  return globalThis.__shopCatalogue?.version;
}

export function getAllProducts(): readonly Product[] {
  return current().products;
}

export function findProduct(id: string): Product | undefined {
  return current().findProduct(id);
}

/** A variant by its id (what a cart line or an order names), with its product. */
export function findChoice(variantId: string): ProductChoice | undefined {
  return current().findChoice(variantId);
}

/** Spec: the home page features the first four catalogue products. */
export function featuredProducts(count = 4): Product[] {
  return current().products.slice(0, count);
}

/** One page of the listing (filters, search and sort applied) and the number of matches in all. */
export function queryListing(params: ListingParams, window: { offset: number; limit: number }): ListingResult {
  return current().queryListing(params, window);
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestBackend, seededCatalogue } from "#tests/support/pglite";
import { makeFlatProduct } from "#tests/support/product";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { FlatProduct } from "~/modules/catalog/flat-product";
import { parseListingParams } from "~/modules/catalog/listing";
import type { Product } from "~/modules/catalog/product";

// CATALOG_FIXTURE end to end in one process: the catalogue reads the variable when it starts, so each case starts
// a fresh copy of the modules with the variable set, over the seeded database.

let dir: string;
let backend: Backend;
let shippedProducts: Product[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-fixture-"));
  ({ backend } = await createTestBackend());
  shippedProducts = await seededCatalogue();
});

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await backend.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

const image = "product-clip-1-1";
const generated = (index: number, overrides: Partial<FlatProduct> = {}): FlatProduct =>
  makeFlatProduct({
    id: `bench-${String(index).padStart(5, "0")}`,
    name: `Generated Wave Set No. ${index}`,
    images: [image],
    ...overrides,
  });

function writeFixture(name: string, content: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

async function loadCatalogWith(file: string) {
  vi.stubEnv("CATALOG_FIXTURE", file);
  vi.resetModules();
  const catalog = await import("~/modules/catalog/catalog.server");
  await catalog.startCatalogue(backend.catalogue, { checkEveryMs: null });
  return catalog;
}

describe("CATALOG_FIXTURE", () => {
  test("without it, the catalogue is the stored products", async () => {
    const catalog = await loadCatalogWith("");
    expect(catalog.getAllProducts()).toEqual(shippedProducts);
  });

  test("a valid file is appended after the shipped products, indexed, and announced with a warning", async () => {
    const fixture = Array.from({ length: 30 }, (_, index) => generated(index + 1));
    const file = writeFixture("valid.json", { description: "test", products: fixture });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const catalog = await loadCatalogWith(file);

    expect(catalog.getAllProducts().map((product) => product.id)).toEqual([
      ...shippedProducts.map((product) => product.id),
      ...fixture.map((product) => product.id),
    ]);
    expect(catalog.findProduct("bench-00030")?.name).toBe("Generated Wave Set No. 30");
    expect(catalog.findProduct("clip-1")).toEqual(shippedProducts.find((product) => product.id === "clip-1"));
    expect(catalog.featuredProducts().map((product) => product.id)).toEqual(
      shippedProducts.slice(0, 4).map((product) => product.id),
    );
    const search = catalog.queryListing(parseListingParams(new URLSearchParams("q=generated wave")), {
      offset: 24,
      limit: 24,
    });
    expect(search.totalCount).toBe(30);
    expect(search.products.map((product) => product.id)).toEqual(fixture.slice(24).map((product) => product.id));
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain(file);
  });

  test.each([
    ["not JSON", "{ products: [", /cannot read it as JSON/],
    ["no products array", { items: [] }, /products: Required/],
    ["a product without a name", { products: [{ ...generated(1), name: undefined }] }, /products\.0\.name/],
    [
      "an unknown category",
      { products: [generated(1, { category: "hats" as FlatProduct["category"] })] },
      /products\.0\.category/,
    ],
    [
      "an image the shop does not have",
      { products: [generated(1, { images: ["no-such-image"] })] },
      /unknown image id "no-such-image"/,
    ],
  ])("a file with %s stops the start, naming the file", async (_case, content, message) => {
    const file = writeFixture("invalid.json", content);
    await expect(loadCatalogWith(file)).rejects.toThrow(message);
    await expect(loadCatalogWith(file)).rejects.toThrow(file);
  });

  test("a missing file stops the start", async () => {
    await expect(loadCatalogWith(path.join(dir, "missing.json"))).rejects.toThrow(/CATALOG_FIXTURE .*missing\.json/);
  });

  test("ids colliding with shipped products, or repeated in the file, are refused", async () => {
    const colliding = writeFixture("colliding.json", { products: [generated(1), generated(2, { id: "clip-1" })] });
    await expect(loadCatalogWith(colliding)).rejects.toThrow(/"clip-1" is a stored product's id/);
    const repeated = writeFixture("repeated.json", { products: [generated(1), generated(1)] });
    await expect(loadCatalogWith(repeated)).rejects.toThrow(/"bench-00001" appears twice/);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { installTestBackend } from "#tests/support/pglite";
import { makeFlatProduct } from "#tests/support/product";
import { call, expectRedirect, get } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { LISTING_PAGE_SIZE } from "~/modules/catalog/listing";
import type * as ShopRoute from "~/routes/catalog/listing";

// The listing loader over a catalogue big enough to page: the shipped 12 plus 50 generated "Pagination Test"
// products (CATALOG_FIXTURE), so that a search finds exactly those 50.

const GENERATED = 50;
let dir: string;
let shopLoader: typeof ShopRoute.loader;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pagination-"));
  const image = "product-clip-1-1";
  const products = Array.from({ length: GENERATED }, (_, index) =>
    makeFlatProduct({
      id: `bench-${index + 1}`,
      name: `Pagination Test ${index + 1}`,
      category: "wigs",
      price: 100 + index,
      images: [image],
    }),
  );
  const file = path.join(dir, "fixture.json");
  fs.writeFileSync(file, JSON.stringify({ products }));
  vi.stubEnv("CATALOG_FIXTURE", file);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.resetModules();
  ({ uninstall } = await installTestBackend());
  ({ loader: shopLoader } = await import("~/routes/catalog/listing"));
});

afterAll(async () => {
  await uninstall();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ids = (products: { id: string }[] | undefined) => products?.map((product) => product.id);

describe("listing pagination", () => {
  test(`shows ${LISTING_PAGE_SIZE} products a page, counts all matches and links the neighbours, keeping the query`, async () => {
    const first = await call(shopLoader, get("/shop?q=pagination+test&sort=price-high"));
    expect(first.data?.totalCount).toBe(GENERATED);
    expect(first.data?.products).toHaveLength(LISTING_PAGE_SIZE);
    expect(first.data?.products[0]?.id).toBe(`bench-${GENERATED}`);
    expect(first.data?.pagination).toEqual({
      page: 1,
      totalPages: 5,
      previousHref: null,
      nextHref: "/shop?q=pagination+test&sort=price-high&page=2",
    });
    expect(first.data?.canonicalPagePath).toBe("/shop?q=pagination+test");

    const last = await call(shopLoader, get("/shop?q=pagination+test&sort=price-high&page=5"));
    expect(ids(last.data?.products)).toEqual(["bench-2", "bench-1"]);
    expect(last.data?.pagination).toMatchObject({
      page: 5,
      previousHref: "/shop?q=pagination+test&sort=price-high&page=4",
      nextHref: null,
    });
    expect(last.data?.canonicalPagePath).toBe("/shop?q=pagination+test&page=5");
  });

  test("the alias paths page too", async () => {
    const wigs = await call(shopLoader, get("/wigs?page=2"));
    expect(wigs.data?.pagination).toMatchObject({ page: 2, previousHref: "/wigs" });
    expect(wigs.data?.products.every((product) => product.category === "wigs")).toBe(true);
  });

  test.each([
    ["/shop?q=pagination+test&page=0", "/shop?q=pagination+test"],
    ["/shop?q=pagination+test&page=-1", "/shop?q=pagination+test"],
    ["/shop?q=pagination+test&page=1.5", "/shop?q=pagination+test"],
    ["/shop?q=pagination+test&page=abc", "/shop?q=pagination+test"],
    ["/shop?q=pagination+test&page=1", "/shop?q=pagination+test"],
    ["/shop?q=pagination+test&page=6", "/shop?q=pagination+test&page=5"],
    [`/shop?page=${"9".repeat(30)}&q=pagination+test`, "/shop?q=pagination+test&page=5"],
    ["/shop?q=nothing+matches+this&page=2", "/shop?q=nothing+matches+this"],
  ])("%s redirects to %s", async (url, location) => {
    expectRedirect(await call(shopLoader, get(url)), location);
  });

  test("one page of results has no further pages", async () => {
    const result = await call(shopLoader, get("/shop?category=clip-in"));
    expect(result.data?.pagination).toEqual({ page: 1, totalPages: 1, previousHref: null, nextHref: null });
  });
});

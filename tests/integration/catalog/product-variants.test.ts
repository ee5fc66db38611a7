import { insertTestProducts } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import { call, expectRedirect, get } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { SqlDatabase } from "~/backend/sql/sql-database";
import { refreshCatalogue } from "~/modules/catalog/catalog.server";
import { loader as productLoader } from "~/routes/catalog/product";

// The product page of a product with choices (decision 0036): each variant has its own URL, the picker's GET form
// leads to it, and price, stock and Add to Cart follow the variant chosen.

let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ db, uninstall } = await installTestBackend());
  await insertTestProducts(db, ["wavy"], { priceCents: 15_000 });
  await db.query("update public.products set option_names = array['Length', 'Shade'] where id = 'wavy'");
  await db.query("update public.product_variants set option_values = array['18 inch', 'Black'] where id = 'wavy'");
  await db.query(
    `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents, stock_on_hand)
     values ('wavy-22', 'wavy', 2, 'WAVY-22', array['22 inch', 'Black'], 18000, 0)`,
  );
  await refreshCatalogue();
});

afterAll(() => uninstall());

const open = (query: string) => call(productLoader, get(`/product/wavy${query}`), { params: { id: "wavy" } });

describe("a product with variants", () => {
  test("opens on its first variant, and on the one its URL names", async () => {
    const first = await open("");
    expect(first.data).toMatchObject({ variant: { id: "wavy", price: 150, inStock: true }, nearest: false });
    const second = await open("?variant=wavy-22");
    expect(second.data).toMatchObject({ variant: { id: "wavy-22", price: 180, inStock: false } });
    expect(second.data?.product.inStock).toBe(true);
  });

  test("answers 404 for a variant it does not have", async () => {
    expect((await open("?variant=clip-1")).status).toBe(404);
  });

  test("the picker's form leads to the chosen variant's own URL, the open tab kept", async () => {
    expectRedirect(await open("?variant=wavy&o1=22+inch&o2=Black"), "/product/wavy?variant=wavy-22");
    expectRedirect(
      await open("?variant=wavy&o1=22+inch&o2=Black&tab=features"),
      "/product/wavy?variant=wavy-22&tab=features",
    );
  });

  test("a combination not sold shows the nearest variant and says so", async () => {
    const result = await open("?variant=wavy&o1=22+inch&o2=Blonde");
    expect(result.data).toMatchObject({ variant: { id: "wavy-22" }, nearest: true });
  });
});

import { insertTestProducts } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import { call, CookieJar, expectRedirect, get, post, setCookiesOf } from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { SqlDatabase } from "~/backend/sql/sql-database";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { refreshCatalogue } from "~/modules/catalog/catalog.server";
import { loader as productLoader } from "~/routes/catalog/product";
import { action as checkoutAction } from "~/routes/checkout/checkout";

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

  test("a visitor buys a variant other than the first: the order names it, is priced from it and empties the cart", async () => {
    await db.query(
      `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents, stock_on_hand)
       values ('wavy-20', 'wavy', 3, 'WAVY-20', array['20 inch', 'Black'], 16500, 2)`,
    );
    await refreshCatalogue();
    const cart = new CookieJar().store(
      await setCookiesOf((jar) => cartCookie.write(jar, [{ productId: "wavy-20", quantity: 2 }])),
    );
    const key = `variant-order-${Date.now()}-padding`;
    const placed = await call(
      checkoutAction,
      post("/checkout", { ...shippingAddress, shippingMethod: "standard", idempotencyKey: key }, cart),
    );
    expect(placed).toMatchObject({ status: 303, location: "/order-success" });
    const rows = await db.query<{ product_id: string; variant_id: string; price_per_item: number }>(
      `select i.product_id, i.variant_id, i.price_per_item from public.order_items i
       join public.orders o on o.id = i.order_id where o.idempotency_key = $1`,
      [key],
    );
    expect(rows).toEqual([{ product_id: "wavy", variant_id: "wavy-20", price_per_item: 16500 }]);
    cart.store(placed.headers);
    expect(await cartCookie.read(get("/", cart))).toEqual([]);
    const stock = await db.query("select stock_on_hand from public.product_variants where id = 'wavy-20'");
    expect(stock).toEqual([{ stock_on_hand: 0 }]);
  });
});

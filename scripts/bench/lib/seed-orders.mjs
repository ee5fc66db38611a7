// Many orders written straight into a stopped shop's embedded database, for the benchmarks that need a shop with
// a history (bench:scale, bench:admin-flood): through the shop itself they would take minutes.
import path from "node:path";

import { cartAddBody, checkoutBody, formHeaders, request } from "./shop-client.mjs";

/**
 * Writes `count` orders of guests straight into the stopped server's embedded database (through the shop they
 * would take minutes): spread over the last 90 days, in every status, with 50 surnames, one line each. The
 * database's own triggers run as for any order (the timeline's first entry).
 */
export async function seedStoreOrders(dataDir, count) {
  const { PGlite } = await import("@electric-sql/pglite");
  const started = Date.now();
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    await db.query(
      `with placed as (
         insert into public.orders (status, total_amount, shipping_address, email, idempotency_key, created_at, carrier, tracking_number)
         select (array['delivered','delivered','delivered','shipped','paid','pending','cancelled'])[1 + n % 7],
                29900 + (n % 5) * 1000,
                jsonb_build_object(
                  'firstName', (array['Ada','Grace','Mary','Ana','Zoe','Lin','Sara','Noor'])[1 + n % 8],
                  'lastName', (array['Garcia','Smith','Jones','Lee','Brown','Taylor','Nguyen','Khan','Rossi','Kim'])[1 + n % 10]
                              || case when n % 50 < 10 then '' else '-' || (n % 50)::text end,
                  'phone', '5551234567', 'address', n || ' Bench Street', 'city', 'Austin', 'state', 'TX',
                  'zipCode', '78701', 'country', 'United States'),
                'customer-' || n || '@example.com',
                'bench-store-order-' || lpad(n::text, 8, '0'),
                now() - make_interval(secs => (n::float8 / $1) * 90 * 86400),
                case when n % 7 in (0, 1, 2, 3) then 'UPS' end,
                case when n % 7 in (0, 1, 2, 3) then '1Z' || lpad(n::text, 16, '0') end
         from generate_series(1, $1::int) as n
         returning id, total_amount
       )
       insert into public.order_items (order_id, line_number, product_id, variant_id, product_name, sku, quantity, price_per_item, paid_amount)
       select id, 1, 'clip-1', 'clip-1', 'Silky Straight Clip-In Extensions', 'LS-CLIP-1', 1, total_amount, total_amount
       from placed`,
      [count],
    );
  } finally {
    await db.close();
  }
  console.log(`  ${count} store orders written to the database (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// In stock in the shipped catalogue, so present in the database's price list: orders can only hold these.
const orderableProducts = [
  "clip-1",
  "clip-2",
  "clip-3",
  "tape-1",
  "tape-2",
  "tape-3",
  "wig-1",
  "wig-3",
  "acc-1",
  "acc-2",
  "acc-3",
];

/** Places `count` orders for the member through the shop itself (cart add, then checkout), a few at a time. */
export async function seedMemberOrders(baseUrl, memberCookie, count, workers) {
  let placed = 0;
  let attempts = 0;
  let nextProduct = 0;
  const started = Date.now();
  const post = (pathname, body) =>
    request(`${baseUrl}${pathname}`, { method: "POST", headers: formHeaders(baseUrl, memberCookie), body });
  // Workers share the member's one cart: a checkout may take another worker's line too (one order, two lines)
  // and leave that worker's checkout with an empty cart (400). Counting only placed orders keeps the total right.
  let inFlight = 0;
  const worker = async () => {
    // Never more checkouts under way than orders still missing: exactly `count` orders, not a few more.
    while (placed + inFlight < count) {
      if (++attempts > count * 4)
        throw new Error(`Seeding orders: only ${placed} of ${count} placed after ${attempts} attempts.`);
      inFlight++;
      const productId = orderableProducts[nextProduct++ % orderableProducts.length];
      const added = await post("/cart", cartAddBody(productId, 1 + (attempts % 3)));
      if (added.status !== 303) throw new Error(`Seeding orders: cart add answered ${added.status}`);
      const checkout = await post("/checkout", checkoutBody());
      inFlight--;
      if (checkout.status === 303 && String(checkout.headers.location).startsWith("/order-success")) {
        placed++;
        if (placed % 100 === 0)
          console.log(`  ${placed} orders placed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      } else if (
        checkout.status !== 400 &&
        !(checkout.status === 303 && String(checkout.headers.location).startsWith("/checkout"))
      ) {
        // A refused form post comes back to /checkout with its message (post/redirect/get): another worker's
        // checkout took the cart (one cart makes one order) or left it empty. Anything else is a failure.
        throw new Error(`Seeding orders: checkout answered ${checkout.status} ${checkout.text.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, count) }, worker));
  return placed;
}

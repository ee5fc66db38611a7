// Many orders written straight into a stopped shop's embedded database, for the benchmarks that need a shop with
// a history (bench:scale, bench:admin-flood): through the shop itself they would take minutes.
import path from "node:path";

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
       insert into public.order_items (order_id, line_number, product_id, quantity, price_per_item)
       select id, 1, 'clip-1', 1, total_amount from placed`,
      [count],
    );
  } finally {
    await db.close();
  }
  console.log(`  ${count} store orders written to the database (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

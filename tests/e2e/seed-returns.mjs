// Orders for the returns-and-exchanges spec (tests/e2e/exchanges.spec.ts), written straight into the first shop's
// stopped database by its launcher (start-server.mjs, E2E_SEED_RETURNS): delivered guest orders, one per project and
// purpose, two delivered two days ago and one forty days ago (the 30-day window is a date in the database, never a
// wait), each opened by a guest token the spec knows. The exchange order's product has two variants; it is archived,
// so that no listing, count or product page of the other specs sees it.
import crypto from "node:crypto";
import path from "node:path";

export const SEEDED_PROJECTS = ["js", "no-js"];
export const SEEDED_ORDERS = {
  // Two lines: 2 x the brush, 1 x the halo; one brush is returned and refunded.
  return: {
    daysAgo: 2,
    lines: [
      ["acc-2", 2, 2400, "Boar Bristle Extension Brush", "LS-ACC-2"],
      ["clip-3", 1, 18900, "Volume Boost Clip-In Halo", "LS-CLIP-3"],
    ],
  },
  exchange: { daysAgo: 2, lines: [["e2e-exchange-black", 1, 10000, "Exchange Test Wefts", "E2E-EXCH-BLACK"]] },
  old: { daysAgo: 40, lines: [["acc-2", 1, 2400, "Boar Bristle Extension Brush", "LS-ACC-2"]] },
};

/** The guest token that opens the seeded order `name` of `project` (/order-status?token=...). */
export function seededOrderToken(project, name) {
  return crypto.createHash("sha256").update(`e2e-returns-${project}-${name}`).digest("hex");
}

export async function seedReturnOrders(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into public.products (id, name, description, category, color, option_names, status, featured_position)
         values ('e2e-exchange', 'Exchange Test Wefts', 'Seeded for the returns spec.', 'clip-in', 'Black', array['Shade'],
                 'archived', 2000)`,
      );
      await tx.query(
        `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents, stock_on_hand)
         values ('e2e-exchange-black', 'e2e-exchange', 1, 'E2E-EXCH-BLACK', array['Black'], 10000, 50),
                ('e2e-exchange-brown', 'e2e-exchange', 2, 'E2E-EXCH-BROWN', array['Brown'], 10000, 50)`,
      );
      for (const project of SEEDED_PROJECTS) {
        for (const [name, order] of Object.entries(SEEDED_ORDERS)) {
          const total = order.lines.reduce((sum, [, quantity, price]) => sum + quantity * price, 0);
          const {
            rows: [{ id }],
          } = await tx.query(
            `insert into public.orders (status, total_amount, shipping_address, email, idempotency_key, created_at,
                                        carrier, tracking_number, guest_token_hash)
             values ('delivered', $1, $2, $3, $4, now() - make_interval(days => $5 + 3), 'UPS', '1Z999AA10123456784',
                     public.hash_link_token($6))
             returning id`,
            [
              total,
              {
                firstName: "Ada",
                lastName: "Lovelace",
                phone: "5551234567",
                address: "1 Seed Street",
                city: "Austin",
                state: "TX",
                zipCode: "78701",
                country: "United States",
              },
              `returns-${project}-${name}@example.com`,
              `e2e-seed-returns-${project}-${name}`,
              order.daysAgo,
              seededOrderToken(project, name),
            ],
          );
          for (const [index, [variant, quantity, price, productName, sku]] of order.lines.entries()) {
            // By name through the row type: a column another migration adds (a discount's paid_amount) is filled too.
            await tx.query(
              `insert into public.order_items
               select (jsonb_populate_record(null::public.order_items, jsonb_build_object(
                 'id', gen_random_uuid(), 'order_id', $1::uuid, 'line_number', $2::int, 'product_id', v.product_id,
                 'variant_id', v.id, 'product_name', $3::text, 'sku', $4::text, 'quantity', $5::int,
                 'variant_label', case when (select count(*) from public.product_variants as other
                                             where other.product_id = v.product_id) > 1
                                       then array_to_string(v.option_values, ' / ') end,
                 'price_per_item', $6::int, 'paid_amount', $5::int * $6::int
               ))).*
               from public.product_variants as v where v.id = $7`,
              [id, index + 1, productName, sku, quantity, price, variant],
            );
          }
          await tx.query(
            `insert into public.order_events (order_id, created_at, actor_label, from_status, to_status)
             values ($1, now() - make_interval(days => $2 + 3), 'customer', null, 'pending'),
                    ($1, now() - make_interval(days => $2 + 3), 'staff', 'pending', 'paid'),
                    ($1, now() - make_interval(days => $2 + 2), 'staff', 'paid', 'shipped'),
                    ($1, now() - make_interval(days => $2), 'staff', 'shipped', 'delivered')`,
            [id, order.daysAgo],
          );
        }
      }
    });
  } finally {
    await db.close();
  }
}

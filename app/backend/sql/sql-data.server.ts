import { MAX_CART_LINE_QUANTITY } from "~/backend/constants";
import { toBackendError } from "~/backend/database-errors.server";
import { BackendError } from "~/backend/errors";
import {
  cleanCartLines,
  cleanFullName,
  requireProductId,
  requirePageWindow,
  requireQuantity,
  requireUserId,
} from "~/backend/input.server";
import type { CartsPort, NewsletterPort, OrdersPort, ProfilesPort, WishlistPort } from "~/backend/port";
import {
  type CartLineRow,
  type OrderRow,
  type ProfileRow,
  toCartLine,
  toOrder,
  toProfile,
} from "~/backend/rows.server";
import type { SqlDatabase, SqlExecutor } from "./sql-database";

export interface SqlDataPorts {
  carts: CartsPort;
  profiles: ProfilesPort;
  orders: OrdersPort;
  wishlist: WishlistPort;
  newsletter: NewsletterPort;
}

/**
 * The data half of the SQL adapter. Every call runs in a transaction under the role PostgREST would use
 * (`authenticated` with the user's id as the JWT subject, or `anon`), so the row-level security policies
 * that protect Supabase protect the embedded and postgres backends too. `userId` still goes into every
 * query: the policies are the second lock, not the only one.
 */
export function createSqlDataPorts(db: SqlDatabase): SqlDataPorts {
  async function as<T>(userId: string | null, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const claimedId = userId === null ? "" : requireUserId(userId);
    try {
      return await db.transaction(async (tx) => {
        // set_config(..., true) is SET LOCAL: both end with the transaction, as under PostgREST.
        await tx.query("select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true)", [
          userId === null ? "anon" : "authenticated",
          claimedId,
        ]);
        return await work(tx);
      });
    } catch (error) {
      throw toBackendError(error);
    }
  }

  /** A user's orders with their items, newest first (id breaks ties); `limit: null` is every order. */
  const selectOrders = (tx: SqlExecutor, userId: string, { limit, offset }: { limit: number | null; offset: number }) =>
    tx
      .query<OrderRow>(
        `select o.id, o.user_id, o.status, o.total_amount, o.currency, o.email, o.shipping_address, o.created_at,
           coalesce((
             select jsonb_agg(jsonb_build_object(
               'id', i.id, 'product_id', i.product_id, 'quantity', i.quantity, 'price_per_item', i.price_per_item
             ) order by i.line_number)
             from public.order_items as i where i.order_id = o.id
           ), '[]'::jsonb) as order_items
         from public.orders as o
         where o.user_id = $1
         order by o.created_at desc, o.id desc
         limit $2 offset $3`,
        [userId, limit, offset],
      )
      .then((rows) => rows.map(toOrder));

  const listCart = (tx: SqlExecutor, userId: string) =>
    tx
      .query<CartLineRow>(
        "select product_id, quantity from public.cart_items where user_id = $1 order by created_at, product_id",
        [userId],
      )
      .then((rows) => rows.map(toCartLine));

  const carts: CartsPort = {
    list: ({ userId }) => as(userId, (tx) => listCart(tx, userId)),

    add: ({ userId, productId, quantity }) =>
      as(userId, async (tx) => {
        const [row] = await tx.query<{ line: { product_id: string; quantity: number; capped: boolean } }>(
          "select public.add_to_cart($1, $2) as line",
          [requireProductId(productId), requireQuantity(quantity)],
        );
        if (!row) throw new BackendError("unexpected", "add_to_cart returned nothing.");
        return { productId: row.line.product_id, quantity: row.line.quantity, capped: row.line.capped };
      }),

    setQuantity: ({ userId, productId, quantity }) =>
      as(userId, async (tx) => {
        requireProductId(productId);
        if (requireQuantity(quantity, { allowZeroOrLess: true }) <= 0) {
          await tx.query("delete from public.cart_items where user_id = $1 and product_id = $2", [userId, productId]);
          return { productId, quantity: 0, capped: false };
        }
        const stored = Math.min(quantity, MAX_CART_LINE_QUANTITY);
        await tx.query(
          `insert into public.cart_items (user_id, product_id, quantity) values ($1, $2, $3)
           on conflict (user_id, product_id) do update set quantity = excluded.quantity`,
          [userId, productId, stored],
        );
        return { productId, quantity: stored, capped: stored < quantity };
      }),

    remove: ({ userId, productId }) =>
      as(userId, async (tx) => {
        await tx.query("delete from public.cart_items where user_id = $1 and product_id = $2", [userId, productId]);
      }),

    clear: ({ userId }) =>
      as(userId, async (tx) => {
        await tx.query("delete from public.cart_items where user_id = $1", [userId]);
      }),

    merge: ({ userId, lines }) =>
      as(userId, async (tx) => {
        const payload = cleanCartLines(lines).map((line) => ({ product_id: line.productId, quantity: line.quantity }));
        const [row] = await tx.query<{ cart: CartLineRow[] }>("select public.merge_cart($1::jsonb) as cart", [
          JSON.stringify(payload),
        ]);
        return (row?.cart ?? []).map(toCartLine);
      }),

    removeProductsNotIn: ({ userId, productIds }) =>
      as(userId, async (tx) => {
        const rows = await tx.query<{ product_id: string }>(
          `delete from public.cart_items
           where user_id = $1 and product_id not in (select jsonb_array_elements_text($2::jsonb))
           returning product_id`,
          [userId, JSON.stringify(productIds)],
        );
        return rows.map((row) => row.product_id);
      }),
  };

  const profileColumns = "id, email, full_name, avatar_url, created_at, updated_at";

  const profiles: ProfilesPort = {
    get: ({ userId }) =>
      as(userId, async (tx) => {
        const [row] = await tx.query<ProfileRow>(`select ${profileColumns} from public.profiles where id = $1`, [userId]);
        return row ? toProfile(row) : null;
      }),

    updateFullName: ({ userId, fullName }) =>
      as(userId, async (tx) => {
        const [row] = await tx.query<ProfileRow>(
          `update public.profiles set full_name = $2 where id = $1 returning ${profileColumns}`,
          [userId, cleanFullName(fullName)],
        );
        if (!row) throw new BackendError("not_found", "Profile not found.");
        return toProfile(row);
      }),
  };

  const orders: OrdersPort = {
    place: ({ userId, items, shippingAddress, email, idempotencyKey }) =>
      as(userId, async (tx) => {
        const [row] = await tx.query<{ placed: OrderRow }>(
          "select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed",
          [
            JSON.stringify(items.map((item) => ({ product_id: item.productId, quantity: item.quantity }))),
            JSON.stringify(shippingAddress),
            email,
            idempotencyKey,
          ],
        );
        if (!row?.placed) throw new BackendError("unexpected", "place_order returned nothing.");
        return toOrder(row.placed);
      }),

    listForUser: ({ userId }) => as(userId, (tx) => selectOrders(tx, userId, { limit: null, offset: 0 })),

    listPageForUser: async ({ userId, ...window }) => {
      requireUserId(userId);
      const { limit, offset } = requirePageWindow(window);
      return as(userId, async (tx) => {
        // Two indexed reads (orders_user_id_created_at_idx); past the end, only the count is needed.
        const [count] = await tx.query<{ total: number }>("select count(*)::int as total from public.orders where user_id = $1", [
          userId,
        ]);
        const totalCount = count?.total ?? 0;
        const orders = offset < totalCount ? await selectOrders(tx, userId, { limit, offset }) : [];
        return { orders, totalCount };
      });
    },
  };

  const wishlist: WishlistPort = {
    list: ({ userId }) =>
      as(userId, async (tx) => {
        const rows = await tx.query<{ product_id: string }>(
          "select product_id from public.wishlist_items where user_id = $1 order by created_at desc, product_id",
          [userId],
        );
        return rows.map((row) => row.product_id);
      }),

    add: ({ userId, productId }) =>
      as(userId, async (tx) => {
        await tx.query(
          `insert into public.wishlist_items (user_id, product_id) values ($1, $2)
           on conflict (user_id, product_id) do nothing`,
          [userId, requireProductId(productId)],
        );
      }),

    remove: ({ userId, productId }) =>
      as(userId, async (tx) => {
        await tx.query("delete from public.wishlist_items where user_id = $1 and product_id = $2", [userId, productId]);
      }),

    toggle: ({ userId, productId }) =>
      as(userId, async (tx) => {
        const [row] = await tx.query<{ added: boolean }>("select public.toggle_wishlist_item($1) as added", [
          requireProductId(productId),
        ]);
        return row?.added === true;
      }),

    merge: ({ userId, productIds }) =>
      as(userId, async (tx) => {
        const [row] = await tx.query<{ wishlist: string[] }>("select public.merge_wishlist($1::jsonb) as wishlist", [
          JSON.stringify(productIds.filter((id) => typeof id === "string")),
        ]);
        return row?.wishlist ?? [];
      }),
  };

  const newsletter: NewsletterPort = {
    subscribe: ({ email }) =>
      as(null, async (tx) => {
        await tx.query("select public.subscribe_to_newsletter($1)", [email]);
      }),
  };

  return { carts, profiles, orders, wishlist, newsletter };
}

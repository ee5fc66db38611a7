import { MAX_CART_LINE_QUANTITY } from "~/backend/constants";
import { toBackendError } from "~/backend/database-errors.server";
import { BackendError } from "~/backend/errors";
import {
  cleanCartLines,
  cleanFullName,
  requirePageWindow,
  requireProductId,
  requireQuantity,
  requireUserId,
} from "~/backend/input.server";
import type { RequestDataPorts } from "~/backend/ports/backend";
import type { CartsPort } from "~/backend/ports/carts";
import type { NewsletterPort } from "~/backend/ports/newsletter";
import type { OrdersPort } from "~/backend/ports/orders";
import type { ProfilesPort } from "~/backend/ports/profiles";
import type { WishlistPort } from "~/backend/ports/wishlist";
import { requireSessionUser } from "~/backend/request-scope.server";
import {
  placeOrderShipping,
  toCartLine,
  toOrder,
  toProfile,
  type CartLineRow,
  type OrderRow,
  type ProfileRow,
} from "~/backend/rows.server";
import { createGuestOrdersPort } from "~/backend/rpc/guest-orders.server";
import type { RpcCall } from "~/backend/rpc/rpc-call";
import { createStaffPort } from "~/backend/rpc/staff.server";
import { inBackOfficeTurn } from "./back-office-gate.server";
import type { SqlDatabase, SqlExecutor, SqlStatement } from "./sql-database";

/** How long PostgreSQL lets one back-office statement run (a search, a page of an export) before stopping it. */
export const STAFF_STATEMENT_TIMEOUT_MS = 5_000;

export interface SqlDataOptions {
  /** Tests lower it to meet it. */
  staffStatementTimeoutMs?: number;
}

/**
 * The data half of the SQL adapter, for one request. Every call runs in a transaction under the role PostgREST
 * would use (`authenticated` with the user of the request's verified session as the JWT subject, or `anon`), so
 * the row-level security policies that protect Supabase protect the embedded and postgres backends too. A
 * `userId` argument must be that user (else "not_authenticated"); it still goes into every query: the policies
 * are the second lock, not the only one.
 */
export function createSqlDataPorts(
  db: SqlDatabase,
  sessionUserId: () => Promise<string | null>,
  { staffStatementTimeoutMs = STAFF_STATEMENT_TIMEOUT_MS }: SqlDataOptions = {},
): RequestDataPorts {
  /** Who the statements after it run as. set_config(..., true) is SET LOCAL: both end with the transaction, as under PostgREST. */
  async function claimsOf(userId: string | null): Promise<SqlStatement> {
    // A malformed id is refused before the session is read or any query runs.
    const actingId = await requireSessionUser(userId === null ? null : requireUserId(userId), sessionUserId);
    return {
      text: "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true)",
      params: actingId === null ? ["anon", ""] : ["authenticated", actingId],
    };
  }

  /** Work of several statements, each needing the one before, as the user (or anon) in one transaction. */
  async function as<T>(userId: string | null, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const claims = await claimsOf(userId);
    try {
      return await db.transaction(async (tx) => {
        await tx.query(claims.text, claims.params);
        return await work(tx);
      });
    } catch (error) {
      throw toBackendError(error);
    }
  }

  /** One statement as the user (or anon): sent with the claims in one batch, one round trip on the embedded database. */
  async function asOne<Row extends object>(
    userId: string | null,
    text: string,
    params: readonly unknown[],
  ): Promise<Row[]> {
    const claims = await claimsOf(userId);
    try {
      const [, rows = []] = await db.batch([claims, { text, params }]);
      return rows as Row[];
    } catch (error) {
      throw toBackendError(error);
    }
  }

  /** A user's orders with their items, newest first (id breaks ties): $1 user id, $2 limit (null: every order), $3 offset. */
  const selectOrdersText = `select o.id, o.user_id, o.status, o.total_amount, o.shipping_method, o.shipping_amount, o.currency, o.email,
           o.shipping_address, o.created_at, o.carrier, o.tracking_number,
           coalesce((
             select jsonb_agg(jsonb_build_object(
               'id', i.id, 'product_id', i.product_id, 'quantity', i.quantity, 'price_per_item', i.price_per_item
             ) order by i.line_number)
             from public.order_items as i where i.order_id = o.id
           ), '[]'::jsonb) as order_items,
           coalesce((
             select jsonb_agg(jsonb_build_object('created_at', e.created_at, 'from_status', e.from_status, 'to_status', e.to_status)
               order by e.created_at, e.id)
             from public.order_events as e where e.order_id = o.id
           ), '[]'::jsonb) as order_events
         from public.orders as o
         where o.user_id = $1
         order by o.created_at desc, o.id desc
         limit $2 offset $3`;

  const carts: CartsPort = {
    list: async ({ userId }) =>
      (
        await asOne<CartLineRow>(
          userId,
          "select product_id, quantity from public.cart_items where user_id = $1 order by created_at, product_id",
          [userId],
        )
      ).map(toCartLine),

    add: async ({ userId, productId, quantity }) => {
      const [row] = await asOne<{ line: { product_id: string; quantity: number; capped: boolean } }>(
        userId,
        "select public.add_to_cart($1, $2) as line",
        [requireProductId(productId), requireQuantity(quantity)],
      );
      if (!row) throw new BackendError("unexpected", "add_to_cart returned nothing.");
      return { productId: row.line.product_id, quantity: row.line.quantity, capped: row.line.capped };
    },

    setQuantity: async ({ userId, productId, quantity }) => {
      requireProductId(productId);
      if (requireQuantity(quantity, { allowZeroOrLess: true }) <= 0) {
        await asOne(userId, "delete from public.cart_items where user_id = $1 and product_id = $2", [
          userId,
          productId,
        ]);
        return { productId, quantity: 0, capped: false };
      }
      const stored = Math.min(quantity, MAX_CART_LINE_QUANTITY);
      await asOne(
        userId,
        `insert into public.cart_items (user_id, product_id, quantity) values ($1, $2, $3)
         on conflict (user_id, product_id) do update set quantity = excluded.quantity`,
        [userId, productId, stored],
      );
      return { productId, quantity: stored, capped: stored < quantity };
    },

    remove: async ({ userId, productId }) => {
      const rows = await asOne(
        userId,
        "delete from public.cart_items where user_id = $1 and product_id = $2 returning 1",
        [userId, productId],
      );
      return rows.length > 0;
    },

    clear: async ({ userId }) => {
      await asOne(userId, "delete from public.cart_items where user_id = $1", [userId]);
    },

    merge: async ({ userId, lines }) => {
      const payload = cleanCartLines(lines).map((line) => ({ product_id: line.productId, quantity: line.quantity }));
      const [row] = await asOne<{ cart: CartLineRow[] }>(userId, "select public.merge_cart($1::jsonb) as cart", [
        JSON.stringify(payload),
      ]);
      return (row?.cart ?? []).map(toCartLine);
    },

    removeProductsNotIn: async ({ userId, productIds }) => {
      const rows = await asOne<{ product_id: string }>(
        userId,
        `delete from public.cart_items
         where user_id = $1 and product_id not in (select jsonb_array_elements_text($2::jsonb))
         returning product_id`,
        [userId, JSON.stringify(productIds)],
      );
      return rows.map((row) => row.product_id);
    },
  };

  const profileColumns = "id, email, full_name, avatar_url, created_at, updated_at";

  const profiles: ProfilesPort = {
    get: async ({ userId }) => {
      const [row] = await asOne<ProfileRow>(userId, `select ${profileColumns} from public.profiles where id = $1`, [
        userId,
      ]);
      return row ? toProfile(row) : null;
    },

    updateFullName: async ({ userId, fullName }) => {
      const [row] = await asOne<ProfileRow>(
        userId,
        `update public.profiles set full_name = $2 where id = $1 returning ${profileColumns}`,
        [userId, cleanFullName(fullName)],
      );
      if (!row) throw new BackendError("not_found", "Profile not found.");
      return toProfile(row);
    },
  };

  const orders: OrdersPort = {
    place: async ({ userId, items, shippingAddress, shippingMethod, email, idempotencyKey }) => {
      const [row] = await asOne<{ placed: OrderRow }>(
        userId,
        "select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed",
        [
          JSON.stringify(items.map((item) => ({ product_id: item.productId, quantity: item.quantity }))),
          JSON.stringify(placeOrderShipping(shippingAddress, shippingMethod)),
          email,
          idempotencyKey,
        ],
      );
      if (!row?.placed) throw new BackendError("unexpected", "place_order returned nothing.");
      return toOrder(row.placed);
    },

    listForUser: async ({ userId }) =>
      (await asOne<OrderRow>(userId, selectOrdersText, [userId, null, 0])).map(toOrder),

    listPageForUser: async ({ userId, ...window }) => {
      requireUserId(userId);
      const { limit, offset } = requirePageWindow(window);
      return as(userId, async (tx) => {
        // Two indexed reads (orders_user_id_created_at_idx); past the end, only the count is needed.
        const [count] = await tx.query<{ total: number }>(
          "select count(*)::int as total from public.orders where user_id = $1",
          [userId],
        );
        const totalCount = count?.total ?? 0;
        const orders =
          offset < totalCount ? (await tx.query<OrderRow>(selectOrdersText, [userId, limit, offset])).map(toOrder) : [];
        return { orders, totalCount };
      });
    },
  };

  const wishlist: WishlistPort = {
    list: async ({ userId }) => {
      const rows = await asOne<{ product_id: string }>(
        userId,
        "select product_id from public.wishlist_items where user_id = $1 order by created_at desc, product_id",
        [userId],
      );
      return rows.map((row) => row.product_id);
    },

    add: async ({ userId, productId }) => {
      await asOne(
        userId,
        `insert into public.wishlist_items (user_id, product_id) values ($1, $2)
         on conflict (user_id, product_id) do nothing`,
        [userId, requireProductId(productId)],
      );
    },

    remove: async ({ userId, productId }) => {
      const rows = await asOne(
        userId,
        "delete from public.wishlist_items where user_id = $1 and product_id = $2 returning 1",
        [userId, productId],
      );
      return rows.length > 0;
    },

    toggle: async ({ userId, productId }) => {
      const [row] = await asOne<{ added: boolean }>(userId, "select public.toggle_wishlist_item($1) as added", [
        requireProductId(productId),
      ]);
      return row?.added === true;
    },

    merge: async ({ userId, productIds }) => {
      const [row] = await asOne<{ wishlist: string[] }>(userId, "select public.merge_wishlist($1::jsonb) as wishlist", [
        JSON.stringify(productIds.filter((id) => typeof id === "string")),
      ]);
      return row?.wishlist ?? [];
    },
  };

  const newsletter: NewsletterPort = {
    subscribe: async ({ email }) => {
      await asOne(null, "select public.subscribe_to_newsletter($1)", [email]);
    },
    confirm: async ({ token }) => {
      const [row] = await asOne<{ ok: boolean }>(null, "select public.confirm_newsletter_subscription($1) as ok", [
        token,
      ]);
      return row?.ok === true;
    },
    unsubscribe: async ({ token }) => {
      const [row] = await asOne<{ ok: boolean }>(null, "select public.unsubscribe_from_newsletter($1) as ok", [token]);
      return row?.ok === true;
    },
  };

  /** public.<name>(named arguments) as the user (or anon), its result parsed. */
  const rpcAs =
    (userId: string | null): RpcCall =>
    async (name, args) => {
      const { text, params = [] } = rpcStatement(name, args);
      const [row] = await asOne<{ result: unknown }>(userId, text, params);
      return row?.result ?? null;
    };

  /**
   * A back-office call: through the database's gate (back-office-gate.server.ts), and stopped by PostgreSQL after
   * the time limit (57014, "timed_out"). PGlite has no timer to stop a statement with (it runs in WebAssembly on
   * this thread) and ignores the setting: there, each call reads one page through an index (decision 0035).
   */
  const staffRpc: RpcCall = async (name, args) => {
    const claims = await claimsOf(await sessionUserId());
    const call = rpcStatement(name, args);
    const timeLimit = {
      text: "select set_config('statement_timeout', $1, true)",
      params: [String(staffStatementTimeoutMs)],
    };
    try {
      const [, , [row] = []] = await inBackOfficeTurn(db, () => db.batch([claims, timeLimit, call]));
      return (row as { result?: unknown } | undefined)?.result ?? null;
    } catch (error) {
      throw toBackendError(error);
    }
  };

  const staff = createStaffPort(staffRpc, sessionUserId);
  const guestOrders = createGuestOrdersPort(rpcAs(null));

  return { carts, profiles, orders, wishlist, newsletter, staff, guestOrders };
}

/** The statement that calls public.<name>(named arguments), each cast to its SQL type; its one column is `result`. */
export function rpcStatement(name: string, args: Parameters<RpcCall>[1]): SqlStatement {
  const entries = Object.entries(args);
  const list = entries.map(([argument, [, type]], index) => `${argument} => $${index + 1}::${type}`).join(", ");
  const params = entries.map(([, [value, type]]) =>
    type === "jsonb" && value !== null ? JSON.stringify(value) : value,
  );
  return { text: `select public.${name}(${list}) as result`, params };
}

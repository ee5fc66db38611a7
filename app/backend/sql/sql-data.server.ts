import { BackendError } from "~/backend/errors";
import {
  cartLinesArgument,
  cartLineTarget,
  cleanFullName,
  orderItemsArgument,
  placeOrderShipping,
  productIdsArgument,
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
import {
  profileColumns,
  toCartLine,
  toOrder,
  toProfile,
  type CartLineRow,
  type OrderRow,
  type ProfileRow,
} from "~/backend/rows.server";
import { createAddressesPort } from "~/backend/rpc/addresses.server";
import { createStaffCatalogueImagesPort } from "~/backend/rpc/catalogue-images.server";
import { createStaffCataloguePort } from "~/backend/rpc/catalogue.server";
import { createStaffCustomersPort } from "~/backend/rpc/customers.server";
import { createStaffDiscountsPort } from "~/backend/rpc/discounts.server";
import { createGuestOrdersPort } from "~/backend/rpc/guest-orders.server";
import { createReturnsPort, createStaffReturnsPort } from "~/backend/rpc/returns.server";
import { createStaffShippingPort } from "~/backend/rpc/shipping.server";
import { createStaffPort } from "~/backend/rpc/staff.server";
import type { SqlDatabase } from "./sql-database";
import { createSqlSessionCalls, type SqlDataOptions, type SqlSessionCalls } from "./sql-session-calls.server";

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
  options: SqlDataOptions = {},
): RequestDataPorts {
  const calls = createSqlSessionCalls(db, sessionUserId, options);
  return {
    carts: cartsPort(calls),
    profiles: profilesPort(calls),
    addresses: createAddressesPort(async (userId) => calls.rpcAs(userId)),
    orders: ordersPort(calls),
    wishlist: wishlistPort(calls),
    newsletter: newsletterPort(calls),
    staff: createStaffPort(calls.staffRpc, sessionUserId),
    staffCatalogue: createStaffCataloguePort(calls.staffRpc),
    staffShipping: createStaffShippingPort(calls.staffRpc),
    staffCustomers: createStaffCustomersPort(calls.staffRpc),
    staffDiscounts: createStaffDiscountsPort(calls.staffRpc),
    staffCatalogueImages: createStaffCatalogueImagesPort(calls.staffRpc),
    guestOrders: createGuestOrdersPort(calls.rpcAs(null)),
    staffReturns: createStaffReturnsPort(calls.staffRpc),
    returns: createReturnsPort(async (name, args) => calls.rpcAs(await sessionUserId())(name, args)),
  };
}

function cartsPort({ asOne }: SqlSessionCalls): CartsPort {
  return {
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
      const line = cartLineTarget(productId, quantity);
      if (line.quantity === 0) {
        await asOne(userId, "delete from public.cart_items where user_id = $1 and product_id = $2", [
          userId,
          productId,
        ]);
      } else {
        await asOne(
          userId,
          `insert into public.cart_items (user_id, product_id, quantity) values ($1, $2, $3)
           on conflict (user_id, product_id) do update set quantity = excluded.quantity`,
          [userId, productId, line.quantity],
        );
      }
      return line;
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
      const [row] = await asOne<{ cart: CartLineRow[] }>(userId, "select public.merge_cart($1::jsonb) as cart", [
        JSON.stringify(cartLinesArgument(lines)),
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
}

function profilesPort({ asOne }: SqlSessionCalls): ProfilesPort {
  return {
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
}

/** A user's orders with their items, newest first (id breaks ties): $1 user id, $2 limit (null: every order), $3 offset. */
const selectOrdersText = `select o.id, o.user_id, o.status, o.total_amount, o.refunded_amount, o.shipping_method, o.shipping_amount, o.currency, o.email,
         o.shipping_address, o.created_at, o.carrier, o.tracking_number, o.discount_code_id, o.discount_code,
         o.discount_amount, o.discount_on_shipping,
         coalesce((
           select jsonb_agg(public.order_line_json(i) order by i.line_number)
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

function ordersPort({ as, asOne }: SqlSessionCalls): OrdersPort {
  return {
    place: async ({ userId, items, shippingAddress, shippingMethod, email, idempotencyKey, discount }) => {
      const [row] = await asOne<{ placed: OrderRow }>(
        userId,
        "select public.place_order($1::jsonb, $2::jsonb, $3, $4) as placed",
        [
          JSON.stringify(orderItemsArgument(items)),
          JSON.stringify(placeOrderShipping(shippingAddress, shippingMethod, discount)),
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
}

function wishlistPort({ asOne }: SqlSessionCalls): WishlistPort {
  return {
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
        JSON.stringify(productIdsArgument(productIds)),
      ]);
      return row?.wishlist ?? [];
    },
  };
}

function newsletterPort({ asOne }: SqlSessionCalls): NewsletterPort {
  return {
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
}

// The data half of the Supabase adapter, for one request: PostgREST with the session's access token (or the anon
// key), so Supabase's row-level security decides as well as the checks here.
import type { SupabaseClient } from "@supabase/supabase-js";

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
import { requireSessionUser } from "~/backend/request-scope.server";
import {
  orderColumns,
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
import type { RpcCall } from "~/backend/rpc/rpc-call";
import { createStaffShippingPort } from "~/backend/rpc/shipping.server";
import { createStaffPort } from "~/backend/rpc/staff.server";
import { fromPostgrestError, dataOrThrow as run } from "./supabase-errors.server";
import type { SupabaseSession } from "./supabase-session.server";

/** Checks a data call's `userId` before it runs: see requireActingUser below. */
type ActingUserCheck = (userId: string | null) => Promise<void>;

export function createSupabaseDataPorts(client: SupabaseClient, session: SupabaseSession): RequestDataPorts {
  const sessionUserId = async () => (await session.user())?.id ?? null;

  /**
   * Data calls run with the session's access token, so as its user: the user they name must be the one Supabase
   * Auth verified for this session (auth.getUser()), and a visitor's call (userId null) must carry no session.
   */
  async function requireActingUser(userId: string | null): Promise<void> {
    if (userId !== null) {
      await requireSessionUser(requireUserId(userId), sessionUserId);
      return;
    }
    if (await session.current()) {
      throw new BackendError("not_authorized", "You are signed in: place the order as yourself.");
    }
  }

  const rpc = postgrestRpc(client);
  return {
    carts: cartsPort(client, requireActingUser),
    profiles: profilesPort(client, requireActingUser),
    addresses: createAddressesPort(async (userId) => {
      await requireActingUser(userId);
      return rpc;
    }),
    orders: ordersPort(client, requireActingUser),
    wishlist: wishlistPort(client, requireActingUser),
    newsletter: newsletterPort(client),
    staff: createStaffPort(rpc, sessionUserId),
    staffCatalogue: createStaffCataloguePort(rpc),
    staffShipping: createStaffShippingPort(rpc),
    staffCustomers: createStaffCustomersPort(rpc),
    staffDiscounts: createStaffDiscountsPort(rpc),
    staffCatalogueImages: createStaffCatalogueImagesPort(rpc),
    guestOrders: createGuestOrdersPort(rpc),
    staffReturns: createStaffReturnsPort(rpc),
    returns: createReturnsPort(rpc),
  };
}

/** public.<name>(named arguments) through PostgREST, as whoever `client` is (the session's token, or a key). */
export function postgrestRpc(client: SupabaseClient): RpcCall {
  return async (name, args) =>
    run(client.rpc(name, Object.fromEntries(Object.entries(args).map(([argument, [value]]) => [argument, value]))));
}

/** `(a,b)` for PostgREST's `in` filter, each value quoted so commas or parentheses in ids stay literal. */
function postgrestList(values: readonly string[]): string {
  return `(${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")})`;
}

/** Deletes the user's line of the product from a cart or wishlist table; whether there was one. */
async function removeLine(
  client: SupabaseClient,
  table: "cart_items" | "wishlist_items",
  userId: string,
  productId: string,
): Promise<boolean> {
  const removed = (await run(
    client.from(table).delete().eq("user_id", userId).eq("product_id", productId).select("product_id"),
  )) as unknown[] | null;
  return (removed ?? []).length > 0;
}

function cartsPort(client: SupabaseClient, requireActingUser: ActingUserCheck): CartsPort {
  const listCart = async (userId: string) =>
    ((await run(
      client
        .from("cart_items")
        .select("product_id, quantity")
        .eq("user_id", userId)
        .order("created_at")
        .order("product_id"),
    )) ?? []) as CartLineRow[];

  return {
    async list({ userId }) {
      await requireActingUser(userId);
      return (await listCart(userId)).map(toCartLine);
    },

    async add({ userId, productId, quantity }) {
      await requireActingUser(userId);
      const line = (await run(
        client.rpc("add_to_cart", { p_product_id: requireProductId(productId), p_quantity: requireQuantity(quantity) }),
      )) as { product_id: string; quantity: number; capped: boolean };
      return { productId: line.product_id, quantity: line.quantity, capped: line.capped };
    },

    async setQuantity({ userId, productId, quantity }) {
      await requireActingUser(userId);
      const line = cartLineTarget(productId, quantity);
      if (line.quantity === 0) {
        await run(client.from("cart_items").delete().eq("user_id", userId).eq("product_id", productId));
      } else {
        await run(
          client
            .from("cart_items")
            .upsert(
              { user_id: userId, product_id: productId, quantity: line.quantity },
              { onConflict: "user_id,product_id" },
            ),
        );
      }
      return line;
    },

    async remove({ userId, productId }) {
      await requireActingUser(userId);
      return removeLine(client, "cart_items", userId, productId);
    },

    async clear({ userId }) {
      await requireActingUser(userId);
      await run(client.from("cart_items").delete().eq("user_id", userId));
    },

    async merge({ userId, lines }) {
      await requireActingUser(userId);
      const cart = (await run(client.rpc("merge_cart", { p_lines: cartLinesArgument(lines) }))) as CartLineRow[] | null;
      return (cart ?? []).map(toCartLine);
    },

    async removeProductsNotIn({ userId, productIds }) {
      await requireActingUser(userId);
      let query = client.from("cart_items").delete().eq("user_id", userId);
      if (productIds.length > 0) query = query.not("product_id", "in", postgrestList(productIds));
      const removed = (await run(query.select("product_id"))) as { product_id: string }[] | null;
      return (removed ?? []).map((row) => row.product_id);
    },
  };
}

function profilesPort(client: SupabaseClient, requireActingUser: ActingUserCheck): ProfilesPort {
  return {
    async get({ userId }) {
      await requireActingUser(userId);
      const row = (await run(
        client.from("profiles").select(profileColumns).eq("id", userId).maybeSingle(),
      )) as ProfileRow | null;
      return row ? toProfile(row) : null;
    },

    async updateFullName({ userId, fullName }) {
      await requireActingUser(userId);
      const row = (await run(
        client
          .from("profiles")
          .update({ full_name: cleanFullName(fullName) })
          .eq("id", userId)
          .select(profileColumns)
          .maybeSingle(),
      )) as ProfileRow | null;
      if (!row) throw new BackendError("not_found", "Profile not found.");
      return toProfile(row);
    },
  };
}

function ordersPort(client: SupabaseClient, requireActingUser: ActingUserCheck): OrdersPort {
  /** The user's orders, newest first, each with its items in order. */
  const ordersOf = (userId: string, count?: "exact") =>
    client
      .from("orders")
      .select(orderColumns, count ? { count } : undefined)
      .eq("user_id", userId)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .order("line_number", { referencedTable: "order_items" });

  return {
    async place({ userId, items, shippingAddress, shippingMethod, email, idempotencyKey, discount }) {
      await requireActingUser(userId);
      const placed = (await run(
        client.rpc("place_order", {
          p_items: orderItemsArgument(items),
          p_shipping: placeOrderShipping(shippingAddress, shippingMethod, discount),
          p_email: email,
          p_idempotency_key: idempotencyKey,
        }),
      )) as OrderRow | null;
      if (!placed) throw new BackendError("unexpected", "place_order returned nothing.");
      return toOrder(placed);
    },

    async listForUser({ userId }) {
      await requireActingUser(userId);
      const rows = (await run(ordersOf(userId))) as OrderRow[] | null;
      return (rows ?? []).map(toOrder);
    },

    async listPageForUser({ userId, ...window }) {
      await requireActingUser(userId);
      const { limit, offset } = requirePageWindow(window);
      // PostgREST pages with offset/limit and counts with `Prefer: count=exact` (Content-Range: 0-9/1000).
      const { data, error, status, count } = await ordersOf(userId, "exact").range(offset, offset + limit - 1);
      // An offset past the last row is 416 "range not satisfiable" (PGRST103), not an empty page: count alone.
      if (error?.code === "PGRST103") {
        const counted = await client.from("orders").select("id", { count: "exact", head: true }).eq("user_id", userId);
        if (counted.error) throw fromPostgrestError(counted.error, counted.status);
        return { orders: [], totalCount: counted.count ?? 0 };
      }
      if (error) throw fromPostgrestError(error, status);
      const orders = ((data ?? []) as unknown as OrderRow[]).map(toOrder);
      return { orders, totalCount: count ?? offset + orders.length };
    },
  };
}

function wishlistPort(client: SupabaseClient, requireActingUser: ActingUserCheck): WishlistPort {
  return {
    async list({ userId }) {
      await requireActingUser(userId);
      const rows = (await run(
        client
          .from("wishlist_items")
          .select("product_id")
          .eq("user_id", userId)
          .order("created_at", { ascending: false })
          .order("product_id"),
      )) as { product_id: string }[] | null;
      return (rows ?? []).map((row) => row.product_id);
    },

    async add({ userId, productId }) {
      await requireActingUser(userId);
      await run(
        client
          .from("wishlist_items")
          .upsert(
            { user_id: userId, product_id: requireProductId(productId) },
            { onConflict: "user_id,product_id", ignoreDuplicates: true },
          ),
      );
    },

    async remove({ userId, productId }) {
      await requireActingUser(userId);
      return removeLine(client, "wishlist_items", userId, productId);
    },

    async toggle({ userId, productId }) {
      await requireActingUser(userId);
      return (await run(client.rpc("toggle_wishlist_item", { p_product_id: requireProductId(productId) }))) === true;
    },

    async merge({ userId, productIds }) {
      await requireActingUser(userId);
      const list = (await run(client.rpc("merge_wishlist", { p_product_ids: productIdsArgument(productIds) }))) as
        string[] | null;
      return list ?? [];
    },
  };
}

function newsletterPort(client: SupabaseClient): NewsletterPort {
  return {
    async subscribe({ email }) {
      await run(client.rpc("subscribe_to_newsletter", { p_email: email }));
    },
    async confirm({ token }) {
      return (await run(client.rpc("confirm_newsletter_subscription", { p_token: token }))) === true;
    },
    async unsubscribe({ token }) {
      return (await run(client.rpc("unsubscribe_from_newsletter", { p_token: token }))) === true;
    },
  };
}

// Rows as the database returns them (snake_case, through pg, PGlite or PostgREST) into the port's types.

import type { AuthUser, Order, OrderStatus, Profile, ShippingAddress, ShippingMethodId, StoredCartLine } from "./port";

export interface CartLineRow {
  product_id: string;
  quantity: number;
}

export interface ProfileRow {
  id: string;
  email: string | null;
  full_name: string | null;
  avatar_url: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

export interface OrderItemRow {
  id: string;
  product_id: string;
  quantity: number;
  price_per_item: number;
}

export interface OrderRow {
  id: string;
  user_id: string | null;
  status: string;
  total_amount: number;
  /** Absent from the payloads of confirmation e-mails written before orders had shipping. */
  shipping_method?: string;
  shipping_amount?: number;
  currency: string;
  email: string;
  shipping_address: ShippingAddress;
  created_at: string | Date;
  order_items: OrderItemRow[];
}

/** Columns and embedded lines selected for an order, in PostgREST's select syntax. */
export const orderColumns =
  "id, user_id, status, total_amount, shipping_method, shipping_amount, currency, email, shipping_address, created_at, order_items (id, product_id, quantity, price_per_item, line_number)";

/**
 * place_order's p_shipping: the address and, beside it, the method (the function keeps its signature; the database
 * stores the address fields and the method apart).
 */
export function placeOrderShipping(address: ShippingAddress, method: ShippingMethodId): ShippingAddress & { method: ShippingMethodId } {
  return { ...address, method };
}

export function toIsoString(value: string | Date): string {
  return new Date(value).toISOString();
}

export function toCartLine(row: CartLineRow): StoredCartLine {
  return { productId: row.product_id, quantity: Number(row.quantity) };
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as OrderStatus,
    totalAmount: Number(row.total_amount),
    // Orders from before shipping was charged went by Standard, free.
    shippingMethod: (row.shipping_method ?? "standard") as ShippingMethodId,
    shippingAmount: Number(row.shipping_amount ?? 0),
    currency: row.currency,
    email: row.email,
    shippingAddress: row.shipping_address,
    createdAt: toIsoString(row.created_at),
    items: row.order_items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      quantity: Number(item.quantity),
      pricePerItem: Number(item.price_per_item),
    })),
  };
}

/** Supabase's user_metadata and our raw_user_meta_data carry the same keys. */
export function toAuthUser(user: {
  id: string;
  email?: string | null;
  created_at: string | Date;
  metadata: Record<string, unknown> | null | undefined;
}): AuthUser {
  const metadata = user.metadata ?? {};
  const text = (key: string) => (typeof metadata[key] === "string" && metadata[key] !== "" ? (metadata[key] as string) : null);
  return {
    id: user.id,
    email: user.email ?? "",
    fullName: text("full_name") ?? text("name"),
    avatarUrl: text("avatar_url") ?? text("picture"),
    createdAt: toIsoString(user.created_at),
  };
}

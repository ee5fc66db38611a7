// Rows as the database returns them (snake_case, through pg, PGlite or PostgREST) into the port's types.

import type { AuthUser } from "~/backend/ports/auth";
import type { StoredCartLine } from "~/backend/ports/carts";
import type { BrowserOrder, GuestOrder } from "~/backend/ports/guest-orders";
import type { OrderPayment, PaymentProviderName } from "~/backend/ports/order-payment";
import type { Order, OrderStatus, OrderStatusChange, ShippingAddress, ShippingMethodId } from "~/backend/ports/orders";
import type { PaymentOrder } from "~/backend/ports/payments";
import type { Profile } from "~/backend/ports/profiles";
import type { NewsletterSubscriber } from "~/backend/ports/staff";
import type { ImageAsset } from "~/content/images";
import type { Interner } from "~/modules/catalog/interner";
import { paidAmountOf, toOrderDiscount, type OrderDiscountColumns } from "./discount-rows.server";

/** A catalogue image as the database keeps it (product_images, or an order line's kept cover). */
export interface ImageRow {
  id: string;
  alt: string;
  width: number;
  height: number;
  widths: number[];
  source: "shipped" | "upload";
}

/**
 * An image row (or an order line's kept cover) as the storefront's image components take it; `intern` shares its
 * widths with every other image's while the catalogue is read.
 */
export function toImageAsset(row: ImageRow, intern?: Interner): ImageAsset {
  const widths = row.widths.map(Number);
  return {
    id: row.id,
    alt: row.alt,
    width: Number(row.width),
    height: Number(row.height),
    widths: intern ? intern.list(widths) : widths,
    ...(row.source === "upload" ? { uploaded: true } : {}),
  };
}

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
  variant_id: string;
  quantity: number;
  price_per_item: number;
  product_name: string;
  variant_label: string | null;
  sku: string | null;
  image: ImageRow | null;
  // Absent from payloads written before discount codes (an e-mail queued then): the list total.
  paid_amount?: number | null;
}

export interface OrderEventRow {
  created_at: string | Date;
  from_status: string | null;
  to_status: string | null;
}

export interface OrderRow extends OrderDiscountColumns {
  id: string;
  user_id: string | null;
  status: string;
  total_amount: number;
  currency: string;
  email: string;
  shipping_address: ShippingAddress;
  created_at: string | Date;
  order_items: OrderItemRow[];
  refunded_amount?: number | null;
  // Absent from rows written before shipping and the back office (an older place_order's answer, an e-mail's payload).
  shipping_method?: string | null;
  shipping_amount?: number | null;
  carrier?: string | null;
  tracking_number?: string | null;
  order_events?: OrderEventRow[] | null;
}

/** A profile's columns, in SQL and PostgREST's select syntax alike. */
export const profileColumns = "id, email, full_name, avatar_url, created_at, updated_at";

/** Columns and embedded lines selected for an order, in PostgREST's select syntax. */
export const orderColumns =
  "id, user_id, status, total_amount, refunded_amount, shipping_method, shipping_amount, currency, email, shipping_address, created_at, carrier, tracking_number, " +
  "discount_code_id, discount_code, discount_amount, discount_on_shipping, " +
  "order_items (id, product_id, variant_id, quantity, price_per_item, product_name, variant_label, sku, image, paid_amount, line_number), order_events (created_at, from_status, to_status, id)";

/**
 * place_order's p_shipping: the address and, beside it, the method (the function keeps its signature; the database
 * stores the address fields and the method apart).
 */
export function placeOrderShipping(
  address: ShippingAddress,
  method: ShippingMethodId,
): ShippingAddress & { method: ShippingMethodId } {
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

/** The status changes among an order's timeline rows (entries that changed no status are left out). */
function toStatusHistory(rows: readonly OrderEventRow[] | null | undefined): OrderStatusChange[] {
  return (rows ?? []).flatMap((row) =>
    row.to_status === null
      ? []
      : [
          {
            at: toIsoString(row.created_at),
            fromStatus: row.from_status as OrderStatus | null,
            toStatus: row.to_status as OrderStatus,
          },
        ],
  );
}

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as OrderStatus,
    totalAmount: Number(row.total_amount),
    refundedAmount: Number(row.refunded_amount ?? 0),
    // Orders from before shipping was charged went by Standard, free.
    shippingMethod: (row.shipping_method ?? "standard") as ShippingMethodId,
    shippingAmount: Number(row.shipping_amount ?? 0),
    carrier: row.carrier ?? null,
    trackingNumber: row.tracking_number ?? null,
    statusHistory: toStatusHistory(row.order_events),
    currency: row.currency,
    email: row.email,
    shippingAddress: row.shipping_address,
    createdAt: toIsoString(row.created_at),
    items: row.order_items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      variantId: item.variant_id,
      quantity: Number(item.quantity),
      pricePerItem: Number(item.price_per_item),
      productName: item.product_name,
      variantLabel: item.variant_label ?? null,
      sku: item.sku ?? null,
      image: item.image ? toImageAsset(item.image) : null,
      paidAmount: paidAmountOf(item),
    })),
    discount: toOrderDiscount(row),
  };
}

/** An order's payment columns, as public.payment_order and public.staff_order_payment answer them. */
export interface OrderPaymentRow {
  payment_provider: string | null;
  payment_session_id: string | null;
  payment_reference: string | null;
}

export function toOrderPayment(row: OrderPaymentRow): OrderPayment {
  return {
    provider: row.payment_provider as PaymentProviderName | null,
    sessionId: row.payment_session_id,
    reference: row.payment_reference,
  };
}

/** public.payment_order's JSON: the order (public.order_json) with its payment columns. */
export type PaymentOrderRow = OrderRow & OrderPaymentRow;

export function toPaymentOrder(row: PaymentOrderRow): PaymentOrder {
  return { ...toOrder(row), payment: toOrderPayment(row) };
}

export interface SubscriberRow {
  id: string;
  email: string;
  confirmed_at: string;
}

export function toSubscriber(row: SubscriberRow): NewsletterSubscriber {
  return { id: row.id, email: row.email, confirmedAt: toIsoString(row.confirmed_at) };
}

export type GuestOrderRow = Pick<
  OrderRow,
  | "id"
  | "status"
  | "total_amount"
  | "refunded_amount"
  | "shipping_method"
  | "shipping_amount"
  | "discount_code_id"
  | "discount_code"
  | "discount_amount"
  | "discount_on_shipping"
  | "currency"
  | "created_at"
  | "carrier"
  | "tracking_number"
  | "order_items"
  | "order_events"
>;

export type BrowserOrderRow = GuestOrderRow & Pick<OrderRow, "shipping_address">;

export function toBrowserOrder(row: BrowserOrderRow): BrowserOrder {
  return { ...toGuestOrder(row), shippingAddress: toOrder({ ...row, user_id: null, email: "" }).shippingAddress };
}

export function toGuestOrder(row: GuestOrderRow): GuestOrder {
  const {
    id,
    status,
    totalAmount,
    refundedAmount,
    shippingMethod,
    shippingAmount,
    currency,
    createdAt,
    carrier,
    trackingNumber,
    items,
    statusHistory,
    discount,
  } = toOrder({ ...row, user_id: null, email: "", shipping_address: {} as ShippingAddress });
  return {
    id,
    status,
    totalAmount,
    refundedAmount,
    shippingMethod,
    shippingAmount,
    discount,
    currency,
    createdAt,
    carrier,
    trackingNumber,
    items,
    statusHistory,
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
  const text = (key: string) =>
    typeof metadata[key] === "string" && metadata[key] !== "" ? (metadata[key] as string) : null;
  return {
    id: user.id,
    email: user.email ?? "",
    fullName: text("full_name") ?? text("name"),
    avatarUrl: text("avatar_url") ?? text("picture"),
    createdAt: toIsoString(user.created_at),
  };
}

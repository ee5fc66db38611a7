// Rows as the database returns them (snake_case, through pg, PGlite or PostgREST) into the port's types.

import type { AuthUser } from "~/backend/ports/auth";
import type { StoredCartLine } from "~/backend/ports/carts";
import type { BrowserOrder, GuestOrder } from "~/backend/ports/guest-orders";
import type { OrderPayment, PaymentProviderName } from "~/backend/ports/order-payment";
import type { Order, OrderStatus, OrderStatusChange, ShippingAddress, ShippingMethodId } from "~/backend/ports/orders";
import type { PaymentOrder } from "~/backend/ports/payments";
import type { Profile } from "~/backend/ports/profiles";
import type {
  NewsletterSubscriber,
  StaffOrder,
  StaffOrderExport,
  StaffOrderSummary,
  StaffOverview,
  TimelineEntry,
} from "~/backend/ports/staff";
import type { ImageAsset } from "~/content/images";
import { paidAmountOf, toOrderDiscount } from "./discount-rows.server";

/** A catalogue image as the database keeps it (product_images, or an order line's kept cover). */
export interface ImageRow {
  id: string;
  alt: string;
  width: number;
  height: number;
  widths: number[];
  source: "shipped" | "upload";
}

/** An image row (or an order line's kept cover) as the storefront's image components take it. */
export function toImageAsset(row: ImageRow): ImageAsset {
  return {
    id: row.id,
    alt: row.alt,
    width: Number(row.width),
    height: Number(row.height),
    widths: row.widths.map(Number),
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

export interface OrderRow {
  id: string;
  user_id: string | null;
  status: string;
  total_amount: number;
  currency: string;
  email: string;
  shipping_address: ShippingAddress;
  created_at: string | Date;
  order_items: OrderItemRow[];
  // Absent from rows written before shipping and the back office (an older place_order's answer, an e-mail's payload).
  shipping_method?: string | null;
  shipping_amount?: number | null;
  carrier?: string | null;
  tracking_number?: string | null;
  order_events?: OrderEventRow[] | null;
  discount_code_id?: string | null;
  discount_code?: string | null;
  discount_amount?: number | null;
  discount_on_shipping?: number | null;
}

/** A profile's columns, in SQL and PostgREST's select syntax alike. */
export const profileColumns = "id, email, full_name, avatar_url, created_at, updated_at";

/** Columns and embedded lines selected for an order, in PostgREST's select syntax. */
export const orderColumns =
  "id, user_id, status, total_amount, shipping_method, shipping_amount, currency, email, shipping_address, created_at, carrier, tracking_number, " +
  "discount_code_id, discount_code, discount_amount, discount_on_shipping, " +
  "order_items (id, product_id, variant_id, quantity, price_per_item, product_name, variant_label, sku, image, paid_amount, line_number), order_events (created_at, from_status, to_status, id)";

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

// ---------------------------------------------------------------------------------------------------
// The back office's rows (the staff_* functions answer JSON in these shapes).

export interface StaffOrderSummaryRow {
  id: string;
  user_id: string | null;
  status: string;
  total_amount: number;
  shipping_method: string | null;
  shipping_amount: number | null;
  currency: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
  carrier: string | null;
  tracking_number: string | null;
  item_count: number;
}

export function toStaffOrderSummary(row: StaffOrderSummaryRow): StaffOrderSummary {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status as OrderStatus,
    totalAmount: Number(row.total_amount),
    shippingMethod: row.shipping_method ?? "standard",
    shippingAmount: Number(row.shipping_amount ?? 0),
    currency: row.currency,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    createdAt: toIsoString(row.created_at),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    itemCount: Number(row.item_count),
  };
}

export interface StaffOrderExportRow extends StaffOrderSummaryRow {
  shipping_address: ShippingAddress;
  discount_code?: string | null;
  discount_amount?: number | null;
  lines: {
    sku: string | null;
    product_name: string;
    variant_label: string | null;
    quantity: number;
    price_per_item: number;
    paid_amount?: number | null;
  }[];
}

export function toStaffOrderExport(row: StaffOrderExportRow): StaffOrderExport {
  return {
    ...toStaffOrderSummary(row),
    shippingAddress: row.shipping_address,
    discount: row.discount_code ? { code: row.discount_code, amountCents: Number(row.discount_amount ?? 0) } : null,
    lines: row.lines.map((line) => ({
      sku: line.sku,
      productName: line.product_name,
      variantLabel: line.variant_label,
      quantity: Number(line.quantity),
      pricePerItem: Number(line.price_per_item),
      paidAmount: paidAmountOf(line),
    })),
  };
}

export interface StaffOrderRow extends OrderRow {
  internal_note: string | null;
  guest_link_active: boolean;
  timeline: {
    created_at: string;
    actor_label: string;
    actor_email: string | null;
    from_status: string | null;
    to_status: string | null;
    note: string | null;
    details: Record<string, unknown> | null;
  }[];
}

export function toStaffOrder(row: StaffOrderRow): StaffOrder {
  return {
    ...toOrder(row),
    internalNote: row.internal_note,
    guestLinkActive: row.guest_link_active,
    timeline: row.timeline.map((entry): TimelineEntry => ({
      at: toIsoString(entry.created_at),
      actorLabel: entry.actor_label,
      actorEmail: entry.actor_email,
      fromStatus: entry.from_status as OrderStatus | null,
      toStatus: entry.to_status as OrderStatus | null,
      note: entry.note,
      details: entry.details ?? {},
    })),
  };
}

export interface StaffOverviewRow {
  waiting: { pending: number; paid: number };
  days: { day: string; count: number; revenue: number | string }[];
  newest: StaffOrderSummaryRow[];
}

export function toStaffOverview(row: StaffOverviewRow): StaffOverview {
  return {
    waiting: { pending: Number(row.waiting.pending), paid: Number(row.waiting.paid) },
    days: row.days.map((day) => ({ day: day.day, count: Number(day.count), revenue: Number(day.revenue) })),
    newest: row.newest.map(toStaffOrderSummary),
  };
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

// The back office's rows (the staff_* functions answer JSON in these shapes) into the staff port's types.

import type { OrderStatus, ShippingAddress } from "~/backend/ports/orders";
import type {
  StaffOrder,
  StaffOrderExport,
  StaffOrderSummary,
  StaffOverview,
  TimelineEntry,
} from "~/backend/ports/staff";
import { paidAmountOf } from "./discount-rows.server";
import { toIsoString, toOrder, type OrderRow } from "./rows.server";

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
  refunded_amount?: number | null;
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
    refundedAmount: Number(row.refunded_amount ?? 0),
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

// The discount columns of an order's rows (issue 41): rows.server.ts maps the rest of the row.
import type { OrderDiscount } from "~/backend/ports/orders";

/** An order row's discount columns (absent from rows written before discount codes). */
export interface OrderDiscountColumns {
  discount_code_id?: string | null;
  discount_code?: string | null;
  discount_amount?: number | null;
  discount_on_shipping?: number | null;
}

/** What was paid for a line after the discount; a line stored before discount codes paid its list total. */
export function paidAmountOf(line: { price_per_item: number; quantity: number; paid_amount?: number | null }): number {
  return line.paid_amount == null ? Number(line.price_per_item) * Number(line.quantity) : Number(line.paid_amount);
}

/** An order's discount columns as the port's OrderDiscount (null: no code). */
export function toOrderDiscount(row: OrderDiscountColumns): OrderDiscount | null {
  if (!row.discount_code) return null;
  return {
    code: row.discount_code,
    codeId: row.discount_code_id ?? null,
    amountCents: Number(row.discount_amount ?? 0),
    onShippingCents: Number(row.discount_on_shipping ?? 0),
  };
}

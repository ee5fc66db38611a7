import type { CheckoutTotals } from "~/modules/checkout/shipping";

/** What the checkout's summary needs of the applied code: what it takes off the items, and whether shipping goes. */
export interface SummaryDiscount {
  code: string;
  itemsCents: number;
  freeShipping: boolean;
}

export interface DiscountedTotals extends CheckoutTotals {
  /** The discount line: the items' part, and the shipping for a free-shipping code. */
  discountCents: number;
}

/**
 * The checkout's totals with the code applied, for the method chosen (with JavaScript the page recomputes them as the
 * shopper picks a method): the same figures place_order charges (app/modules/discounts/rules.ts).
 */
export function discountedTotals(totals: CheckoutTotals, discount: SummaryDiscount | null): DiscountedTotals {
  if (!discount) return { ...totals, discountCents: 0 };
  const discountCents =
    Math.min(discount.itemsCents, totals.subtotalCents) + (discount.freeShipping ? totals.shippingCents : 0);
  return { ...totals, discountCents, totalCents: totals.subtotalCents + totals.shippingCents - discountCents };
}

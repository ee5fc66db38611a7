import { describe, expect, test } from "vitest";

import { discountedTotals } from "./totals";

const totals = { subtotalCents: 12_000, shippingCents: 999, taxCents: 0, totalCents: 12_999 } as const;

describe("discountedTotals", () => {
  test("no code: the totals as they were", () => {
    expect(discountedTotals(totals, null)).toEqual({ ...totals, discountCents: 0 });
  });

  test("a code off the items, then one off the shipping line only", () => {
    expect(discountedTotals(totals, { code: "SAVE", itemsCents: 1_800, freeShipping: false })).toMatchObject({
      discountCents: 1_800,
      totalCents: 11_199,
    });
    expect(discountedTotals(totals, { code: "SHIP", itemsCents: 0, freeShipping: true })).toMatchObject({
      shippingCents: 999,
      discountCents: 999,
      totalCents: 12_000,
    });
  });
});

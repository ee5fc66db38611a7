import { describe, expect, test } from "vitest";

import { linePaid, lineRefundable, refundSummary } from "./refunds";

describe("a line's refundable amount", () => {
  test("is what was paid for it: a discount's per-line amount where stored, else price x quantity", () => {
    expect(linePaid({ pricePerItem: 2_500, quantity: 3 })).toBe(7_500);
    expect(linePaid({ pricePerItem: 2_500, quantity: 3, paidAmount: 6_001 })).toBe(6_001);
  });

  test("units are refunded at their share, the last ones take what rounding left", () => {
    const item = { pricePerItem: 2_500, quantity: 3, paidAmount: 6_001 };
    expect(lineRefundable(item, 1)).toBe(2_000);
    expect(lineRefundable(item, 2, 1)).toBe(4_001);
    expect(lineRefundable(item, 1) + lineRefundable(item, 1, 1) + lineRefundable(item, 1, 2)).toBe(6_001);
  });
});

describe("refundSummary", () => {
  test("says Refunded for all of it, Partly refunded for some, nothing for none", () => {
    expect(refundSummary({ refundedAmount: 0, totalAmount: 5_000, currency: "usd" })).toBeNull();
    expect(refundSummary({ refundedAmount: 1_200, totalAmount: 5_000, currency: "usd" })).toBe(
      "Partly refunded $12.00",
    );
    expect(refundSummary({ refundedAmount: 5_000, totalAmount: 5_000, currency: "usd" })).toBe("Refunded $50.00");
  });
});

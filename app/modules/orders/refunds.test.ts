import { describe, expect, test } from "vitest";

import { lineRefundable, refundSummary, shippingPaid } from "./refunds";

describe("a line's refundable amount", () => {
  test("units are refunded at their share of what was paid after the discount, the last ones take what rounding left", () => {
    const item = { quantity: 3, paidAmount: 6_001 };
    expect(lineRefundable(item, 1)).toBe(2_000);
    expect(lineRefundable(item, 2, 1)).toBe(4_001);
    expect(lineRefundable(item, 1) + lineRefundable(item, 1, 1) + lineRefundable(item, 1, 2)).toBe(6_001);
  });
});

describe("the shipping's refundable amount", () => {
  test("is its rate less what a free-shipping code took off it", () => {
    expect(shippingPaid({ shippingAmount: 995, discount: null })).toBe(995);
    const freeShipping = { code: "SHIPFREE", codeId: null, amountCents: 995, onShippingCents: 995 };
    expect(shippingPaid({ shippingAmount: 995, discount: freeShipping })).toBe(0);
    const percentOff = { code: "TEN", codeId: null, amountCents: 1_500, onShippingCents: 0 };
    expect(shippingPaid({ shippingAmount: 995, discount: percentOff })).toBe(995);
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

import { describe, expect, test } from "vitest";

import { discountLineOf, itemsSubtotalCents } from "./order-discount";

describe("an order's discount line", () => {
  test("the code and what it took off, after the items at their list prices", () => {
    expect(
      itemsSubtotalCents([
        { pricePerItem: 1_999, quantity: 2 },
        { pricePerItem: 500, quantity: 1 },
      ]),
    ).toBe(4_498);
    expect(discountLineOf({ code: "SAVE15", codeId: null, amountCents: 675, onShippingCents: 0 })).toEqual({
      code: "SAVE15",
      amount: "−$6.75",
    });
    expect(discountLineOf(null)).toBeNull();
  });
});

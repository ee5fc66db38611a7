import { describe, expect, it } from "vitest";

import { cartBadgeLabel } from "~/modules/cart/badge";

describe("cartBadgeLabel", () => {
  it.each([
    [0, null],
    [-1, null],
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [5000, "99+"],
  ])("labels %s items as %s", (count, label) => {
    expect(cartBadgeLabel(count)).toBe(label);
  });
});

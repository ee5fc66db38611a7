import { describe, expect, it } from "vitest";

import { formatCents, formatUsd, toCents } from "~/modules/money";

describe("money", () => {
  it("shows dollars with two decimals and grouping", () => {
    expect(formatUsd(299)).toBe("$299.00");
    expect(formatUsd(1234.5)).toBe("$1,234.50");
  });

  it("shows cents in the order's currency", () => {
    expect(formatCents(29900)).toBe("$299.00");
    expect(formatCents(1999, "eur")).toBe("€19.99");
  });

  it("converts dollars to whole cents without drift", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});

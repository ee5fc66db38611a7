import { describe, expect, it } from "vitest";

import { cancelEffect } from "./refund-rows";

describe("cancelEffect", () => {
  const card = { provider: "stripe" as const, sessionId: "cs_test_1", reference: null };

  it("says a paid card order is refunded in full, and a payable one's page is closed first", () => {
    expect(cancelEffect("paid", { ...card, reference: "pi_test_1" }, "$10.00")).toBe(
      "Cancelling refunds the card payment of $10.00 in full through Stripe.",
    );
    expect(cancelEffect("pending", card, "$10.00")).toMatch(/closes the order's Stripe payment page/);
    // Marked paid by hand: its page is closed, nothing refunded.
    expect(cancelEffect("paid", card, "$10.00")).toMatch(/closes the order's Stripe payment page/);
  });

  it("says nothing of a manual order, or of one that can no longer be cancelled", () => {
    expect(cancelEffect("paid", { provider: null, sessionId: null, reference: null }, "$10.00")).toBeNull();
    expect(cancelEffect("shipped", { ...card, reference: "pi_test_1" }, "$10.00")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";

import { paymentAlertText } from "./payment-alerts";

describe("paymentAlertText", () => {
  it("says a payment after cancellation is being refunded, with its amount", () => {
    const text = paymentAlertText({ kind: "paid_after_cancel", amount: 30899 }, "1a2b3c4d", "usd");
    expect(text.subject).toBe("Order #1a2b3c4d was paid after it was cancelled: refunded automatically");
    expect(text.paragraph).toMatch(/^A card payment of \$308\.99 arrived for order #1a2b3c4d after it was cancelled/);
  });

  it("names a dispute's amount and reason, and a closed one's outcome", () => {
    expect(
      paymentAlertText({ kind: "dispute_created", amount: 1500, reason: "product_not_received" }, "ab", "usd"),
    ).toMatchObject({
      subject: "Dispute opened on order #ab: $15.00",
      paragraph: expect.stringContaining("(reason: product not received)"),
    });
    expect(paymentAlertText({ kind: "dispute_closed", amount: 1500, status: "won" }, "ab", "usd").subject).toBe(
      "Dispute closed on order #ab: won",
    );
  });
});

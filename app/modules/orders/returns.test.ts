import { describe, expect, it } from "vitest";

import type { OrderReturns, ReturnRequest } from "~/backend/ports/returns";
import { returnRefusal, returnRequestView, unitsAsked } from "./returns";

const request = (state: ReturnRequest["state"], quantity: number): ReturnRequest => ({
  id: `r-${state}`,
  orderId: "o",
  kind: "exchange",
  state,
  reason: "Shade",
  requestedBy: "guest",
  staffNote: state === "declined" ? "Worn" : null,
  trackingNumber: null,
  hasLabel: false,
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
  refundAmount: null,
  exchangeOrder: null,
  lines: [
    {
      itemId: "i1",
      quantity,
      productName: "Wefts",
      variantLabel: "Black",
      sku: null,
      exchangeVariantId: "b",
      exchangeLabel: "Brown",
      restocked: null,
    },
  ],
});

const order = (requests: ReturnRequest[], deliveredAt: string | null = "2026-12-01T00:00:00.000Z"): OrderReturns => ({
  orderId: "o",
  status: deliveredAt ? "delivered" : "shipped",
  currency: "usd",
  deliveredAt,
  items: [
    {
      id: "i1",
      productId: "p",
      variantId: "a",
      productName: "Wefts",
      variantLabel: "Black",
      quantity: 2,
      exchangeOptions: [],
    },
  ],
  requests,
});

describe("returns as the shopper sees them", () => {
  it("counts the units of requests not declined", () => {
    expect(unitsAsked([request("requested", 1), request("declined", 1), request("refunded", 1)]).get("i1")).toBe(2);
  });

  it("opens once delivered, for 30 days, while units are left", () => {
    const now = new Date("2026-12-10T00:00:00.000Z");
    expect(returnRefusal(order([], null), now)).toMatch(/once the order is delivered/);
    expect(returnRefusal(order([]), now)).toBeNull();
    expect(returnRefusal(order([]), new Date("2027-01-01T00:00:00.000Z"))).toMatch(
      /within 30 days of delivery: for this order that ended on December 31, 2026/,
    );
    expect(returnRefusal(order([request("requested", 2)]), now)).toMatch(/already in a return or exchange request/);
  });

  it("says the state, the lines and staff's word", () => {
    expect(returnRequestView(request("declined", 1), "usd")).toMatchObject({
      title: "Exchange",
      stateLabel: "Declined",
      tone: "red",
      said: "Declined. Worn",
      lines: ["1 × Wefts (Black), for Brown"],
    });
  });
});

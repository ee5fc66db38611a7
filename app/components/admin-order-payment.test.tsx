// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { StaffRefund } from "~/backend/ports/refunds";
import { AdminOrderPayment } from "~/components/admin-order-payment";
import { refundRows } from "~/modules/payment/refund-rows";

const refund = (overrides: Partial<StaffRefund>): StaffRefund => ({
  id: crypto.randomUUID(),
  amount: 30899,
  currency: "usd",
  reason: "Out of stock",
  state: "pending",
  provider: "stripe",
  lines: [],
  shippingAmount: 0,
  providerRefundId: null,
  requestedByLabel: "staff",
  requestedByEmail: "owner@example.com",
  requestedAt: "2026-12-01T15:04:00.000Z",
  completedAt: null,
  attempts: 0,
  lastError: null,
  ...overrides,
});

function renderRefunds(refunds: StaffRefund[]) {
  const container = document.createElement("div");
  container.innerHTML = renderToStaticMarkup(
    <AdminOrderPayment
      payment={{ method: "Card (Stripe Checkout)", reference: "pi_test_1", dashboardUrl: null }}
      refunds={refundRows(refunds, "America/New_York")}
    />,
  );
  return [...container.querySelectorAll("[data-testid=refunds] > li")].map((item) =>
    [...item.querySelectorAll("p")].map((line) => line.textContent),
  );
}

describe("the order page's refunds", () => {
  it("lists every refund: amount, state, when, by whom, why, Stripe's id, and why Stripe has not made it yet", () => {
    expect(
      renderRefunds([
        refund({ state: "succeeded", providerRefundId: "re_test_1", completedAt: "2026-12-01T15:05:00.000Z" }),
        refund({
          amount: 1000,
          requestedByLabel: "stripe",
          requestedByEmail: null,
          state: "succeeded",
          providerRefundId: "re_test_2",
          reason: "Refunded in the Stripe dashboard",
        }),
        refund({
          requestedByLabel: "system",
          requestedByEmail: null,
          attempts: 2,
          lastError: "Stripe: refunding a payment failed",
        }),
        refund({ state: "failed", lastError: "Charge has already been refunded." }),
      ]),
    ).toEqual([
      ["$308.99Done", "Dec 1, 2026, 10:04 AM · owner@example.com", "Out of stock", "Stripe refund: re_test_1"],
      [
        "$10.00Done",
        "Dec 1, 2026, 10:04 AM · Stripe dashboard",
        "Refunded in the Stripe dashboard",
        "Stripe refund: re_test_2",
      ],
      [
        "$308.99Pending: being sent to Stripe",
        "Dec 1, 2026, 10:04 AM · The shop (automatic)",
        "Out of stock",
        "Stripe: refunding a payment failed",
      ],
      [
        "$308.99Failed",
        "Dec 1, 2026, 10:04 AM · owner@example.com",
        "Out of stock",
        "Charge has already been refunded.",
      ],
    ]);
  });

  it("shows no refunds list for an order without refunds", () => {
    expect(renderRefunds([])).toEqual([]);
  });
});

import { describe, expect, test } from "vitest";

import type { PaymentOrder } from "~/backend/ports/payments";
import { checkoutSessionKey, checkoutSessionParams } from "./checkout-session.server";

const order: PaymentOrder = {
  id: "0b6f3c4e-1f2a-4b5c-8d9e-0123456789ab",
  userId: null,
  status: "pending",
  totalAmount: 2 * 29_900 + 1_999,
  refundedAmount: 0,
  currency: "usd",
  email: "ada@example.com",
  shippingAddress: {
    firstName: "Ada",
    lastName: "Lovelace",
    phone: "3105550142",
    address: "1 Rodeo Drive",
    city: "Beverly Hills",
    state: "CA",
    zipCode: "90210",
    country: "United States",
  },
  createdAt: "2026-11-27T10:00:00.000Z",
  items: [
    {
      id: "i1",
      productId: "clip-1",
      variantId: "clip-1",
      quantity: 2,
      pricePerItem: 29_900,
      productName: "Silky Straight Clip-In Extensions",
      variantLabel: null,
      sku: "LS-CLIP-1",
      image: null,
      paidAmount: 2 * 29_900,
    },
  ],
  discount: null,
  shippingMethod: "express",
  shippingAmount: 1_999,
  carrier: null,
  trackingNumber: null,
  statusHistory: [],
  payment: { provider: null, sessionId: null, reference: null },
};

describe("checkoutSessionParams", () => {
  test("charges the stored lines and shipping, names the order, and comes back to the shop", () => {
    const params = checkoutSessionParams(order, "https://shop.example.com");
    expect(params).toMatchObject({
      mode: "payment",
      customer_email: "ada@example.com",
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      success_url: "https://shop.example.com/order-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://shop.example.com/checkout/payment-cancelled",
    });
    expect(params.line_items).toEqual([
      {
        quantity: 2,
        price_data: {
          currency: "usd",
          unit_amount: 29_900,
          product_data: { name: "Silky Straight Clip-In Extensions" },
        },
      },
    ]);
    expect(params.shipping_options).toEqual([
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: "Express shipping",
          fixed_amount: { amount: 1_999, currency: "usd" },
        },
      },
    ]);
    const lines = params.line_items!.reduce((sum, line) => sum + line.price_data!.unit_amount! * line.quantity!, 0);
    expect(lines + order.shippingAmount).toBe(order.totalAmount);
  });

  test("names each line as the order kept it: the variant chosen, and the name even after the product changed", () => {
    const line = {
      ...order.items[0]!,
      id: "i2",
      productId: "wavy",
      variantId: "wavy-22",
      productName: "Wavy Clip-In",
      variantLabel: "22 inch / Black",
      pricePerItem: 500,
      quantity: 1,
    };
    const params = checkoutSessionParams({ ...order, items: [line] }, "https://shop.example.com");
    expect(params.line_items?.[0]?.price_data?.product_data?.name).toBe("Wavy Clip-In (22 inch / Black)");
  });
});

describe("checkoutSessionParams with a discount code (issue 41)", () => {
  test("charges each line's paid amount (a cent more for some units where it does not divide) and the shipping left", () => {
    // 3 units of $33.33 ($99.99), $14.99 off: $85.00 paid, which 3 does not divide.
    const discounted: PaymentOrder = {
      ...order,
      items: [{ ...order.items[0]!, quantity: 3, pricePerItem: 3_333, paidAmount: 8_500 }],
      shippingAmount: 999,
      discount: { code: "SAVE15", codeId: null, amountCents: 1_499, onShippingCents: 0 },
      totalAmount: 8_500 + 999,
    };
    const params = checkoutSessionParams(discounted, "https://shop.example.com");
    expect(params.line_items).toEqual([
      expect.objectContaining({ quantity: 2, price_data: expect.objectContaining({ unit_amount: 2_833 }) }),
      expect.objectContaining({ quantity: 1, price_data: expect.objectContaining({ unit_amount: 2_834 }) }),
    ]);
    expect(params.line_items?.[0]?.price_data?.product_data?.description).toBe("With SAVE15: $14.99 off");
    const lines = params.line_items!.reduce((sum, line) => sum + line.price_data!.unit_amount! * line.quantity!, 0);
    const shipping = params.shipping_options?.[0]?.shipping_rate_data?.fixed_amount?.amount ?? -1;
    expect(lines + shipping).toBe(discounted.totalAmount);

    // Free shipping: the items at their price, the shipping line at nothing.
    const freeShipping = checkoutSessionParams(
      {
        ...order,
        discount: { code: "SHIPFREE", codeId: null, amountCents: 1_999, onShippingCents: 1_999 },
        totalAmount: 2 * 29_900,
      },
      "https://shop.example.com",
    );
    expect(freeShipping.shipping_options?.[0]?.shipping_rate_data).toMatchObject({
      display_name: "Express shipping (free with SHIPFREE)",
      fixed_amount: { amount: 0 },
    });
    expect(freeShipping.line_items?.[0]?.price_data?.product_data).toEqual({
      name: "Silky Straight Clip-In Extensions",
    });
  });
});

describe("checkoutSessionKey", () => {
  test("one key per order while its session stands, a new one after it", () => {
    expect(checkoutSessionKey(order)).toBe(`checkout-session-${order.id}`);
    expect(checkoutSessionKey({ ...order, totalAmount: 1 })).toBe(checkoutSessionKey(order));
    const after = checkoutSessionKey({
      ...order,
      payment: { ...order.payment, provider: "stripe", sessionId: "cs_test_1" },
    });
    expect(after).not.toBe(checkoutSessionKey(order));
    expect(after).toContain(order.id);
  });
});

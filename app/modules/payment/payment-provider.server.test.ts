import { describe, expect, test } from "vitest";

import { createPaymentProvider, describePayment, paymentFormActionOrigins } from "./payment-provider.server";

const stripe = {
  STRIPE_SECRET_KEY: "sk_test_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_def",
  PAYMENT_INSTRUCTIONS: "Pay on collection",
};

describe("the payment provider", () => {
  test("manual unless a Stripe key and webhook secret are set; named in one start-up line", () => {
    const manual = createPaymentProvider({ PAYMENT_INSTRUCTIONS: "Pay on collection" });
    expect(manual).toEqual({ kind: "manual", instructions: "Pay on collection" });
    expect(describePayment(manual)).toMatch(
      /^Payment: manual \(orders wait as pending with PAYMENT_INSTRUCTIONS; staff mark them paid\)/,
    );
    expect(paymentFormActionOrigins(manual)).toEqual([]);

    const live = createPaymentProvider({ ...stripe, STRIPE_SECRET_KEY: "sk_live_abc" });
    expect(live.kind).toBe("stripe");
    expect(describePayment(live)).toBe("Payment: Stripe Checkout (live); events are received at /webhooks/stripe.");
    expect(paymentFormActionOrigins(live)).toEqual(["https://checkout.stripe.com"]);
  });

  test("STRIPE_API_URL sends the client, and the shopper's form, to a stand-in or stripe-mock", () => {
    const mock = createPaymentProvider({ ...stripe, STRIPE_API_URL: "http://localhost:12111" });
    expect(describePayment(mock)).toBe(
      "Payment: Stripe Checkout (test mode, API at http://localhost:12111 (STRIPE_API_URL)); events are received at /webhooks/stripe.",
    );
    expect(paymentFormActionOrigins(mock)).toEqual(["http://localhost:12111"]);
  });
});

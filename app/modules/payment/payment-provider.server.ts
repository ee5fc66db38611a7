import { getEnv, type Env } from "~/site/env.server";
import { createStripeCheckout, type StripeCheckout } from "./stripe.server";

// The payment provider (docs/product.md, decision 15; decision 0031): one provider per process, chosen by the
// environment and named in one start-up line.
//   manual (the default): the order waits as pending; PAYMENT_INSTRUCTIONS say how to pay; staff mark it paid.
//   stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): the shopper pays on Stripe Checkout; the signed webhook
//   marks the order paid.

export interface ManualPayment {
  readonly kind: "manual";
  readonly instructions: string;
}

export interface CardPayment {
  readonly kind: "stripe";
  readonly checkout: StripeCheckout;
}

export type PaymentProvider = ManualPayment | CardPayment;

type PaymentEnv = Pick<Env, "PAYMENT_INSTRUCTIONS" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">;

/** The provider an environment names (parseEnv has already refused half a Stripe configuration). */
export function createPaymentProvider(env: PaymentEnv): PaymentProvider {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    return {
      kind: "stripe",
      checkout: createStripeCheckout({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      }),
    };
  }
  return { kind: "manual", instructions: env.PAYMENT_INSTRUCTIONS };
}

/** The start-up line. */
export function describePayment(provider: PaymentProvider): string {
  if (provider.kind === "manual") {
    return "Payment: manual (orders wait as pending with PAYMENT_INSTRUCTIONS; staff mark them paid). Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for card payment.";
  }
  const { checkout } = provider;
  const mode = checkout.testMode ? "test mode" : "live";
  const api = checkout.apiOrigin === "https://api.stripe.com" ? "" : `, API at ${checkout.apiOrigin} (STRIPE_API_URL)`;
  return `Payment: Stripe Checkout (${mode}${api}); events are received at /webhooks/stripe.`;
}

/** Where the checkout form's answer may send the browser (the CSP's form-action applies to that redirect). */
export function paymentFormActionOrigins(provider: PaymentProvider): string[] {
  return provider.kind === "stripe" ? [provider.checkout.hostedOrigin] : [];
}

declare global {
  // On globalThis so that development reloads of server modules keep one provider.
  var __shopPayment: PaymentProvider | undefined;
}

/** This process's provider, made from the environment on first use. */
export function getPaymentProvider(): PaymentProvider {
  globalThis.__shopPayment ??= createPaymentProvider(getEnv());
  return globalThis.__shopPayment;
}

/** Tests only: the provider getPaymentProvider() answers with (undefined: from the environment again). */
export function setPaymentProviderForTests(provider: PaymentProvider | undefined): void {
  if (getEnv().isProduction) throw new Error("setPaymentProviderForTests cannot be used in production.");
  globalThis.__shopPayment = provider;
}

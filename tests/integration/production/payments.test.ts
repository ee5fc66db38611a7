import { httpRequest } from "#tests/support/http";
import { useProductionServers, type ProductionServer } from "#tests/support/production-server";
import { startStripeStandIn } from "#tests/support/stripe-stand-in.mjs";
import { afterAll, beforeAll, expect, it } from "vitest";

// Card payment through the real server (decision 0031): the start-up line and refusals, the webhook path let through
// the server's form checks (and only it), and the payment page's origin in the CSP's form-action.

const shops = useProductionServers();
const webhookSecret = "whsec_production_suite";
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let shop: ProductionServer;

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret });
  shop = await shops.start({
    dataDir: await shops.dataDir(),
    env: {
      LOG_LEVEL: "info",
      STRIPE_SECRET_KEY: "sk_test_production_suite",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: standIn.url,
    },
  });
  standIn.webhookUrl = `${shop.url}/webhooks/stripe`;
}, 600_000);

afterAll(async () => {
  await standIn?.close();
});

it("names the provider in one start-up line; manual by default", { timeout: 300_000 }, async () => {
  expect(await shop.waitForOutput(/^Payment: /)).toBe(
    `Payment: Stripe Checkout (test mode, API at ${standIn.url} (STRIPE_API_URL)); events are received at /webhooks/stripe.`,
  );
  const manual = await shops.start({ dataDir: await shops.dataDir(), env: { LOG_LEVEL: "info" } });
  expect(await manual.waitForOutput(/^Payment: /)).toMatch(
    /^Payment: manual \(orders wait as pending with PAYMENT_INSTRUCTIONS/,
  );
  await manual.stop();
});

it("refuses to start with a key and no webhook secret, saying what to set", { timeout: 300_000 }, async () => {
  const server = await shops.spawn({
    dataDir: await shops.dataDir(),
    env: { STRIPE_SECRET_KEY: "sk_test_half_configured" },
  });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain(
    "STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY: the signing secret (whsec_…)",
  );
});

it(
  "takes Stripe's signed JSON at /webhooks/stripe, refuses it unsigned, and still refuses JSON and foreign posts elsewhere",
  { timeout: 120_000 },
  async () => {
    const event = standIn.eventOf("customer.created", { id: "cus_test_1", object: "customer" });
    const payload = JSON.stringify(event);
    const stripeHeaders = {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      Accept: "*/*",
    };
    const signed = await httpRequest(shop.url, "/webhooks/stripe", {
      body: payload,
      headers: { ...stripeHeaders, "Stripe-Signature": standIn.signatureFor(payload) },
    });
    expect({ status: signed.status, body: JSON.parse(signed.body) }).toEqual({ status: 200, body: { received: true } });
    expect(signed.headers["cache-control"]).toBe("no-store");

    // An Origin header of another site changes nothing there (Stripe sends none, but the check is not the signature's).
    const withOrigin = await httpRequest(shop.url, "/webhooks/stripe", {
      body: payload,
      headers: {
        ...stripeHeaders,
        Origin: "https://elsewhere.example",
        "Stripe-Signature": standIn.signatureFor(payload),
      },
    });
    expect(withOrigin.status).toBe(200);

    const unsigned = await httpRequest(shop.url, "/webhooks/stripe", { body: payload, headers: stripeHeaders });
    expect(unsigned.status).toBe(400);
    const tooLarge = await httpRequest(shop.url, "/webhooks/stripe", {
      body: "x".repeat(65 * 1024),
      headers: stripeHeaders,
    });
    expect(tooLarge.status).toBe(413);

    const jsonElsewhere = await httpRequest(shop.url, "/checkout", { body: payload, headers: stripeHeaders });
    expect(jsonElsewhere.status).toBe(415);
    const foreignForm = await httpRequest(shop.url, "/checkout", {
      form: { email: "a@example.com" },
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(foreignForm.status).toBe(403);
    const opened = await httpRequest(shop.url, "/webhooks/stripe");
    expect(opened.status).toBe(404);
  },
);

it(
  "lets the checkout's answer send the form on to the payment page (CSP form-action)",
  { timeout: 120_000 },
  async () => {
    const page = await httpRequest(shop.url, "/");
    const formAction = /form-action ([^;]+)/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(formAction).toBe(`'self' ${standIn.url}`);
  },
);

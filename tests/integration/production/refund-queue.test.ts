import { checkoutForm, httpRequest, nextCookies } from "#tests/support/http";
import { openDataDir, useProductionServers } from "#tests/support/production-server";
import { startStripeStandIn } from "#tests/support/stripe-stand-in.mjs";
import { afterAll, beforeAll, expect, it } from "vitest";

// The refund queue through the real server (decision 0033): a refund decided in the database, the shop killed with
// SIGKILL while Stripe is making it (the refund is made, its answer never heard), restarted on the same data
// directory: the refund is asked again with the same idempotency key, so Stripe refunds once, and the row records
// Stripe's refund.

const shops = useProductionServers();
const webhookSecret = "whsec_refund_queue_suite";
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret });
}, 600_000);

afterAll(async () => {
  await standIn?.close();
});

it(
  "asks Stripe again after kill -9 between the decision and Stripe's answer, with the same key: one refund, recorded",
  { timeout: 300_000 },
  async () => {
    const dataDir = await shops.dataDir();
    const env = {
      STRIPE_SECRET_KEY: "sk_test_refund_queue_suite",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: standIn.url,
    };
    const first = await shops.start({ dataDir, env });
    standIn.webhookUrl = `${first.url}/webhooks/stripe`;

    // A guest's card order, whose session expires (the order is cancelled), and is then paid after all.
    const add = await httpRequest(first.url, "/cart", { form: { intent: "add", productId: "clip-1", quantity: "1" } });
    const placed = await httpRequest(first.url, "/checkout", { form: checkoutForm(), cookie: nextCookies(add) });
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(placed.location ?? "")?.[1] ?? "";
    const session = standIn.sessions.get(sessionId)!;
    const expired = await standIn.sendEvent("checkout.session.expired", { ...session, status: "expired" });
    expect(JSON.parse(expired.body)).toMatchObject({ outcome: "cancelled" });

    // Stripe makes refunds at once and answers 20 s later: the shop dies before it hears.
    standIn.setLatency(20_000, "/v1/refunds");
    const paid = await standIn.pay(sessionId);
    expect(JSON.parse(paid.body)).toMatchObject({ outcome: "paid_after_cancel" });
    const paymentIntent = String(session.payment_intent);
    await expect
      .poll(() => standIn.requests.filter((request) => request.path === "/v1/refunds").length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(1);
    await first.stop("SIGKILL");
    standIn.setLatency(0);
    const made = [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
    expect(made).toHaveLength(1);

    // Restarted: the refund's claim lapses (30 s) and it is asked again, with the same key.
    const second = await shops.start({ dataDir, env });
    standIn.webhookUrl = `${second.url}/webhooks/stripe`;
    await expect
      .poll(() => standIn.requests.filter((request) => request.path === "/v1/refunds").length, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(2);
    const [asked, askedAgain] = standIn.requests.filter((request) => request.path === "/v1/refunds");
    expect(askedAgain?.idempotencyKey).toBe(asked?.idempotencyKey);
    expect(asked?.idempotencyKey).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect([...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
    // Stopped (SIGTERM: the worker finishes what it holds), then read as the database is.
    await second.stop();
    const pglite = await openDataDir(dataDir);
    try {
      const { rows } = await pglite.query<{
        state: string;
        provider_refund_id: string;
        amount: number;
        attempts: number;
      }>("select state, provider_refund_id, amount, attempts from public.refunds");
      expect(rows).toEqual([
        { state: "succeeded", provider_refund_id: made[0]?.id, amount: made[0]?.amount, attempts: 2 },
      ]);
    } finally {
      await pglite.close();
    }
    expect(second.output()).not.toMatch(/"level":"error"/);
  },
);

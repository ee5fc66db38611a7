// Card payment with Stripe Checkout (decision 0031), in process: the checkout, success, Cancel and webhook routes
// with the real `stripe` client talking HTTP to the local stand-in (tests/support/stripe-stand-in.mjs), whose events
// reach the webhook route over HTTP too.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setUpStaff } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  get,
  post,
  setCookiesOf,
  signUpMember,
  signUpStaff,
  testOrigin,
  toastOf,
} from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { startStripeStandIn } from "#tests/support/stripe-stand-in.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { formatCents } from "~/modules/money";
import { createPaymentProvider, setPaymentProviderForTests } from "~/modules/payment/payment-provider.server";
import { createRefundWorker } from "~/modules/payment/refund-worker.server";
import { action as adminOrderAction, loader as adminOrderLoader } from "~/routes/admin/order";
import { action as adminProductAction, loader as adminProductLoader } from "~/routes/admin/product";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout/checkout";
import { loader as successLoader } from "~/routes/checkout/order-success";
import { loader as cancelledLoader } from "~/routes/checkout/payment-cancelled";
import { action as webhookAction } from "~/routes/checkout/stripe-webhook";

const WEBHOOK_SECRET = "whsec_test_payment_suite";
/** The checkout form's fields (the key aside), as a shopper fills them in. */
const checkoutFields = { ...shippingAddress, shippingMethod: "standard" };

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let webhookServer: http.Server;

/** The webhook route behind a real HTTP endpoint, as server.js serves it: the raw body, the headers as sent. */
function serveWebhookRoute(): Promise<string> {
  webhookServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const headers = new Headers(
        Object.entries(req.headers).map(([name, value]) => [name, String(value)] as [string, string]),
      );
      const request = new Request(new URL(req.url ?? "/", testOrigin), {
        method: req.method,
        headers,
        body: Buffer.concat(chunks),
      });
      const response = await webhookAction({
        request,
        params: {},
        context: { responseHeaders: new Headers(), cspNonce: "" },
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
  });
  return new Promise((resolve) =>
    webhookServer.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/webhooks/stripe`),
    ),
  );
}

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  standIn.webhookUrl = await serveWebhookRoute();
  setPaymentProviderForTests(
    createPaymentProvider({
      STRIPE_SECRET_KEY: "sk_test_payment_suite",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PAYMENT_INSTRUCTIONS: "unused with card payment",
    }),
  );
});

afterAll(async () => {
  setPaymentProviderForTests(undefined);
  await standIn.close();
  await new Promise((resolve) => webhookServer.close(resolve));
  await uninstall();
});

afterEach(() => standIn.setOutage("up"));

let keyCounter = 0;
const freshKey = () => `payment-key-${Date.now()}-${++keyCounter}-padding`;
const visitorCart = async (lines: Array<{ productId: string; quantity: number }>) =>
  new CookieJar().store(await setCookiesOf((jar) => cartCookie.write(jar, lines)));

async function orderRow(id: string) {
  const [row] = await db.query<{
    status: string;
    payment_session_id: string | null;
    payment_reference: string | null;
    total_amount: number;
  }>("select status, payment_session_id, payment_reference, total_amount from public.orders where id = $1", [id]);
  return row;
}

const countOf = async (text: string, params: unknown[]) => (await db.query<{ n: number }>(text, params))[0]?.n;
const paidMails = (orderId: string) =>
  countOf("select count(*)::int as n from public.outbox where kind = 'order_paid' and payload ->> 'id' = $1", [
    orderId,
  ]);

/** A guest checks out: the answer, and the session the stand-in made for it. */
async function checkOutAsGuest(lines = [{ productId: "clip-1", quantity: 2 }], extra: Record<string, string> = {}) {
  const cart = await visitorCart(lines);
  const key = freshKey();
  const answer = await call(
    checkoutAction,
    post("/checkout", { ...checkoutFields, idempotencyKey: key, ...extra }, cart),
  );
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(answer.location ?? "")?.[1];
  const session = sessionId ? standIn.sessions.get(sessionId) : undefined;
  return { answer, cart, key, sessionId: sessionId ?? "", session, orderId: String(session?.client_reference_id) };
}

describe("placing an order with card payment", () => {
  it("answers 303 to a Checkout Session made from the stored order, not the form", async () => {
    const { answer, cart, sessionId, orderId } = await checkOutAsGuest(
      [
        { productId: "clip-1", quantity: 2 },
        { productId: "acc-2", quantity: 1 },
      ],
      // Amounts posted with the form are never read; the method is.
      { shippingMethod: "express", total: "0.01", price: "1", "items[0].price": "1", shippingAmount: "0" },
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${standIn.url}/c/pay/${sessionId}`);

    const created = standIn.requests.find((request) => request.path === "/v1/checkout/sessions");
    expect(created?.idempotencyKey).toBe(`checkout-session-${orderId}`);
    expect(created?.params).toMatchObject({
      mode: "payment",
      customer_email: shippingAddress.email,
      client_reference_id: orderId,
      metadata: { order_id: orderId },
      payment_intent_data: { metadata: { order_id: orderId } },
      success_url: `${testOrigin}/order-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${testOrigin}/checkout/payment-cancelled`,
    });
    expect(Object.values(created?.params.line_items)).toEqual([
      {
        quantity: "2",
        price_data: { currency: "usd", unit_amount: "29900", product_data: { name: expect.any(String) } },
      },
      {
        quantity: "1",
        price_data: { currency: "usd", unit_amount: "2400", product_data: { name: expect.any(String) } },
      },
    ]);
    expect(Object.values(created?.params.shipping_options)).toEqual([
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: "Express shipping",
          fixed_amount: { amount: "1999", currency: "usd" },
        },
      },
    ]);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "pending", payment_session_id: sessionId, payment_reference: null });
    // What Stripe will charge is what the database stored.
    expect(standIn.sessions.get(sessionId)?.amount_total).toBe(row?.total_amount);

    // The cart is emptied with the order (it comes back if the shopper cancels on the payment page).
    cart.store(answer.headers);
    expect(await cartCookie.read(get("/", cart))).toEqual([]);
  });

  it("charges the price the owner set in the back office a moment ago, not the one the shop started with", async () => {
    const [owner] = await signUpStaff(backend, "Price Owner");
    const editor = `/admin/products/wig-1`;
    const params = { params: { id: "wig-1" } };
    const { product, defaults } = (await call(adminProductLoader, get(editor, owner!.cookie), params)).data!;
    expect(defaults.variants).toHaveLength(1);
    // The editor's form as the browser posts it, with the one variant's price typed anew.
    const { variants, ...fields } = defaults;
    const form: Record<string, string> = { intent: "save-product", version: String(product!.version) };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) form[name] = String(value);
    for (const [name, value] of Object.entries(variants[0]!))
      if (value !== undefined) form[`variants[0].${name}`] = String(value);
    expect(form["variants[0].price"]).not.toBe("123.45");
    form["variants[0].price"] = "123.45";
    expect((await call(adminProductAction, post(editor, form, owner!.cookie), params)).status).toBe(303);

    const { answer, session, orderId } = await checkOutAsGuest([{ productId: "wig-1", quantity: 2 }]);
    expect(answer.status).toBe(303);
    const created = standIn.requests.find(
      (request) => request.path === "/v1/checkout/sessions" && request.params.client_reference_id === orderId,
    );
    expect(Object.values(created?.params.line_items ?? {})).toEqual([
      {
        quantity: "2",
        price_data: { currency: "usd", unit_amount: "12345", product_data: { name: expect.any(String) } },
      },
    ]);
    expect(session?.amount_total).toBe((await orderRow(orderId))?.total_amount);
  });

  it("sends a double submission of one form to one session of one order", async () => {
    const cart = await visitorCart([{ productId: "tape-1", quantity: 1 }]);
    const fields = { ...checkoutFields, idempotencyKey: freshKey() };
    const [first, second] = await Promise.all([
      call(checkoutAction, post("/checkout", fields, cart)),
      call(checkoutAction, post("/checkout", fields, cart)),
    ]);
    expect(first.location).toMatch(/\/c\/pay\/cs_test_/);
    expect(second.location).toBe(first.location);
    expect(
      await countOf("select count(*)::int as n from public.orders where idempotency_key = $1", [fields.idempotencyKey]),
    ).toBe(1);
  });

  it("answers 'Payment is unavailable' (503) when Stripe is down, keeping the form, the cart and the order for a retry", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    standIn.setOutage("connection");
    const cart = await visitorCart([{ productId: "wig-3", quantity: 1 }]);
    const fields = { ...checkoutFields, idempotencyKey: freshKey() };
    const refused = await call(checkoutAction, post("/checkout", fields, cart));
    expect(refused.status).toBe(503);
    const form = refused.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(form.error[""]).toEqual([
      "Payment is unavailable, please try again",
      "Nothing was charged. Your cart and details are kept.",
    ]);
    expect(form.initialValue).toMatchObject({ ...fields });
    // The visitor's cart cookie is left as it was.
    expect(refused.headers.getSetCookie().filter((cookie) => cookie.startsWith("cart="))).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Stripe: creating a checkout session failed/));

    standIn.setOutage("error");
    expect((await call(checkoutAction, post("/checkout", fields, cart))).status).toBe(503);

    standIn.setOutage("up");
    const retried = await call(checkoutAction, post("/checkout", fields, cart));
    expect(retried.location).toMatch(/\/c\/pay\/cs_test_/);
    expect(
      await countOf("select count(*)::int as n from public.orders where idempotency_key = $1", [fields.idempotencyKey]),
    ).toBe(1);
  });

  it("gives a member's emptied cart back when Stripe is down", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, cookie } = await signUpMember(backend);
    const member = await backend.forRequest(get("/", cookie)).member();
    await member.carts.add({ productId: "clip-2", quantity: 3 });
    standIn.setOutage("connection");
    const refused = await call(
      checkoutAction,
      post("/checkout", { ...checkoutFields, idempotencyKey: freshKey() }, cookie),
    );
    expect(refused.status).toBe(503);
    expect(await member.carts.list()).toEqual([{ productId: "clip-2", quantity: 3 }]);
    expect(user.id).toBe(member.userId);
  });
});

describe("the webhook", () => {
  it("marks the order paid when the session is paid, once, with the payment reference and the 'order_paid' e-mail", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    const delivered = await standIn.pay(sessionId);
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body)).toEqual({ received: true, outcome: "paid" });
    const paymentIntent = standIn.sessions.get(sessionId)?.payment_intent;
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", payment_reference: paymentIntent });
    expect(await paidMails(orderId)).toBe(1);

    // Stripe delivers the same event again: nothing more happens.
    const again = await standIn.sendEvent("checkout.session.completed", standIn.sessions.get(sessionId)!, {
      id: delivered.event.id,
    });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ outcome: "duplicate" });
    expect(await paidMails(orderId)).toBe(1);
    expect(
      await countOf("select count(*)::int as n from public.payment_events where event_id = $1", [delivered.event.id]),
    ).toBe(1);
  });

  it("refuses a forged or unsigned event with 400 and changes nothing", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { sessionId, orderId, session } = await checkOutAsGuest();
    const paidLooking = { ...session, status: "complete", payment_status: "paid", payment_intent: "pi_forged" };
    const forged = await standIn.sendEvent("checkout.session.completed", paidLooking, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    const unsigned = await standIn.deliver(
      JSON.stringify(standIn.eventOf("checkout.session.completed", paidLooking)),
      undefined,
    );
    expect(unsigned.status).toBe(400);
    // A signature that holds for another body.
    const original = JSON.stringify(
      standIn.eventOf("checkout.session.completed", { ...session, payment_status: "unpaid" }),
    );
    const tampered = await standIn.deliver(
      original.replace('"payment_status":"unpaid"', '"payment_status":"paid"'),
      standIn.signatureFor(original),
    );
    expect(tampered.status).toBe(400);

    expect(await orderRow(orderId)).toMatchObject({
      status: "pending",
      payment_session_id: sessionId,
      payment_reference: null,
    });
    expect(await paidMails(orderId)).toBe(0);
    expect(
      await countOf("select count(*)::int as n from public.payment_events where event_id = $1", [forged.event.id]),
    ).toBe(0);
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/^Stripe webhook refused/));
  });

  it("cancels a still-pending order when its session expires or its payment fails, and only then", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    const expired = await standIn.sendEvent("checkout.session.expired", {
      ...standIn.sessions.get(sessionId)!,
      status: "expired",
    });
    expect(JSON.parse(expired.body)).toMatchObject({ outcome: "cancelled" });
    expect((await orderRow(orderId))?.status).toBe("cancelled");

    const paid = await checkOutAsGuest();
    await standIn.pay(paid.sessionId);
    const failed = await standIn.sendEvent(
      "checkout.session.async_payment_failed",
      standIn.sessions.get(paid.sessionId)!,
    );
    expect(JSON.parse(failed.body)).toMatchObject({ outcome: "not_pending" });
    expect((await orderRow(paid.orderId))?.status).toBe("paid");
  });

  it("waits for an asynchronous payment: completed unpaid records only, async_payment_succeeded pays", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    const session = {
      ...standIn.sessions.get(sessionId)!,
      status: "complete",
      payment_status: "unpaid",
      payment_intent: "pi_test_async",
    };
    expect(JSON.parse((await standIn.sendEvent("checkout.session.completed", session)).body)).toMatchObject({
      outcome: "recorded",
    });
    expect((await orderRow(orderId))?.status).toBe("pending");
    const succeeded = await standIn.sendEvent("checkout.session.async_payment_succeeded", {
      ...session,
      payment_status: "paid",
    });
    expect(JSON.parse(succeeded.body)).toMatchObject({ outcome: "paid" });
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", payment_reference: "pi_test_async" });
  });

  it("answers other events 200 and records nothing", async () => {
    const { session } = await checkOutAsGuest();
    const before = await countOf("select count(*)::int as n from public.payment_events", []);
    const other = await standIn.sendEvent("customer.created", { id: "cus_test_1", object: "customer" });
    const unrelated = await standIn.sendEvent("payment_intent.succeeded", {
      id: "pi_test_1",
      object: "payment_intent",
    });
    const notASession = await standIn.sendEvent("checkout.session.completed", { ...session, object: "payment_intent" });
    for (const answer of [other, unrelated, notASession])
      expect(answer).toMatchObject({ status: 200, body: JSON.stringify({ received: true }) });
    expect(await countOf("select count(*)::int as n from public.payment_events", [])).toBe(before);
  });
});

describe("the confirmation page", () => {
  it("says 'Payment received' once the webhook has paid the order", async () => {
    const { answer, cart, sessionId } = await checkOutAsGuest();
    cart.store(answer.headers);
    await standIn.pay(sessionId);
    const page = await call(successLoader, get(`/order-success?session_id=${sessionId}`, cart));
    expect(page.data).toMatchObject({ payment: { kind: "received" } });
  });

  it("asks Stripe when the webhook has not arrived, and never marks the order paid itself", async () => {
    const { answer, cart, sessionId, orderId } = await checkOutAsGuest();
    cart.store(answer.headers);
    const processing = await call(successLoader, get(`/order-success?session_id=${sessionId}`, cart));
    expect(processing.data).toMatchObject({ payment: { kind: "processing" } });

    // Paid on Stripe's side, its event not delivered yet.
    const session = standIn.sessions.get(sessionId)!;
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: "pi_test_not_yet_told" });
    const received = await call(successLoader, get(`/order-success?session_id=${sessionId}`, cart));
    expect(received.data).toMatchObject({ payment: { kind: "received" } });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_reference: null });
  });

  it("shows the items and the address to the browser that placed the order; to anyone else with the session id, the number and 'Payment received' only", async () => {
    const { answer, cart, sessionId, orderId } = await checkOutAsGuest();
    cart.store(answer.headers);
    await standIn.pay(sessionId);
    const own = await call(successLoader, get(`/order-success?session_id=${sessionId}`, cart));
    expect(own.data).toMatchObject({
      details: { shipTo: expect.arrayContaining([`${shippingAddress.firstName} ${shippingAddress.lastName}`]) },
      ordersHref: `/order-status?order=${orderId}`,
    });

    // Another browser: the id from Stripe's payment URL, the return URL or the history, and no cookie of this shop.
    const page = await call(successLoader, get(`/order-success?session_id=${sessionId}`));
    expect(page.data).toEqual({
      orderNumber: orderId.slice(-8),
      details: null,
      payment: { kind: "received" },
      sendsMail: true,
      ordersHref: "/orders",
    });
    expect(JSON.stringify(page.data)).not.toContain(shippingAddress.lastName);
    expect(JSON.stringify(page.data)).not.toContain(shippingAddress.address);
  });

  it("finds the order through Stripe's session when this browser's cookie is gone, but not through a made-up id", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    await standIn.pay(sessionId);
    const page = await call(successLoader, get(`/order-success?session_id=${sessionId}`));
    expect(page.data).toMatchObject({ orderNumber: orderId.slice(-8), payment: { kind: "received" } });

    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const made_up of ["cs_test_doesnotexist", "not-a-session", orderId]) {
      const nothing = await call(successLoader, get(`/order-success?session_id=${made_up}`));
      expect({ status: nothing.status, location: nothing.location }).toEqual({ status: 302, location: "/" });
    }
  });
});

describe("Cancel on the payment page", () => {
  it("cancels the order, ends its session, and brings back the cart and the form as they were", async () => {
    const lines = [
      { productId: "clip-1", quantity: 2 },
      { productId: "acc-2", quantity: 1 },
    ];
    const { answer, cart, key, sessionId, orderId } = await checkOutAsGuest(lines);
    cart.store(answer.headers);
    expect(await cartCookie.read(get("/", cart))).toEqual([]);

    const back = await call(cancelledLoader, get("/checkout/payment-cancelled", cart));
    expect({ status: back.status, location: back.location }).toEqual({ status: 303, location: "/checkout" });
    expect(await toastOf(back)).toMatchObject({ title: "Payment cancelled" });
    cart.store(back.headers);
    expect(await cartCookie.read(get("/", cart))).toEqual(lines);
    expect((await orderRow(orderId))?.status).toBe("cancelled");
    expect(standIn.sessions.get(sessionId)?.status).toBe("expired");

    const form = await call(checkoutLoader, get("/checkout", cart));
    const refilled = (form.data as { lastResult: { initialValue: Record<string, string> } | null }).lastResult
      ?.initialValue;
    // The details as they were, with a key of the form's own: the cancelled order's would answer with that order.
    expect(refilled).toMatchObject({ ...shippingAddress, shippingMethod: "standard" });
    expect(refilled?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,200}$/);
    expect(refilled?.idempotencyKey).not.toBe(key);
    // Given back once.
    cart.store(form.headers);
    const again = await call(checkoutLoader, get("/checkout", cart));
    expect((again.data as { lastResult: unknown }).lastResult).toBeNull();
    // Nothing to confirm for the cancelled order.
    expect((await call(successLoader, get("/order-success", cart))).location).toBe("/");
  });

  it("gives a member's cart back into their stored cart", async () => {
    const { cookie } = await signUpMember(backend);
    const member = await backend.forRequest(get("/", cookie)).member();
    await member.carts.add({ productId: "tape-2", quantity: 2 });
    const placed = await call(
      checkoutAction,
      post("/checkout", { ...checkoutFields, idempotencyKey: freshKey() }, cookie),
    );
    const jar = CookieJar.fromHeader(cookie).store(placed.headers);
    expect(await member.carts.list()).toEqual([]);
    const back = await call(cancelledLoader, get("/checkout/payment-cancelled", jar));
    expect(back.location).toBe("/checkout");
    expect(await member.carts.list()).toEqual([{ productId: "tape-2", quantity: 2 }]);
  });

  it("goes to the confirmation instead when the order was paid meanwhile", async () => {
    const { answer, cart, sessionId, orderId } = await checkOutAsGuest();
    cart.store(answer.headers);
    await standIn.pay(sessionId);
    const back = await call(cancelledLoader, get("/checkout/payment-cancelled", cart));
    expect(back.location).toBe(`/order-success?session_id=${sessionId}`);
    expect((await orderRow(orderId))?.status).toBe("paid");
  });
});

describe("the back office", () => {
  let staffCookie: string;
  beforeAll(async () => {
    const listed = await signUpMember(backend, "Store Owner");
    await backend.syncStaff({ staffEmails: [listed.user.email], orderRecipients: ["orders@example.com"] });
    staffCookie = (await setUpStaff(backend, listed.user.email)).cookie;
  });

  const paidCardOrder = async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    await standIn.pay(sessionId);
    return { orderId, sessionId, paymentIntent: String(standIn.sessions.get(sessionId)?.payment_intent) };
  };
  const cancel = (orderId: string, expectedStatus = "paid", reason = "Out of stock") =>
    call(
      adminOrderAction,
      post(`/admin/orders/${orderId}`, { intent: "move", kind: "cancel", expectedStatus, reason }, staffCookie),
      { params: { id: orderId } },
    );
  const orderPage = async (orderId: string) =>
    (await call(adminOrderLoader, get(`/admin/orders/${orderId}`, staffCookie), { params: { id: orderId } }))
      .data as Awaited<ReturnType<typeof adminOrderLoader>>;
  const refundsAtStripe = (paymentIntent: string) =>
    [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
  const refundRowsOf = (orderId: string) =>
    db.query<{
      id: string;
      state: string;
      amount: number;
      provider_refund_id: string | null;
      requested_by_label: string;
    }>(
      "select id, state, amount, provider_refund_id, requested_by_label from public.refunds where order_id = $1 order by requested_at, id",
      [orderId],
    );
  const worker = () => {
    const provider = createPaymentProvider({
      STRIPE_SECRET_KEY: "sk_test_payment_suite",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PAYMENT_INSTRUCTIONS: "",
    });
    if (provider.kind !== "stripe") throw new Error("Stripe expected");
    return createRefundWorker({ payments: backend.payments!, stripe: provider.checkout, log: () => {} });
  };

  it("'Revoke guest link' ends the placing browser's view of the success page too", async () => {
    const { answer, cart, sessionId, orderId } = await checkOutAsGuest();
    cart.store(answer.headers);
    await standIn.pay(sessionId);
    const success = `/order-success?session_id=${sessionId}`;
    expect((await call(successLoader, get(success, cart))).data).toMatchObject({
      details: { total: expect.any(String) },
    });

    const revoked = await call(
      adminOrderAction,
      post(`/admin/orders/${orderId}`, { intent: "revoke-guest-link" }, staffCookie),
      { params: { id: orderId } },
    );
    expect(revoked.status).toBe(303);
    const after = await call(successLoader, get(success, cart));
    expect(after.data).toMatchObject({ orderNumber: orderId.slice(-8), details: null, payment: { kind: "received" } });
    expect(JSON.stringify(after.data)).not.toContain(shippingAddress.address);
  });

  it("shows the payment reference, linked to the Stripe dashboard", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const page = await orderPage(orderId);
    expect(page.payment).toEqual({
      method: "Card (Stripe Checkout)",
      reference: paymentIntent,
      dashboardUrl: `https://dashboard.stripe.com/test/payments/${paymentIntent}`,
    });
    expect(page.refunds).toEqual([]);
    expect(page.order.cancelEffect).toMatch(
      /^Cancelling refunds the card payment of \$[\d.,]+ in full through Stripe\.$/,
    );
  });

  it("'Cancel order' on a paid card order queues its refund with the move; the worker refunds it once, with the row's key", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const cancelled = await cancel(orderId);
    expect({ status: cancelled.status, location: cancelled.location }).toEqual({
      status: 303,
      location: `/admin/orders/${orderId}`,
    });
    // Decided with the move, not asked yet: Stripe hears of it from the worker.
    expect(refundsAtStripe(paymentIntent)).toEqual([]);
    const total = (await orderRow(orderId))?.total_amount;
    const [queued] = await refundRowsOf(orderId);
    expect(queued).toMatchObject({
      state: "pending",
      amount: total,
      provider_refund_id: null,
      requested_by_label: "staff",
    });
    expect((await orderPage(orderId)).refunds).toMatchObject([
      { amount: formatCents(total!), state: "pending", by: expect.stringMatching(/@/), reason: "Out of stock" },
    ]);

    expect(await worker().runOnce()).toBeGreaterThanOrEqual(1);
    const made = refundsAtStripe(paymentIntent);
    expect(made).toMatchObject([{ amount: total, metadata: { order_id: orderId, shop_refund_id: queued!.id } }]);
    expect(standIn.requests.filter((request) => request.path === "/v1/refunds").at(-1)?.idempotencyKey).toBe(
      `refund-${queued!.id}`,
    );
    expect(await refundRowsOf(orderId)).toMatchObject([
      { id: queued!.id, state: "succeeded", amount: total, provider_refund_id: made[0]?.id },
    ]);
    expect((await orderPage(orderId)).refunds).toMatchObject([
      { state: "succeeded", stateLabel: "Done", providerRefundId: made[0]?.id },
    ]);

    // The same form again: the order has moved on, nothing more is refunded.
    expect((await cancel(orderId)).status).toBe(409);
    await worker().runOnce();
    expect(refundsAtStripe(paymentIntent)).toHaveLength(1);
  });

  it("cancels at once while Stripe is down, and the worker refunds once Stripe answers", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    standIn.setOutage("connection");
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await cancel(orderId)).status).toBe(303);
    expect((await orderRow(orderId))?.status).toBe("cancelled");
    await worker().runOnce();
    const [waiting] = await db.query<{ state: string; attempts: number; last_error: string; later: boolean }>(
      "select state, attempts, last_error, next_attempt_at > now() as later from public.refunds where order_id = $1",
      [orderId],
    );
    expect(waiting).toMatchObject({
      state: "pending",
      attempts: 1,
      later: true,
      last_error: expect.stringMatching(/Stripe/),
    });

    standIn.setOutage("up");
    // Its back-off over:
    await db.query("update public.refunds set next_attempt_at = now() where order_id = $1", [orderId]);
    await worker().runOnce();
    expect(refundsAtStripe(paymentIntent)).toHaveLength(1);
    expect((await refundRowsOf(orderId))[0]).toMatchObject({ state: "succeeded" });
  });

  it("cancelling a pending card order first expires its Checkout Session, so it cannot be paid, with staff's reason kept", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    const cancelled = await cancel(orderId, "pending", "Customer phoned to cancel");
    expect(cancelled.status).toBe(303);
    expect(standIn.sessions.get(sessionId)?.status).toBe("expired");
    await expect(standIn.pay(sessionId)).rejects.toThrow(/No open session/);
    // The expiry's own event (sent by Stripe as it expires) leaves the cancel to staff: one cancel, theirs.
    await vi.waitFor(() => expect(standIn.webhookAnswers.at(-1)?.body).toMatch(/closed_by_staff|not_pending/));
    const entries = await db.query<{ actor_label: string; note: string }>(
      "select actor_label, note from public.order_events where order_id = $1 and to_status = 'cancelled'",
      [orderId],
    );
    expect(entries).toEqual([{ actor_label: "staff", note: "Customer phoned to cancel" }]);
  });

  it("changes nothing when Stripe cannot be asked to close a pending order's payment page, and says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { sessionId, orderId } = await checkOutAsGuest();
    standIn.setOutage("connection");
    const refused = await cancel(orderId, "pending", "Customer phoned to cancel");
    expect(refused.status).toBe(503);
    expect(refused.data).toMatchObject({
      result: {
        error: {
          "": [
            "Stripe could not be reached to close the order's payment page, so nothing was changed (Stripe: expiring a checkout session failed). Please try again.",
          ],
        },
        initialValue: { reason: "Customer phoned to cancel" },
      },
    });
    standIn.setOutage("up");
    expect((await orderRow(orderId))?.status).toBe("pending");
    expect(standIn.sessions.get(sessionId)?.status).toBe("open");
    // Tried again once Stripe answers.
    expect((await cancel(orderId, "pending", "Customer phoned to cancel")).status).toBe(303);
    expect(standIn.sessions.get(sessionId)?.status).toBe("expired");
  });

  it("'Mark as paid' then 'Cancel order' expires the session too", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    const marked = await call(
      adminOrderAction,
      post(`/admin/orders/${orderId}`, { intent: "move", kind: "mark-paid", expectedStatus: "pending" }, staffCookie),
      { params: { id: orderId } },
    );
    expect(marked.status).toBe(303);
    expect((await cancel(orderId, "paid")).status).toBe(303);
    expect(standIn.sessions.get(sessionId)?.status).toBe("expired");
    expect(await refundRowsOf(orderId)).toEqual([]);
  });

  it("refuses to cancel a pending order whose payment has just arrived at Stripe, saying so", async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    // Paid at Stripe, its event not delivered yet.
    Object.assign(standIn.sessions.get(sessionId)!, {
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_test_just_paid",
    });
    const refused = await cancel(orderId, "pending");
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      result: { error: { "": [expect.stringMatching(/has just paid for this order/)] } },
    });
    expect((await orderRow(orderId))?.status).toBe("pending");
  });

  it("refunds a payment that arrives for a cancelled order automatically, once, and tells staff", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { sessionId, orderId } = await checkOutAsGuest();
    // Cancelled in the database while the shopper pays (the race the expiry usually prevents).
    const staffScope = backend.forRequest(get("/", staffCookie)).staff;
    await staffScope.moveOrder({ orderId, expectedStatus: "pending", newStatus: "cancelled", note: "Duplicate order" });
    const paid = await standIn.pay(sessionId);
    expect(JSON.parse(paid.body)).toMatchObject({ outcome: "paid_after_cancel" });
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/is being refunded automatically/));
    const paymentIntent = String(standIn.sessions.get(sessionId)?.payment_intent);
    expect(await refundRowsOf(orderId)).toMatchObject([{ state: "pending", requested_by_label: "system" }]);
    const [alert] = await db.query<{ recipient: string; payload: { alert: { kind: string } } }>(
      "select recipient, payload from public.outbox where kind = 'order_payment_alert' and payload ->> 'id' = $1",
      [orderId],
    );
    expect(alert).toMatchObject({ recipient: "orders@example.com", payload: { alert: { kind: "paid_after_cancel" } } });
    const page = await orderPage(orderId);
    expect(page.order.timeline.at(-1)?.change ?? page.order.timeline.at(-1)?.note).toBe(
      "Payment received after the order was cancelled: refunded automatically",
    );
    expect(page.refunds).toMatchObject([{ by: "The shop (automatic)", state: "pending" }]);

    // Stripe sends it again, and says the same payment succeeded: nothing more is refunded.
    await standIn.sendEvent("checkout.session.completed", standIn.sessions.get(sessionId)!, { id: paid.event.id });
    await standIn.sendEvent("checkout.session.async_payment_succeeded", standIn.sessions.get(sessionId)!);
    await worker().runOnce();
    expect(refundsAtStripe(paymentIntent)).toHaveLength(1);
    expect(await refundRowsOf(orderId)).toMatchObject([{ state: "succeeded" }]);
  });
});

describe("Stripe's own refunds and disputes", () => {
  const paidOrder = async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    await standIn.pay(sessionId);
    return { orderId, paymentIntent: String(standIn.sessions.get(sessionId)?.payment_intent) };
  };
  const refundRows = (orderId: string) =>
    db.query<{ state: string; amount: number; provider_refund_id: string; requested_by_label: string; reason: string }>(
      "select state, amount, provider_refund_id, requested_by_label, reason from public.refunds where order_id = $1 order by requested_at",
      [orderId],
    );
  const notes = async (orderId: string) =>
    (
      await db.query<{ actor_label: string; note: string }>(
        "select actor_label, note from public.order_events where order_id = $1 and to_status is null order by id",
        [orderId],
      )
    ).map((entry) => `${entry.actor_label}: ${entry.note}`);

  it("records a refund made in the dashboard as a refund of the order, once, on its timeline", async () => {
    const { orderId, paymentIntent } = await paidOrder();
    const { refund, status, body, event } = await standIn.refundInDashboard(paymentIntent, 1000);
    expect({ status, body: JSON.parse(body) }).toEqual({
      status: 200,
      body: { received: true, outcome: "refund_recorded" },
    });
    expect(await refundRows(orderId)).toEqual([
      {
        state: "succeeded",
        amount: 1000,
        provider_refund_id: refund.id,
        requested_by_label: "stripe",
        reason: "Refunded in the Stripe dashboard",
      },
    ]);
    expect(await notes(orderId)).toEqual([`stripe: Refunded $10.00 in Stripe (${refund.id})`]);
    // Replayed, and a later event listing it again: not doubled.
    await standIn.sendEvent("charge.refunded", event.data.object, { id: event.id });
    expect(JSON.parse((await standIn.sendChargeRefunded(paymentIntent)).body)).toMatchObject({ outcome: "recorded" });
    expect(await refundRows(orderId)).toHaveLength(1);
    // The order's status is Stripe's business no more than the shop's: it stays paid.
    expect((await orderRow(orderId))?.status).toBe("paid");
  });

  it("matches the charge.refunded of a refund the shop made to its own row, whether or not the worker recorded it", async () => {
    const { orderId, paymentIntent } = await paidOrder();
    const listed = await signUpMember(backend, "Refund Staff");
    await backend.syncStaff({ staffEmails: [listed.user.email], orderRecipients: ["orders@example.com"] });
    const staffCancel = await setUpStaff(backend, listed.user.email);
    await backend
      .forRequest(get("/", staffCancel.cookie))
      .staff.moveOrder({ orderId, expectedStatus: "paid", newStatus: "cancelled", note: "Out of stock" });
    const [queued] = await db.query<{ id: string }>("select id from public.refunds where order_id = $1", [orderId]);
    // Stripe made it, and its event arrives before the worker heard the answer.
    const provider = createPaymentProvider({
      STRIPE_SECRET_KEY: "sk_test_payment_suite",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PAYMENT_INSTRUCTIONS: "",
    });
    if (provider.kind !== "stripe") throw new Error("Stripe expected");
    await provider.checkout.refund({
      paymentReference: paymentIntent,
      amount: (await orderRow(orderId))!.total_amount,
      idempotencyKey: `refund-${queued!.id}`,
      metadata: { order_id: orderId, shop_refund_id: queued!.id },
    });
    expect(JSON.parse((await standIn.sendChargeRefunded(paymentIntent)).body)).toMatchObject({
      outcome: "refund_recorded",
    });
    await createRefundWorker({ payments: backend.payments!, stripe: provider.checkout, log: () => {} }).runOnce();
    const rows = await refundRows(orderId);
    expect(rows).toMatchObject([{ state: "succeeded", requested_by_label: "staff" }]);
    expect([...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it("records a dispute's opening and closing on the timeline and e-mails staff", async () => {
    await backend.syncStaff({ staffEmails: [], orderRecipients: ["orders@example.com"] });
    const { orderId, paymentIntent } = await paidOrder();
    const opened = await standIn.openDispute(paymentIntent, { amount: 2500, reason: "product_not_received" });
    expect(JSON.parse(opened.body)).toMatchObject({ outcome: "dispute_recorded" });
    const closed = await standIn.closeDispute(opened.event.data.object.id, "won");
    expect(JSON.parse(closed.body)).toMatchObject({ outcome: "dispute_recorded" });
    expect(await notes(orderId)).toEqual([
      "stripe: Dispute opened: $25.00 (product_not_received)",
      "stripe: Dispute closed: won",
    ]);
    const alerts = await db.query<{ recipient: string; kind: string }>(
      "select recipient, payload -> 'alert' ->> 'kind' as kind from public.outbox where kind = 'order_payment_alert' and payload ->> 'id' = $1 order by created_at",
      [orderId],
    );
    expect(alerts).toEqual([
      { recipient: "orders@example.com", kind: "dispute_created" },
      { recipient: "orders@example.com", kind: "dispute_closed" },
    ]);
    // Once per event id.
    const again = await standIn.sendEvent("charge.dispute.created", opened.event.data.object, { id: opened.event.id });
    expect(JSON.parse(again.body)).toMatchObject({ outcome: "duplicate" });
  });

  it("answers 200 and changes nothing for a charge event about a payment no order has", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { paymentIntent } = await paidOrder();
    const stranger = {
      ...(await standIn.openDispute(paymentIntent)).event.data.object,
      payment_intent: "pi_test_nobody",
    };
    const answer = await standIn.sendEvent("charge.dispute.created", stranger);
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({
      status: 200,
      body: { received: true, outcome: "unknown_order" },
    });
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/which no order has/));
  });
});

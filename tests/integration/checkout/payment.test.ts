// Card payment with Stripe Checkout (decision 0031), in process: the checkout, success, Cancel and webhook routes
// with the real `stripe` client talking HTTP to the local stand-in (tests/support/stripe-stand-in.mjs), whose events
// reach the webhook route over HTTP too.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  get,
  post,
  setCookiesOf,
  signUpMember,
  testOrigin,
  toastOf,
} from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { startStripeStandIn } from "#tests/support/stripe-stand-in.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { Backend } from "~/backend/port";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { createPaymentProvider, setPaymentProviderForTests } from "~/modules/payment/payment.server";
import { action as adminOrderAction, loader as adminOrderLoader } from "~/routes/admin/order";
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
    const staff = await signUpMember(backend, "Store Owner");
    staffCookie = staff.cookie;
    await backend.syncStaff({ staffEmails: [staff.user.email], orderRecipients: [] });
  });

  const paidCardOrder = async () => {
    const { sessionId, orderId } = await checkOutAsGuest();
    await standIn.pay(sessionId);
    return { orderId, paymentIntent: String(standIn.sessions.get(sessionId)?.payment_intent) };
  };
  const cancel = (orderId: string) =>
    call(
      adminOrderAction,
      post(
        `/admin/orders/${orderId}`,
        { intent: "move", kind: "cancel", expectedStatus: "paid", reason: "Out of stock" },
        staffCookie,
      ),
      {
        params: { id: orderId },
      },
    );

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
    const page = await call(adminOrderLoader, get(`/admin/orders/${orderId}`, staffCookie), {
      params: { id: orderId },
    });
    expect((page.data as { payment: unknown }).payment).toEqual({
      method: "Card (Stripe Checkout)",
      reference: paymentIntent,
      dashboardUrl: `https://dashboard.stripe.com/test/payments/${paymentIntent}`,
      refundReference: null,
    });
  });

  it("'Cancel order' on a paid card order refunds it in full, once, and keeps the refund's reference", async () => {
    const { orderId, paymentIntent } = await paidCardOrder();
    const cancelled = await cancel(orderId);
    expect({ status: cancelled.status, location: cancelled.location }).toEqual({
      status: 303,
      location: `/admin/orders/${orderId}`,
    });
    const refunds = [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
    expect(refunds).toMatchObject([
      { amount: (await orderRow(orderId))?.total_amount, metadata: { order_id: orderId } },
    ]);
    expect(standIn.requests.filter((request) => request.path === "/v1/refunds").at(-1)?.idempotencyKey).toBe(
      `refund-${orderId}`,
    );
    const [row] = await db.query<{ status: string; refund_reference: string }>(
      "select status, refund_reference from public.orders where id = $1",
      [orderId],
    );
    expect(row).toEqual({ status: "cancelled", refund_reference: refunds[0]?.id });
    const page = await call(adminOrderLoader, get(`/admin/orders/${orderId}`, staffCookie), {
      params: { id: orderId },
    });
    expect((page.data as { payment: { refundReference: string } }).payment.refundReference).toBe(refunds[0]?.id);

    // The same form again: the order has moved on, nothing more is refunded.
    const again = await cancel(orderId);
    expect(again.status).toBe(409);
    expect([...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it("changes nothing when Stripe cannot refund, and says so", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { orderId, paymentIntent } = await paidCardOrder();
    standIn.setOutage("connection");
    const refused = await cancel(orderId);
    expect(refused.status).toBe(503);
    expect(refused.data).toMatchObject({
      errors: { form: expect.stringMatching(/^The card payment could not be refunded, so nothing was changed/) },
    });
    expect((await orderRow(orderId))?.status).toBe("paid");
    standIn.setOutage("up");
    expect([...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(0);
    // Tried again once Stripe answers: refunded and cancelled.
    expect((await cancel(orderId)).status).toBe(303);
    expect((await orderRow(orderId))?.status).toBe("cancelled");
  });
});

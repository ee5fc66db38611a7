// A local stand-in for the few Stripe endpoints the shop calls, for tests: the real `stripe` package talks HTTP to it
// (STRIPE_API_URL), so what is tested is the shop's use of the official client, not a mock of it. It answers
//   POST /v1/checkout/sessions             records the parameters (and the Idempotency-Key), returns id and url
//   GET  /v1/checkout/sessions/:id         the session as it is now
//   POST /v1/checkout/sessions/:id/expire  an open session expires (and the checkout.session.expired event is sent)
//   POST /v1/refunds                       a refund of a paid session's payment intent (metadata kept)
//   GET  /v1/refunds?payment_intent=       the refunds of a payment intent
// and serves the hosted payment page: plain HTML with a 'Pay' and a 'Cancel' button (forms, no script). Pay marks the
// session paid, sends the signed checkout.session.completed event to the shop's webhook and waits for its answer,
// then redirects to the session's success_url; Cancel redirects to its cancel_url, as Stripe's own page does.
// Events are signed with stripe.webhooks.generateTestHeaderString, as Stripe signs them. A repeated Idempotency-Key
// answers what the first request got, as Stripe does; `setLatency` holds the answers of some requests back after they
// took effect (a refund made, its answer not yet sent: what a process killed meanwhile never hears). `refundInDashboard`,
// `openDispute` and `closeDispute` do what staff or a bank do in Stripe's dashboard, with the charge and dispute events
// Stripe then sends. Anything else is a 404 in Stripe's error format, so that a
// new call fails loudly instead of being half-faked. Plain JavaScript with JSDoc types (as shop-harness.mjs), so the
// end-to-end launcher and the TypeScript tests share it.
import crypto from "node:crypto";
import http from "node:http";
import Stripe from "stripe";

/**
 * @typedef {Record<string, any>} Session a Checkout Session as the API returns it (the fields the shop reads)
 * @typedef {{ method: string; path: string; params: Record<string, any>; idempotencyKey: string | undefined }} RecordedRequest
 * @typedef {{ status: number; body: string }} WebhookAnswer
 */

/**
 * @param {{ webhookSecret: string; webhookUrl?: string; port?: number; host?: string }} options
 *   webhookUrl: where events go (settable later with `webhookUrl =`); port 0 (default): any free one
 */
export async function startStripeStandIn({ webhookSecret, webhookUrl, port = 0, host = "127.0.0.1" }) {
  /** @type {Map<string, Session>} */
  const sessions = new Map();
  /** @type {Map<string, Record<string, any>>} */
  const refunds = new Map();
  /** @type {Map<string, Record<string, any>>} */
  const disputes = new Map();
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {Map<string, { status: number; body: unknown }>} */
  const idempotent = new Map();
  /** @type {WebhookAnswer[]} */
  const webhookAnswers = [];
  /** "up", or how the API fails: "connection" (the socket is closed) or "error" (HTTP 500). The hosted page stays up. */
  let outage = /** @type {"up" | "connection" | "error"} */ ("up");
  /** API answers held back: how long, for requests whose path starts with `pathPrefix`. */
  let latency = { ms: 0, pathPrefix: "/v1/" };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(`Stand-in failure: ${error instanceof Error ? error.stack : String(error)}`);
    });
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  const url = `http://${host}:${address.port}`;

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const { pathname } = new URL(req.url ?? "/", url);
    const body = await readBody(req);
    const route = `${req.method} ${pathname}`;

    // Browsers ask the payment page's site for its icon.
    if (pathname === "/favicon.ico") return void res.writeHead(204, { "Cache-Control": "max-age=86400" }).end();
    const hosted = /^\/c\/pay\/(cs_test_[A-Za-z0-9]+)(?:\/(pay|cancel))?$/.exec(pathname);
    if (hosted) return hostedPage(res, /** @type {string} */ (hosted[1]), req.method ?? "GET", hosted[2]);

    if (!pathname.startsWith("/v1/")) return apiError(res, 404, `Unrecognized request URL (${route}).`);
    if (outage === "connection") return void req.socket.destroy();
    if (outage === "error") return apiError(res, 500, "An unknown error occurred", "api_error");
    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? "")) {
      return apiError(res, 401, "Invalid API Key provided.", "invalid_request_error");
    }

    const params =
      req.method === "GET" ? parseStripeForm(new URL(req.url ?? "/", url).search.slice(1)) : parseStripeForm(body);
    const idempotencyKey = /** @type {string | undefined} */ (req.headers["idempotency-key"]);
    requests.push({ method: req.method ?? "", path: pathname, params, idempotencyKey });
    if (req.method === "POST" && idempotencyKey) {
      const earlier = idempotent.get(`${pathname}\0${idempotencyKey}`);
      if (earlier) return json(res, earlier.status, earlier.body, { "Idempotent-Replayed": "true" });
    }
    const answer = api(req.method ?? "", pathname, params);
    if (req.method === "POST" && idempotencyKey) idempotent.set(`${pathname}\0${idempotencyKey}`, answer);
    if (latency.ms > 0 && pathname.startsWith(latency.pathPrefix))
      await new Promise((resolve) => setTimeout(resolve, latency.ms));
    if (res.destroyed) return;
    json(res, answer.status, answer.body);
  }

  /**
   * @param {string} method @param {string} pathname @param {Record<string, any>} params
   * @returns {{ status: number; body: unknown }}
   */
  function api(method, pathname, params) {
    if (method === "POST" && pathname === "/v1/checkout/sessions") return createSession(params);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(pathname);
    if (one) {
      const session = sessions.get(decodeURIComponent(/** @type {string} */ (one[1])));
      if (!session)
        return errorBody(404, `No such checkout.session: '${one[1]}'`, "invalid_request_error", "resource_missing");
      if (method === "GET" && !one[2]) return { status: 200, body: session };
      if (method === "POST" && one[2]) {
        if (session.status !== "open") {
          return errorBody(
            400,
            `Only Checkout Sessions with a status in ["open"] can be expired.`,
            "invalid_request_error",
          );
        }
        session.status = "expired";
        void sendEvent("checkout.session.expired", session);
        return { status: 200, body: session };
      }
    }
    if (method === "POST" && pathname === "/v1/refunds") return createRefund(params);
    if (method === "GET" && pathname === "/v1/refunds") {
      const data = [...refunds.values()].filter((refund) => refund.payment_intent === params.payment_intent).reverse();
      return { status: 200, body: { object: "list", url: "/v1/refunds", has_more: false, data } };
    }
    return errorBody(404, `Unrecognized request URL (${method} ${pathname}).`, "invalid_request_error");
  }

  /** @param {Record<string, any>} params */
  function createSession(params) {
    const missing = ["success_url", "mode"].filter((name) => !params[name]);
    if (missing.length > 0)
      return errorBody(400, `Missing required param: ${missing[0]}.`, "invalid_request_error", "parameter_missing");
    const lineItems = /** @type {any[]} */ (Object.values(params.line_items ?? {}));
    if (lineItems.length === 0)
      return errorBody(400, "line_items is required in payment mode.", "invalid_request_error");
    const shippingRates = /** @type {any[]} */ (Object.values(params.shipping_options ?? {}));
    const subtotal = lineItems.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 0),
      0,
    );
    const shipping = shippingRates.reduce(
      (sum, option) => sum + Number(option.shipping_rate_data?.fixed_amount?.amount ?? 0),
      0,
    );
    const id = `cs_test_${crypto.randomBytes(12).toString("hex")}`;
    /** @type {Session} */
    const session = {
      id,
      object: "checkout.session",
      mode: params.mode,
      status: "open",
      payment_status: "unpaid",
      url: `${url}/c/pay/${id}`,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      currency: lineItems[0]?.price_data?.currency ?? "usd",
      amount_subtotal: subtotal,
      amount_total: subtotal + shipping,
      payment_intent: null,
      expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 3600),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  /** @param {Record<string, any>} params */
  function createRefund(params) {
    const session = [...sessions.values()].find(
      (candidate) => candidate.payment_intent && candidate.payment_intent === params.payment_intent,
    );
    if (!session)
      return errorBody(
        404,
        `No such payment_intent: '${params.payment_intent}'`,
        "invalid_request_error",
        "resource_missing",
      );
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === session.payment_intent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
    if (amount <= 0 || refunded + amount > session.amount_total) {
      return errorBody(
        400,
        `Charge for ${session.payment_intent} has already been refunded.`,
        "invalid_request_error",
        "charge_already_refunded",
      );
    }
    const refund = {
      id: `re_test_${crypto.randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      currency: session.currency,
      payment_intent: session.payment_intent,
      status: "succeeded",
      metadata: params.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** A payment intent's charge, as Stripe's charge events carry it. @param {string} paymentIntent */
  function chargeOf(paymentIntent) {
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
    if (!session) throw new Error(`No paid session has the payment intent ${paymentIntent}`);
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    return {
      id: `ch_${String(paymentIntent).slice(3)}`,
      object: "charge",
      amount: session.amount_total,
      amount_refunded: refunded,
      refunded: refunded >= session.amount_total,
      currency: session.currency,
      payment_intent: paymentIntent,
      livemode: false,
    };
  }

  /** @param {string} paymentIntent */
  function sendChargeRefunded(paymentIntent) {
    return sendEvent("charge.refunded", chargeOf(paymentIntent));
  }

  /**
   * @param {http.ServerResponse} res @param {string} id @param {string} method @param {string | undefined} action
   */
  async function hostedPage(res, id, method, action) {
    const session = sessions.get(id);
    if (!session) return html(res, 404, "<h1>Something went wrong</h1><p>This payment page does not exist.</p>");
    if (method === "GET" && !action) {
      if (session.status !== "open") return html(res, 410, `<h1>This checkout session is ${session.status}</h1>`);
      const total = (session.amount_total / 100).toFixed(2);
      return html(
        res,
        200,
        `<h1>Pay Luxe Strands</h1><p>Total: <strong>$${total}</strong> (${escapeHtml(session.customer_email ?? "")})</p>` +
          `<form method="post" action="/c/pay/${id}/pay"><button type="submit">Pay</button></form>` +
          `<form method="post" action="/c/pay/${id}/cancel"><button type="submit">Cancel</button></form>`,
      );
    }
    if (method !== "POST") return html(res, 405, "<h1>Method not allowed</h1>");
    if (action === "cancel") return redirect(res, session.cancel_url ?? "/");
    if (session.status !== "open") return html(res, 410, `<h1>This checkout session is ${session.status}</h1>`);
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = `pi_test_${crypto.randomBytes(12).toString("hex")}`;
    await sendEvent("checkout.session.completed", session);
    redirect(res, String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", id));
  }

  /**
   * Sends a signed event about `object` to the webhook URL and resolves with the shop's answer (also kept in
   * `webhookAnswers`). `options.secret` signs with another secret (a forged event); `options.id` repeats an event.
   * @param {string} type
   * @param {Record<string, any>} object
   * @param {{ id?: string; secret?: string }} [options]
   * @returns {Promise<WebhookAnswer & { event: Record<string, any> }>}
   */
  async function sendEvent(type, object, options = {}) {
    const event = eventOf(type, object, options.id);
    const payload = JSON.stringify(event, null, 2);
    const answer = await deliver(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret }),
    );
    return { ...answer, event };
  }

  /**
   * Posts a payload as Stripe does, with the given Stripe-Signature header (or none).
   * @param {string} payload @param {string | undefined} signature
   * @returns {Promise<WebhookAnswer>}
   */
  async function deliver(payload, signature) {
    if (!standIn.webhookUrl) throw new Error("The Stripe stand-in has no webhook URL to send events to.");
    const response = await fetch(standIn.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        ...(signature === undefined ? {} : { "Stripe-Signature": signature }),
      },
      body: payload,
    });
    const answer = { status: response.status, body: await response.text() };
    webhookAnswers.push(answer);
    return answer;
  }

  const standIn = {
    url,
    /** Where events are posted (the shop's /webhooks/stripe). */
    webhookUrl,
    sessions,
    refunds,
    /** Every API request, in order, with its decoded parameters. */
    requests,
    /** The shop's answers to the events sent, in order. */
    webhookAnswers,
    sendEvent,
    deliver,
    eventOf,
    /** The Stripe-Signature header Stripe would send with `payload` (signed with `secret`, by default the shop's). */
    signatureFor: (/** @type {string} */ payload, secret = webhookSecret) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    /** Holds back the answers of API requests under `pathPrefix` by `ms` after they took effect (0: none). */
    setLatency(/** @type {number} */ ms, pathPrefix = "/v1/") {
      latency = { ms, pathPrefix };
    },
    /**
     * A refund made in Stripe's dashboard (no metadata of the shop's), and the charge.refunded event Stripe sends.
     * @param {string} paymentIntent @param {number} [amount] all that is left by default
     */
    async refundInDashboard(paymentIntent, amount) {
      const made = createRefund({ payment_intent: paymentIntent, ...(amount === undefined ? {} : { amount }) });
      if (made.status !== 200) throw new Error(`The stand-in refused the refund: ${JSON.stringify(made.body)}`);
      return { refund: /** @type {Record<string, any>} */ (made.body), ...(await sendChargeRefunded(paymentIntent)) };
    },
    /** The charge.refunded event about a payment intent, as Stripe sends it after any refund of it. */
    sendChargeRefunded: (/** @type {string} */ paymentIntent) => sendChargeRefunded(paymentIntent),
    /**
     * A bank disputes a payment: charge.dispute.created.
     * @param {string} paymentIntent @param {{ amount?: number; reason?: string }} [options]
     */
    openDispute(paymentIntent, options = {}) {
      const charge = chargeOf(paymentIntent);
      const dispute = {
        id: `du_test_${crypto.randomBytes(12).toString("hex")}`,
        object: "dispute",
        amount: options.amount ?? charge.amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: paymentIntent,
        reason: options.reason ?? "fraudulent",
        status: "needs_response",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      return sendEvent("charge.dispute.created", dispute);
    },
    /**
     * The dispute is decided: charge.dispute.closed with status won or lost.
     * @param {string} disputeId @param {"won" | "lost"} status
     */
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`No dispute ${disputeId}`);
      dispute.status = status;
      return sendEvent("charge.dispute.closed", dispute);
    },
    /** Takes the API down ("connection": sockets closed; "error": HTTP 500) or back "up". */
    setOutage(/** @type {"up" | "connection" | "error"} */ value) {
      outage = value;
    },
    /**
     * Pays an open session as the hosted page's Pay does (the event included), without a browser.
     * @param {string} id
     */
    async pay(id) {
      const session = sessions.get(id);
      if (!session || session.status !== "open") throw new Error(`No open session ${id}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_test_${crypto.randomBytes(12).toString("hex")}`;
      return sendEvent("checkout.session.completed", session);
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
  return standIn;
}

/**
 * An event as Stripe sends it.
 * @param {string} type @param {Record<string, any>} object @param {string} [id]
 */
export function eventOf(type, object, id) {
  return {
    id: id ?? `evt_test_${crypto.randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
}

/**
 * Stripe's form encoding (`line_items[0][price_data][currency]=usd`) as nested objects; arrays stay objects keyed
 * by index (read them with Object.values).
 * @param {string} body
 * @returns {Record<string, any>}
 */
export function parseStripeForm(body) {
  /** @type {Record<string, any>} */
  const root = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.replace(/\]/g, "").split("[");
    let node = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = node[key] ??= {};
    });
  }
  return root;
}

/** @param {http.IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {number} status @param {string} message @param {string} [type] @param {string} [code] */
function errorBody(status, message, type = "invalid_request_error", code) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

/** @param {http.ServerResponse} res @param {number} status @param {string} message @param {string} [type] */
function apiError(res, status, message, type) {
  const { body } = errorBody(status, message, type);
  json(res, status, body);
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
function json(res, status, body, headers = {}) {
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": `req_${crypto.randomBytes(8).toString("hex")}`,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** @param {http.ServerResponse} res @param {number} status @param {string} content */
function html(res, status, content) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Checkout (Stripe stand-in)</title></head><body><main>${content}</main></body></html>`,
  );
}

/** @param {http.ServerResponse} res @param {string} location */
function redirect(res, location) {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

// What a shopper's browser does, done over HTTP: fill a visitor cart, sign up a member, place an order.
// Each answer is checked, so that a benchmark never measures a page of errors without saying so.
import crypto from "node:crypto";
import http from "node:http";

import { CookieJar } from "../../lib/cookie-jar.mjs";
import { staffSetupLinksIn } from "../../lib/shop-harness.mjs";

/** The shipping form the checkout accepts (docs/product.md, Rules). */
export const shippingForm = {
  firstName: "Bench",
  lastName: "Shopper",
  email: "bench.shopper@example.com",
  phone: "5551234567",
  address: "1 Benchmark Way",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  country: "United States",
  shippingMethod: "standard",
};

/** A fresh key per checkout submission, as the form issues it: 16+ characters of [A-Za-z0-9_-]. */
export function newIdempotencyKey() {
  return crypto.randomBytes(18).toString("base64url");
}

export function checkoutBody() {
  return new URLSearchParams({
    ...shippingForm,
    shippingMethod: "standard",
    idempotencyKey: newIdempotencyKey(),
  }).toString();
}

/** A sign-in with a new random address and password each time: a flood that no per-account lockout slows. */
export function signInBody() {
  const email = `flood-${crypto.randomBytes(8).toString("hex")}@example.com`;
  return new URLSearchParams({ intent: "signin", email, password: crypto.randomBytes(12).toString("hex") }).toString();
}

export function cartAddBody(productId, quantity = 1) {
  return new URLSearchParams({ intent: "add", productId, quantity: String(quantity) }).toString();
}

/**
 * One HTTP request with node:http rather than fetch: fetch (undici) overrides Sec-Fetch-Mode with "cors", and the
 * cart tells a plain form post (answered with a 303) from a script's fetch by exactly that header.
 */
export function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const options = {
      method,
      headers: body ? { ...headers, "Content-Length": Buffer.byteLength(body) } : headers,
      // A fresh connection each time: a pooled one the server has just closed would fail with ECONNRESET.
      agent: false,
    };
    const outgoing = http.request(url, options, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** The cookies a response sets (its `get(name)` is undefined for one it removes), from node:http's headers. */
export function setCookies(headers) {
  return new CookieJar().store(headers["set-cookie"]);
}

/**
 * The toast a response sets, decoded (Remix signs cookies as base64(JSON) + "." + signature), or null.
 * Actions answer plain form posts with a 303 either way; the toast says whether it worked.
 */
export function decodeToast(setCookieValue) {
  if (!setCookieValue) return null;
  const value = decodeURIComponent(setCookieValue);
  const payload = value.slice(0, value.lastIndexOf("."));
  try {
    return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return null;
  }
}

/** What a browser sends with a plain HTML form post (what works without JavaScript): the cart answers with a 303. */
export const formHeaders = (baseUrl, cookie) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  "Sec-Fetch-Mode": "navigate",
  // The server refuses posts whose Origin is another site; browsers always send it with a form post.
  Origin: baseUrl,
  ...(cookie ? { Cookie: cookie } : {}),
});

/**
 * Posts intent=add to /cart for each product, carrying the cart cookie along, and returns the final
 * `cart=...` cookie: the visitor's whole cart, signed by the server.
 */
export async function visitorCartCookie(baseUrl, lines) {
  let cart = "";
  for (const { productId, quantity = 1 } of lines) {
    const response = await request(`${baseUrl}/cart`, {
      method: "POST",
      headers: formHeaders(baseUrl, cart ? `cart=${cart}` : ""),
      body: cartAddBody(productId, quantity),
    });
    const cookies = setCookies(response.headers);
    const toast = decodeToast(cookies.get("toast"));
    if (response.status !== 303 || !cookies.get("cart") || toast?.type === "error") {
      throw new Error(`Adding ${productId} to a visitor cart failed: ${response.status} ${toast?.description ?? ""}`);
    }
    cart = cookies.get("cart");
  }
  return `cart=${cart}`;
}

/** Whether the shop has the sign-up form yet (a build from before accounts has none). */
export async function signUpAvailable(baseUrl) {
  const response = await request(`${baseUrl}/auth?mode=signup`);
  const html = response.text;
  return response.status === 200 && /name="intent"[^>]*value="signup"|value="signup"[^>]*name="intent"/.test(html);
}

/** Creates a member (a random address unless given) through the sign-up form; returns its session cookie ("shop_session=..."). */
export async function signUpMember(baseUrl, email = `bench-${crypto.randomBytes(6).toString("hex")}@example.com`) {
  const password = `Bench-${crypto.randomBytes(12).toString("base64url")}-9`;
  const response = await request(`${baseUrl}/auth?mode=signup`, {
    method: "POST",
    headers: formHeaders(baseUrl, ""),
    body: new URLSearchParams({ intent: "signup", email, password }).toString(),
  });
  const session = setCookies(response.headers).get("shop_session");
  if (response.status !== 303 || !session) {
    throw new Error(`Sign-up failed: ${response.status} ${response.text.slice(0, 300)}`);
  }
  return { email, cookie: `shop_session=${session}` };
}

/**
 * A signed-in staff session for `email` (which the server's STAFF_EMAILS lists), made as the owner does on day one
 * (decision 0032): the set-up link the server printed at start-up (`serverOutput`, its log so far), and a password
 * posted to it. The one place the benchmarks make staff.
 */
export async function signInStaff(baseUrl, email, serverOutput) {
  const link = staffSetupLinksIn(serverOutput)[email];
  if (!link) throw new Error(`The server printed no staff set-up link for ${email}.`);
  const password = `Bench-${crypto.randomBytes(12).toString("base64url")}-9`;
  const { pathname, search, searchParams } = new URL(link);
  const token = searchParams.get("token") ?? "";
  // To the server at hand: the link names SITE_URL's host (else localhost), which the post's Origin must match.
  const response = await request(`${baseUrl}${pathname}${search}`, {
    method: "POST",
    headers: formHeaders(baseUrl, ""),
    body: new URLSearchParams({ token, password, confirmPassword: password }).toString(),
  });
  const session = setCookies(response.headers).get("shop_session");
  if (response.status !== 303 || !session) {
    throw new Error(`Staff set-up failed: ${response.status} ${response.text.slice(0, 300)}`);
  }
  return { email, cookie: `shop_session=${session}` };
}

/** A member's cart add (stored in the database); throws unless the toast says it worked. */
export async function memberCartAdd(baseUrl, memberCookie, productId, quantity = 1) {
  const response = await request(`${baseUrl}/cart`, {
    method: "POST",
    headers: formHeaders(baseUrl, memberCookie),
    body: cartAddBody(productId, quantity),
  });
  const toast = decodeToast(setCookies(response.headers).get("toast"));
  if (response.status !== 303 || !toast || toast.type === "error") {
    throw new Error(`Member cart add of ${productId} failed: ${response.status} ${toast?.description ?? ""}`);
  }
}

/** Places an order for whatever cart the cookie carries; throws unless it lands on /order-success. */
export async function placeOrder(baseUrl, cookie) {
  const response = await request(`${baseUrl}/checkout`, {
    method: "POST",
    headers: formHeaders(baseUrl, cookie),
    body: checkoutBody(),
  });
  const location = response.headers.location ?? "";
  if (response.status < 300 || response.status >= 400 || !location.startsWith("/order-success")) {
    throw new Error(`Checkout failed: ${response.status} ${location} ${response.text.slice(0, 300)}`);
  }
}

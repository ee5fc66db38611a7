#!/usr/bin/env node
// Load test: concurrent shoppers (visitors and members) browse, fill and change their carts and check out
// against the production server for a fixed time; then every order the server acknowledged is looked up in
// the database (exactly once, amounts = catalogue price x quantity, plus Standard shipping) and every member's cart is compared with
// what the shopper was told. Prints requests, errors, orders and requests per second; exits 1 on any loss.
//
//   node scripts/load-test.mjs                          # (npm run load-test)
//   node scripts/load-test.mjs --duration 60 --shoppers 16 --member-share 0.5
//   node scripts/load-test.mjs --url http://127.0.0.1:3000   # a server you started (loopback only); with
//                                                       # DATABASE_URL set, its postgres database is checked
//
// Without --url it starts the production server of the current sources (scripts/lib/shop-harness.mjs: built first
// if they changed) on a free port and a temporary DATA_DIR (or on DATABASE_URL when set), and stops it (SIGTERM)
// before reading the database.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";

import { CookieJar } from "./lib/cookie-jar.mjs";
import { projectRoot as projectDir, startShop, throwawayDir } from "./lib/shop-harness.mjs";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: process.env.LOAD_DURATION ?? "20" },
    shoppers: { type: "string", default: process.env.LOAD_SHOPPERS ?? "8" },
    "member-share": { type: "string", default: "0.5" },
    url: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log(
    "Usage: node scripts/load-test.mjs [--duration seconds=20] [--shoppers 8] [--member-share 0.5] [--url http://127.0.0.1:PORT]",
  );
  process.exit(0);
}
const durationMs = bounded(Number(options.duration), 1, 600, "--duration") * 1000;
const shopperCount = bounded(Number(options.shoppers), 1, 200, "--shoppers");
const memberShare = bounded(Number(options["member-share"]), 0, 1, "--member-share");

function bounded(value, min, max, name) {
  if (!Number.isFinite(value) || value < min || value > max) fail(`${name} must be a number from ${min} to ${max}.`);
  return value;
}

function fail(message) {
  console.error(`load-test: ${message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue, from the app's own module (loaded through Vite, which compiles TypeScript).

/** Set by loadCatalogue. */
let standardShippingCents = (_subtotalCents) => 0;

async function loadCatalogue() {
  const { createServer } = await import("vite");
  const { default: tsconfigPaths } = await import("vite-tsconfig-paths");
  const vite = await createServer({
    root: projectDir,
    configFile: false,
    logLevel: "silent",
    appType: "custom",
    plugins: [tsconfigPaths()],
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const catalog = await vite.ssrLoadModule("/app/modules/catalog/catalog.server.ts");
    const money = await vite.ssrLoadModule("/app/modules/money.ts");
    const shipping = await vite.ssrLoadModule("/app/modules/checkout/shipping.ts");
    // What Standard shipping (the load test's choice) costs for an items subtotal, by the checkout's own rule.
    const standard = shipping.findShippingMethod("standard");
    standardShippingCents = (subtotalCents) => shipping.shippingAmountCents(standard, subtotalCents);
    return catalog
      .getAllProducts()
      .map((product) => ({ id: product.id, inStock: product.inStock, priceCents: money.toCents(product.price) }));
  } finally {
    await vite.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The server under test.

async function startServer() {
  // The database is read after the server stopped: a directory of ours, not the harness's throwaway one.
  const dataDir = process.env.DATABASE_URL ? undefined : throwawayDir("shop-load-");
  const server = await startShop({
    dataDir: dataDir?.path,
    env: {
      ALLOW_HTTP: "true",
      LOG_LEVEL: "warn",
      // Shoppers sign up and check out at once: no confirmation link, no sender (decision 0016).
      MAIL: "off",
      ...(process.env.SESSION_SECRET ? { SESSION_SECRET: process.env.SESSION_SECRET } : {}),
      // Deliberately the caller's database when DATABASE_URL is set (see the top of this file).
      ...(process.env.DATABASE_URL ? { BACKEND: "postgres", DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  }).catch((error) => fail(error instanceof Error ? error.message : String(error)));
  return { ...server, removeDataDir: () => dataDir?.remove() };
}

// ---------------------------------------------------------------------------------------------------------
// HTTP, counted.

const stats = { requests: 0, errors: 0, latencies: [], errorSamples: [] };
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(baseUrl, pathname, { form, cookie } = {}) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers = { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) };
  if (body !== undefined) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers["Content-Length"] = String(Buffer.byteLength(body));
  }
  const started = performance.now();
  stats.requests += 1;
  return new Promise((resolve) => {
    const req = http.request(
      new URL(pathname, baseUrl),
      { method: body === undefined ? "GET" : "POST", headers, agent },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          stats.latencies.push(performance.now() - started);
          resolve({
            status: res.statusCode,
            location: res.headers.location,
            setCookies: res.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString(),
          });
        });
        res.on("error", (error) => resolve({ status: 0, error, setCookies: [], body: "" }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, error, setCookies: [], body: "" }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Counts a response as an error unless its status is expected; returns whether it was. */
function expectStatus(response, expected, what) {
  if (expected.includes(response.status)) return true;
  stats.errors += 1;
  if (stats.errorSamples.length < 10) {
    stats.errorSamples.push(
      `${what}: ${response.status || response.error?.code || response.error?.message} ${response.body.slice(0, 160).replace(/\s+/g, " ")}`,
    );
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Shoppers.

const pick = (items) => items[Math.floor(Math.random() * items.length)];
const randomInt = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

/** What the shopper was told the cart holds, from acknowledged (303) changes only. */
class CartModel {
  lines = new Map();
  add(productId, quantity) {
    this.lines.set(productId, Math.min(99, (this.lines.get(productId) ?? 0) + quantity));
  }
  set(productId, quantity) {
    if (quantity <= 0) this.lines.delete(productId);
    else this.lines.set(productId, Math.min(99, quantity));
  }
  snapshot() {
    return [...this.lines]
      .map(([productId, quantity]) => ({ productId, quantity }))
      .sort((a, b) => a.productId.localeCompare(b.productId));
  }
}

async function runShopper(baseUrl, shopper, products, deadline, acknowledgedOrders) {
  const inStock = products.filter((product) => product.inStock);
  const cart = new CartModel();
  // After an unanswered change the shopper cannot know the cart: its final state is not compared.
  shopper.cartKnown = true;
  shopper.cart = cart;

  const change = async (form) => {
    const response = await request(baseUrl, "/cart", { form, cookie: shopper.cookies.header() });
    if (!expectStatus(response, [303], `POST /cart ${form.intent}`)) {
      shopper.cartKnown = false;
      return false;
    }
    shopper.cookies.store(response.setCookies);
    return true;
  };

  while (Date.now() < deadline) {
    for (const page of ["/", "/shop", `/product/${pick(products).id}`]) {
      const response = await request(baseUrl, page, { cookie: shopper.cookies.header() });
      if (expectStatus(response, [200], `GET ${page}`)) shopper.cookies.store(response.setCookies);
    }

    const product = pick(inStock);
    const quantity = randomInt(1, 3);
    if (await change({ intent: "add", productId: product.id, quantity: String(quantity) }))
      cart.add(product.id, quantity);

    const roll = Math.random();
    const lineIds = [...cart.lines.keys()];
    if (roll < 0.3 && lineIds.length > 0) {
      const productId = pick(lineIds);
      const newQuantity = randomInt(1, 5);
      if (await change({ intent: "set", productId, quantity: String(newQuantity) })) cart.set(productId, newQuantity);
    } else if (roll < 0.4 && lineIds.length > 1) {
      const productId = pick(lineIds);
      if (await change({ intent: "remove", productId })) cart.set(productId, 0);
    }

    if (Math.random() < 0.5 && cart.lines.size > 0 && Date.now() < deadline)
      await checkout(baseUrl, shopper, cart, acknowledgedOrders);
  }
}

async function checkout(baseUrl, shopper, cart, acknowledgedOrders) {
  const page = await request(baseUrl, "/checkout", { cookie: shopper.cookies.header() });
  if (!expectStatus(page, [200], "GET /checkout")) return;
  const key = /<input[^>]*name="idempotencyKey"[^>]*>/.exec(page.body)?.[0].match(/value="([^"]+)"/)?.[1];
  if (!key) {
    expectStatus({ ...page, status: -1 }, [], "GET /checkout: no idempotency key in the form");
    return;
  }
  const lines = cart.snapshot();
  const placed = await request(baseUrl, "/checkout", {
    cookie: shopper.cookies.header(),
    form: {
      firstName: "Load",
      lastName: `Shopper ${shopper.index}`,
      email: shopper.email ?? `visitor-${shopper.index}@example.com`,
      phone: "+1 555 010 0100",
      address: "1 Benchmark Way",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "United States",
      shippingMethod: "standard",
      idempotencyKey: key,
    },
  });
  if (!expectStatus(placed, [303], "POST /checkout") || placed.location !== "/order-success") {
    shopper.cartKnown = false;
    return;
  }
  shopper.cookies.store(placed.setCookies);
  const success = await request(baseUrl, "/order-success", { cookie: shopper.cookies.header() });
  // React separates the two text nodes with an empty comment.
  const orderNumber = /Order #(?:<!-- -->)?([0-9a-f]{8})/.exec(success.body)?.[1];
  if (!expectStatus(success, [200], "GET /order-success") || !orderNumber) {
    if (success.status === 200) expectStatus({ ...success, status: -1 }, [], "GET /order-success: no order number");
    shopper.cartKnown = false;
    return;
  }
  shopper.cookies.store(success.setCookies);
  acknowledgedOrders.push({ orderNumber, lines, shopper: shopper.index });
  cart.lines.clear();
}

// ---------------------------------------------------------------------------------------------------------
// Checks in the database.

async function openDatabase(server) {
  if (server?.dataDir) {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(server.dataDir, "pglite"));
    return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
  }
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  return undefined;
}

async function verify(db, acknowledgedOrders, shoppers, products) {
  const problems = [];
  const priceOf = new Map(products.map((product) => [product.id, product.priceCents]));

  for (const acknowledged of acknowledgedOrders) {
    const rows = await db.query(
      `select o.id, o.total_amount, o.shipping_method, o.shipping_amount,
              coalesce(json_agg(json_build_object('productId', i.product_id, 'quantity', i.quantity, 'price', i.price_per_item))
                       filter (where i.id is not null), '[]') as items
       from public.orders o left join public.order_items i on i.order_id = o.id
       where right(o.id::text, 8) = lower($1) group by o.id`,
      [acknowledged.orderNumber],
    );
    if (rows.length !== 1) {
      problems.push(`order #${acknowledged.orderNumber}: found ${rows.length} times in the database`);
      continue;
    }
    const [order] = rows;
    const items = (typeof order.items === "string" ? JSON.parse(order.items) : order.items)
      .map(({ productId, quantity, price }) => ({ productId, quantity, price }))
      .sort((a, b) => a.productId.localeCompare(b.productId));
    const expected = acknowledged.lines.map((line) => ({ ...line, price: priceOf.get(line.productId) }));
    const subtotal = expected.reduce((sum, line) => sum + line.quantity * line.price, 0);
    const expectedShipping = standardShippingCents(subtotal);
    const expectedTotal = subtotal + expectedShipping;
    if (order.shipping_method !== "standard" || Number(order.shipping_amount) !== expectedShipping) {
      problems.push(
        `order #${acknowledged.orderNumber}: shipping ${order.shipping_method} ${order.shipping_amount}, expected standard ${expectedShipping}`,
      );
    }
    if (JSON.stringify(items) !== JSON.stringify(expected)) {
      problems.push(
        `order #${acknowledged.orderNumber}: lines ${JSON.stringify(items)}, expected ${JSON.stringify(expected)}`,
      );
    }
    if (Number(order.total_amount) !== expectedTotal) {
      problems.push(`order #${acknowledged.orderNumber}: total ${order.total_amount}, expected ${expectedTotal}`);
    }
  }

  let cartsCompared = 0;
  for (const shopper of shoppers.filter((candidate) => candidate.email && candidate.cartKnown)) {
    const rows = await db.query(
      `select c.product_id as "productId", c.quantity from public.cart_items c join auth.users u on u.id = c.user_id
       where u.email = $1`,
      [shopper.email],
    );
    cartsCompared += 1;
    const stored = rows
      .map(({ productId, quantity }) => ({ productId, quantity }))
      .sort((a, b) => a.productId.localeCompare(b.productId));
    if (JSON.stringify(stored) !== JSON.stringify(shopper.cart.snapshot())) {
      problems.push(
        `member ${shopper.index}: cart ${JSON.stringify(stored)}, was told ${JSON.stringify(shopper.cart.snapshot())}`,
      );
    }
  }
  const [{ count }] = await db.query("select count(*)::int as count from public.orders");
  return { problems, cartsCompared, ordersInDatabase: Number(count) };
}

/** Visitor carts live in their cookie: compare the cart page with what the shopper was told. */
async function verifyVisitorCarts(baseUrl, shoppers) {
  const problems = [];
  let compared = 0;
  for (const shopper of shoppers.filter((candidate) => !candidate.email && candidate.cartKnown)) {
    const page = await request(baseUrl, "/cart", { cookie: shopper.cookies.header() });
    const shown = page.body
      .split('data-testid="cart-line"')
      .slice(1)
      .map((chunk) => ({
        productId: /name="productId" value="([^"]+)"/.exec(chunk)?.[1],
        quantity: Number(/data-testid="cart-line-quantity">(\d+)</.exec(chunk)?.[1]),
      }))
      .sort((a, b) => a.productId.localeCompare(b.productId));
    compared += 1;
    if (JSON.stringify(shown) !== JSON.stringify(shopper.cart.snapshot())) {
      problems.push(
        `visitor ${shopper.index}: cart page shows ${JSON.stringify(shown)}, was told ${JSON.stringify(shopper.cart.snapshot())}`,
      );
    }
  }
  return { problems, compared };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  if (options.url) {
    const { hostname } = new URL(options.url);
    if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(hostname))
      fail("--url must be a loopback address (127.0.0.1, localhost or [::1]).");
  }
  const products = await loadCatalogue();
  const server = options.url ? undefined : await startServer();
  const baseUrl = options.url ?? server.url;
  console.log(
    `Load test: ${shopperCount} shoppers for ${durationMs / 1000} s against ${baseUrl}${server?.dataDir ? ` (DATA_DIR ${server.dataDir})` : ""}`,
  );

  const canSignUp = (await request(baseUrl, "/auth?mode=signup")).status === 200;
  const memberCount = canSignUp ? Math.round(shopperCount * memberShare) : 0;
  const shoppers = [];
  for (let index = 0; index < shopperCount; index += 1) {
    const shopper = { index, cookies: new CookieJar() };
    if (index < memberCount) {
      shopper.email = `load-${Date.now()}-${index}-${crypto.randomBytes(3).toString("hex")}@example.com`;
      const response = await request(baseUrl, "/auth?mode=signup", {
        form: { intent: "signup", email: shopper.email, password: crypto.randomBytes(12).toString("hex") },
      });
      if (!expectStatus(response, [303], "sign-up")) fail(`could not sign up a member: ${stats.errorSamples.at(-1)}`);
      shopper.cookies.store(response.setCookies);
    }
    shoppers.push(shopper);
  }

  const acknowledgedOrders = [];
  const requestsBefore = stats.requests;
  const started = performance.now();
  const deadline = Date.now() + durationMs;
  await Promise.all(shoppers.map((shopper) => runShopper(baseUrl, shopper, products, deadline, acknowledgedOrders)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const loadRequests = stats.requests - requestsBefore;

  const visitorCheck = await verifyVisitorCarts(baseUrl, shoppers);
  agent.destroy();
  if (server) {
    const code = await server.stop();
    if (code !== 0) visitorCheck.problems.push(`the server exited with ${code} on SIGTERM:\n${server.output()}`);
  }

  const db = await openDatabase(server);
  const check = db ? await verify(db, acknowledgedOrders, shoppers, products) : undefined;
  await db?.close();
  server?.removeDataDir();

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const percentile = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(0) : "-";
  const problems = [...visitorCheck.problems, ...(check?.problems ?? [])];
  console.log(
    [
      `shoppers        ${shopperCount} (${memberCount} members, ${shopperCount - memberCount} visitors)`,
      `requests        ${loadRequests} in ${elapsedSeconds.toFixed(1)} s (${(loadRequests / elapsedSeconds).toFixed(1)} rps)`,
      `latency         p50 ${percentile(50)} ms, p95 ${percentile(95)} ms, p99 ${percentile(99)} ms`,
      `errors          ${stats.errors}`,
      `orders          ${acknowledgedOrders.length} acknowledged${check ? `, ${check.ordersInDatabase} in the database` : ""}`,
      check
        ? `verified        every acknowledged order once with catalogue amounts; ${check.cartsCompared} member carts, ${visitorCheck.compared} visitor carts compared`
        : "verified        visitor carts only (set DATABASE_URL, or run without --url, to check orders and member carts in the database)",
      ...stats.errorSamples.map((sample) => `  error: ${sample}`),
      ...problems.map((problem) => `  LOST OR WRONG: ${problem}`),
    ].join("\n"),
  );
  process.exit(problems.length > 0 || stats.errors > 0 ? 1 : 0);
}

await main();

import { checkoutForm, httpRequest, nextCookies, signUpThroughAuth, type HttpResponse } from "#tests/support/http";
import { startPostgresCluster, type PostgresCluster } from "#tests/support/postgres-cluster";
import { controlCluster } from "#tests/support/postgres-control";
import { useProductionServers, type ProductionServer } from "#tests/support/production-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The postgres backend loses its database mid-test (the throwaway cluster is stopped), then gets it back.

const shops = useProductionServers();
let cluster: PostgresCluster;
let control: Awaited<ReturnType<typeof controlCluster>>;
let server: ProductionServer;
let memberCookie: string;
let visitorCookie: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const databaseUrl = await cluster.createDatabase("shop_database_down");
  control = await controlCluster(databaseUrl);
  server = await shops.start({ env: { BACKEND: "postgres", DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "4" } });

  memberCookie = await signUpThroughAuth(server.url, `db-down-${Date.now()}@example.com`);
  const memberAdd = await httpRequest(server.url, "/cart", {
    form: { intent: "add", productId: "clip-1", quantity: "2" },
    cookie: memberCookie,
  });
  expect(memberAdd.status).toBe(303);
  memberCookie = nextCookies(memberAdd, memberCookie);
  const visitorAdd = await httpRequest(server.url, "/cart", {
    form: { intent: "add", productId: "wig-1", quantity: "1" },
  });
  visitorCookie = nextCookies(visitorAdd);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.stop();
});

const signedIn = (page: HttpResponse) => page.body.includes('aria-label="Account menu"');
const signedOut = (page: HttpResponse) => page.body.includes('aria-label="Sign in"');
const clearsSession = (response: HttpResponse) =>
  response.setCookies.some(
    (cookie) => cookie.startsWith("shop_session=;") || /shop_session=[^;]*;.*Max-Age=0/i.test(cookie),
  );
/** Without Sec-Fetch-Mode a post is a browser form navigation; with "cors" it is a fetcher's request. */
const asFetcher = { "Sec-Fetch-Mode": "cors" };

describe("with the database up", () => {
  it("is ready and shows the member signed in", async () => {
    expect((await httpRequest(server.url, "/readyz")).status).toBe(200);
    expect(signedIn(await httpRequest(server.url, "/", { cookie: memberCookie }))).toBe(true);
  });
});

describe("with the database down", () => {
  beforeAll(async () => {
    await control.stop();
  }, 60_000);

  it("stays alive (/healthz 200) but not ready (/readyz 503)", async () => {
    expect((await httpRequest(server.url, "/healthz")).status).toBe(200);
    const ready = await httpRequest(server.url, "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it.each(["/", "/shop", "/product/clip-1", "/blog"])("serves %s to visitors", async (path) => {
    const page = await httpRequest(server.url, path, { cookie: visitorCookie });
    expect(page.status).toBe(200);
    expect(signedOut(page)).toBe(true);
  });

  it.each(["/", "/shop", "/product/clip-1"])(
    "serves %s to a member as signed out, keeping the session cookie",
    async (path) => {
      const page = await httpRequest(server.url, path, { cookie: memberCookie });
      expect(page.status).toBe(200);
      expect(signedOut(page)).toBe(true);
      expect(clearsSession(page)).toBe(false);
    },
  );

  it("keeps the visitor's cookie cart working", async () => {
    const response = await httpRequest(server.url, "/cart", {
      form: { intent: "add", productId: "clip-2", quantity: "1" },
      cookie: visitorCookie,
    });
    expect(response.status).toBe(303);
    expect(response.setCookies.some((cookie) => cookie.startsWith("cart="))).toBe(true);
  });

  it("answers a visitor's checkout with 503, the reason, and everything typed", async () => {
    const form = checkoutForm({ firstName: "Grace", address: "1 Compiler Court" });
    const response = await httpRequest(server.url, "/checkout", { form, cookie: visitorCookie });
    expect(response.status).toBe(503);
    expect(response.body).toContain("There was an error processing your payment. Please try again.");
    expect(response.body).toContain('value="Grace"');
    expect(response.body).toContain('value="1 Compiler Court"');
    expect(response.body).toContain(`value="${form.idempotencyKey}"`);
    // The cart is kept for the next try.
    expect(response.setCookies.some((cookie) => cookie.startsWith("cart="))).toBe(false);
  });

  it("answers a sign-up with 503 and the reason, keeping the e-mail address", async () => {
    const email = `while-down-${Date.now()}@example.com`;
    const response = await httpRequest(server.url, "/auth?mode=signup", {
      form: { intent: "signup", email, password: "a long enough password 2" },
    });
    expect(response.status).toBe(503);
    expect(response.body).toContain("The shop&#x27;s database is not reachable right now");
    expect(response.body).toContain(`value="${email}"`);
  });

  it("sends a newsletter sign-up back to the form with the reason and the typed address", async () => {
    const response = await httpRequest(server.url, "/newsletter", {
      form: { email: "news@example.com" },
      headers: { Referer: `${server.url}/shop` },
    });
    expect(response.status).toBe(303);
    expect(response.location).toBe("/shop#newsletter");
    const back = await httpRequest(server.url, "/shop", { cookie: nextCookies(response) });
    expect(back.body).toContain("We could not subscribe you right now. Please try again.");
    expect(back.body).toContain('value="news@example.com"');
  });

  it.each([
    ["cart change (fetcher)", "/cart", { intent: "add", productId: "clip-1", quantity: "1" }, asFetcher],
    ["wishlist change (fetcher)", "/wishlist", { intent: "toggle", productId: "clip-1" }, asFetcher],
    ["checkout", "/checkout", checkoutForm(), {}],
    ["profile change", "/profile", { intent: "update-profile", fullName: "Renamed While Down" }, {}],
  ])("answers a member's %s with the 503 page", async (_name, path, form, headers) => {
    const response = await httpRequest(server.url, path, { form, cookie: memberCookie, headers });
    expect(response.status).toBe(503);
    expect(response.body).toContain("Part of the shop is temporarily unavailable");
  });
});

describe("when the database is back", () => {
  beforeAll(async () => {
    await control.start();
  }, 60_000);

  it("recovers by itself: ready again, the member signed in with the cart as it was", async () => {
    let ready = 0;
    for (let attempt = 0; attempt < 60 && ready !== 200; attempt += 1) {
      ready = (await httpRequest(server.url, "/readyz")).status;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(ready).toBe(200);

    const cart = await httpRequest(server.url, "/cart", { cookie: memberCookie });
    expect(signedIn(cart)).toBe(true);
    expect(cart.body).toMatch(/data-testid="cart-line-quantity">2</);

    const add = await httpRequest(server.url, "/cart", {
      form: { intent: "add", productId: "clip-1", quantity: "1" },
      cookie: memberCookie,
    });
    expect(add.status).toBe(303);
    const checkout = await httpRequest(server.url, "/checkout", { form: checkoutForm(), cookie: visitorCookie });
    expect(checkout.status).toBe(303);
    expect(checkout.location).toBe("/order-success");
  });
});

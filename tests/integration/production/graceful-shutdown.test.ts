import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  checkoutForm,
  confirmedOrderId,
  httpRequest,
  nextCookies,
  signUpThroughAuth,
  type HttpResponse,
} from "#tests/support/http";
import { seededCatalogue } from "#tests/support/pglite";
import { openDataDir, useProductionServers } from "#tests/support/production-server";
import { beforeAll, expect, it } from "vitest";

import type { Product } from "~/modules/catalog/product";
import { toCents } from "~/modules/money";

// Kill the server (SIGTERM) in the middle of a burst of cart and checkout posts, restart it on the same data
// directory, and find every change the server acknowledged (303) in the database.

const shops = useProductionServers();
let dataDir: string;

let catalogue: Product[] = [];
let inStock: Product[] = [];

beforeAll(async () => {
  dataDir = await shops.dataDir();
  catalogue = await seededCatalogue();
  inStock = catalogue.filter((product) => product.inStock);
}, 600_000);

const findProduct = (id: string) => catalogue.find((product) => product.id === id);
const pick = (index: number) => inStock[index % inStock.length]!;

interface Attempt {
  startedAt: number;
  endedAt: number;
  response?: HttpResponse;
  error?: string;
}

it("finishes the requests in flight on SIGTERM, exits 0, and loses no acknowledged order or cart change", async () => {
  const shopper = (index: number) => `shutdown-${index}-${Date.now()}@example.com`;

  const first = await shops.start({ dataDir, env: { LOG_LEVEL: "info", SHUTDOWN_TIMEOUT_MS: "30000" } });

  // A second server on the same data directory refuses to start, saying why (checked while the members sign up).
  const second = await shops.spawn({ dataDir });
  const secondRefused = second.exited.then((code) => {
    expect(code).toBe(1);
    expect(second.output()).toMatch(/The embedded database in .* is in use by another running shop process/);
  });

  // Members who only add (their cart must count every acknowledged add), members who add and check out,
  // and visitors who check out a cookie cart again and again (each post with a new idempotency key).
  const member = async (index: number) => {
    const email = shopper(index);
    return { email, cookie: await signUpThroughAuth(first.url, email), product: pick(index) };
  };
  const adders = await Promise.all([0, 1, 2].map(member));
  const buyingMembers = await Promise.all([3, 4].map(member));
  const visitors = await Promise.all(
    [5, 6, 7, 8].map(async (index) => {
      const product = pick(index);
      const quantity = (index % 3) + 1;
      const response = await httpRequest(first.url, "/cart", {
        form: { intent: "add", productId: product.id, quantity: String(quantity) },
      });
      expect(response.status).toBe(303);
      return { cookie: nextCookies(response), lines: [{ productId: product.id, quantity }] };
    }),
  );

  await secondRefused;

  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const attempts: Attempt[] = [];
  const acknowledgedAdds = new Map<string, number>();
  const sentAdds = new Map<string, number>();
  const acknowledgedOrders = new Map<string, { productId: string; quantity: number }[]>();
  let stopped = false;

  async function attempt(
    path: string,
    form: Record<string, string>,
    cookie: string,
  ): Promise<HttpResponse | undefined> {
    const record: Attempt = { startedAt: performance.now(), endedAt: 0 };
    attempts.push(record);
    try {
      record.response = await httpRequest(first.url, path, { form, cookie, agent });
      return record.response;
    } catch (error) {
      // Refused or reset after the server stopped accepting: not acknowledged, and the loop ends.
      record.error = (error as NodeJS.ErrnoException).code ?? String(error);
      stopped = true;
      return undefined;
    } finally {
      record.endedAt = performance.now();
    }
  }

  const addLoop = async (member: (typeof adders)[number], key: string) => {
    while (!stopped) {
      sentAdds.set(key, (sentAdds.get(key) ?? 0) + 1);
      const response = await attempt(
        "/cart",
        { intent: "add", productId: member.product.id, quantity: "1" },
        member.cookie,
      );
      if (response?.status === 303) acknowledgedAdds.set(key, (acknowledgedAdds.get(key) ?? 0) + 1);
    }
  };
  const memberCheckoutLoop = async (member: (typeof buyingMembers)[number]) => {
    while (!stopped) {
      const added = await attempt(
        "/cart",
        { intent: "add", productId: member.product.id, quantity: "2" },
        member.cookie,
      );
      if (added?.status !== 303) continue;
      const response = await attempt("/checkout", checkoutForm({ email: "member@example.com" }), member.cookie);
      const orderId = response?.status === 303 ? confirmedOrderId(response) : undefined;
      // A checkout answered 303 must name its order; the lines are whatever the stored cart held.
      if (response?.status === 303) expect(orderId).toBeDefined();
      if (orderId) acknowledgedOrders.set(orderId, []);
    }
  };
  const visitorCheckoutLoop = async (visitor: (typeof visitors)[number]) => {
    while (!stopped) {
      const response = await attempt("/checkout", checkoutForm(), visitor.cookie);
      if (response?.status !== 303) continue;
      expect(response.location).toBe("/order-success");
      const orderId = confirmedOrderId(response);
      expect(orderId).toBeDefined();
      acknowledgedOrders.set(orderId!, visitor.lines);
    }
  };

  const loops = [
    ...adders.flatMap((member, index) => [addLoop(member, String(index)), addLoop(member, String(index))]),
    ...buyingMembers.map(memberCheckoutLoop),
    ...visitors.map(visitorCheckoutLoop),
  ];

  // Let the burst run, then stop the server in the middle of it.
  while (attempts.filter((entry) => entry.response?.status === 303).length < 30)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const signalledAt = performance.now();
  const exitCode = first.stop("SIGTERM");
  await Promise.all(loops);
  agent.destroy();
  expect(await exitCode).toBe(0);

  const answered = attempts.filter((entry) => entry.response);
  expect(
    answered.filter((entry) => entry.response!.status >= 500),
    "no 5xx during shutdown",
  ).toEqual([]);
  // Requests in flight when the signal came were answered, not dropped.
  expect(
    answered.some(
      (entry) => entry.startedAt < signalledAt && entry.endedAt > signalledAt && entry.response!.status === 303,
    ),
  ).toBe(true);
  // Refused or reset only around the signal. (A post written to an idle keep-alive connection just as the
  // server closes it is reset unread: not acknowledged, not applied; browsers retry such requests.)
  expect(attempts.filter((entry) => entry.error && entry.endedAt < signalledAt)).toEqual([]);
  expect(first.output()).toContain('"msg":"stopped"');
  expect(fs.existsSync(path.join(dataDir, "pglite.lockdir"))).toBe(false);
  expect(acknowledgedOrders.size).toBeGreaterThan(0);

  // Restart on the same directory: it opens (not corrupt), is ready, and shows a member's cart as acknowledged.
  const restarted = await shops.start({ dataDir });
  expect((await httpRequest(restarted.url, "/readyz")).status).toBe(200);
  const cartPage = await httpRequest(restarted.url, "/cart", { cookie: adders[0]!.cookie });
  const shownQuantity = Number(/data-testid="cart-line-quantity">(\d+)</.exec(cartPage.body)?.[1]);
  expect(shownQuantity).toBeGreaterThanOrEqual(acknowledgedAdds.get("0") ?? 0);

  expect(await restarted.stop("SIGTERM")).toBe(0);

  // Every acknowledged change, read from the database itself.
  const db = await openDataDir(dataDir);
  try {
    const ids = [...acknowledgedOrders.keys()];
    const orders = await db.query<{
      id: string;
      total_amount: number;
      shipping_amount: number;
      items: { product_id: string; quantity: number; price_per_item: number }[];
    }>(
      `select o.id, o.total_amount, o.shipping_amount,
              json_agg(json_build_object('product_id', i.product_id, 'quantity', i.quantity, 'price_per_item', i.price_per_item)
                       order by i.line_number) as items
       from public.orders o join public.order_items i on i.order_id = o.id
       where o.id = any($1::uuid[]) group by o.id, o.total_amount, o.shipping_amount`,
      [ids],
    );
    expect(orders.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const order of orders.rows) {
      const itemsTotal = order.items.reduce((sum, item) => sum + item.quantity * item.price_per_item, 0);
      // The total is what the items cost at the server's prices plus the shipping chosen at checkout.
      expect(order.total_amount).toBe(itemsTotal + order.shipping_amount);
      for (const item of order.items) expect(item.price_per_item).toBe(toCents(findProduct(item.product_id)!.price));
      const expected = acknowledgedOrders.get(order.id)!;
      if (expected.length > 0) {
        expect(order.items.map(({ product_id, quantity }) => ({ productId: product_id, quantity }))).toEqual(expected);
      }
    }

    // A member's cart holds every acknowledged add (and no more than were sent: nothing counted twice).
    for (const [index, member] of adders.entries()) {
      const { rows } = await db.query<{ quantity: number }>(
        `select c.quantity from public.cart_items c join auth.users u on u.id = c.user_id where u.email = $1 and c.product_id = $2`,
        [member.email, member.product.id],
      );
      expect(rows[0]?.quantity).toBeGreaterThanOrEqual(acknowledgedAdds.get(String(index)) ?? 0);
      expect(rows[0]?.quantity).toBeLessThanOrEqual(sentAdds.get(String(index)) ?? 0);
    }
  } finally {
    await db.close();
  }
}, 300_000);

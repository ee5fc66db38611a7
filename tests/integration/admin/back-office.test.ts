// The back office's routes in-process, on the embedded backend: the guard (a visitor goes to /auth, a member who is
// not staff gets the ordinary 404 from every page and every form post), the moves as forms post them (allowed,
// refused, concurrent), the exports, and the guest's order page.
import { createHash } from "node:crypto";
import { setUpStaff, shipping } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  expectRedirect,
  get,
  post,
  signUpMember,
  testContext,
  toastOf,
} from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { Order } from "~/backend/ports/orders";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import routeTable from "~/routes";
import { action as profileAction } from "~/routes/account/profile";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as orderExport } from "~/routes/admin/orders-export";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { loader as subscribersLoader } from "~/routes/admin/subscribers";
import { loader as guestOrderLoader } from "~/routes/checkout/order-status";
import { loader as robotsLoader } from "~/routes/crawlers/robots.txt";
import { loader as sitemapLoader } from "~/routes/crawlers/sitemap.xml";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;
let staffCookie: string;
/** A second staff member's, for the search test: the route walk spends the first one's search share. */
let searcherCookie: string;
let searcherEmail: string;
let memberCookie: string;
let staffEmail: string;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  const listed = await signUpMember(backend, "Store Owner");
  const member = await signUpMember(backend, "Just Shopping");
  staffEmail = listed.user.email;
  memberCookie = member.cookie;
  const searcher = await signUpMember(backend, "Second Staff");
  searcherEmail = searcher.user.email;
  await backend.syncStaff({ staffEmails: [staffEmail, searcherEmail], orderRecipients: [] });
  staffCookie = (await setUpStaff(backend, staffEmail)).cookie;
  searcherCookie = (await setUpStaff(backend, searcher.user.email)).cookie;
});

afterAll(async () => {
  await uninstall();
});

const placeGuestOrder = (overrides: { firstName?: string; email?: string } = {}) =>
  backend.forRequest(get("/checkout")).orders.place({
    userId: null,
    items: [{ productId: "clip-1", quantity: 2 }],
    shippingAddress: { ...shipping, firstName: overrides.firstName ?? "Grace" },
    shippingMethod: "standard",
    email: overrides.email ?? `guest-${crypto.randomUUID()}@example.com`,
    idempotencyKey: crypto.randomUUID(),
  });

type RouteFunction = Parameters<typeof call>[0];
interface RouteModule {
  loader?: RouteFunction;
  action?: RouteFunction;
}
interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Every route under /admin in the URL table, with its full path ("admin/orders/:id") and module file. */
function backOfficeRoutes(table: readonly RouteEntry[], parent = ""): Array<{ path: string; file: string }> {
  return table.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join("/");
    const own =
      entry.path !== undefined && (path === "admin" || path.startsWith("admin/")) ? [{ path, file: entry.file }] : [];
    return [...own, ...backOfficeRoutes(entry.children ?? [], path)];
  });
}

describe("who gets in", () => {
  test("a staff session signed out everywhere (from another device) no longer opens the back office", async () => {
    const listed = await signUpMember(backend, "Second Owner");
    await backend.syncStaff({ staffEmails: [staffEmail, searcherEmail, listed.user.email], orderRecipients: [] });
    const owner = await setUpStaff(backend, listed.user.email);
    // A second device: the same account signed in again.
    const secondDevice = backend.forRequest(post("/auth", {}));
    await secondDevice.auth.signInWithPassword({ email: owner.user.email, password: "a long enough password" });
    const secondCookie = new CookieJar().store(secondDevice.responseHeaders).header();
    expect((await call(overviewLoader, get("/admin", secondCookie))).status).toBe(200);

    const signedOut = await call(profileAction, post("/profile", { intent: "sign-out-everywhere" }, owner.cookie));
    expect(signedOut.status).toBe(303);
    for (const cookie of [secondCookie, owner.cookie]) {
      expectRedirect(
        await call(overviewLoader, get("/admin", cookie)),
        `/auth?${new URLSearchParams({ redirectTo: "/admin" })}`,
      );
    }
  });

  test("every back-office route of the URL table: staff get in, a member gets the ordinary 404 to a GET and a post, a visitor goes to sign-in", async () => {
    const order = await placeGuestOrder();
    const [code] = await db.query<{ id: string }>(
      "insert into public.discount_codes (code, kind, percent_off, time_zone) values ('WALK10', 'percent', 10, 'UTC') returning id",
    );
    const routes = backOfficeRoutes(routeTable);
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining(["admin", "admin/orders/:id", "admin/customers/:key"]),
    );
    for (const route of routes) {
      const module = (await import(/* @vite-ignore */ `../../../app/${route.file}`)) as RouteModule;
      // An order's id, or a product's for the catalogue's pages, or a discount code's.
      const id = route.path.startsWith("admin/products/")
        ? "clip-1"
        : route.path.startsWith("admin/discounts/")
          ? code!.id
          : order.id;
      // A customer's key: md5 of their address (decision 0041).
      const key = createHash("md5").update(order.email.toLowerCase()).digest("hex");
      const path = `/${route.path.replace(":id", id).replace(":key", key)}`;
      const params: { params?: Record<string, string> } = route.path.includes(":id")
        ? { params: { id } }
        : route.path.includes(":key")
          ? { params: { key } }
          : {};
      expect(module.loader, `${path} has a loader`).toBeTypeOf("function");
      // Without an action Remix answers a post itself (a 405 under the page's own title) before any guard has run.
      expect(module.action, `${path} has an action`).toBeTypeOf("function");
      const answers = async (cookie?: string) => [
        await call(module.loader!, get(path, cookie), params),
        await call(module.action!, post(path, {}, cookie), params),
      ];
      for (const answer of await answers(memberCookie))
        expect({ path, status: answer.status, thrown: answer.thrown }).toEqual({ path, status: 404, thrown: true });
      for (const answer of await answers())
        expectRedirect(answer, `/auth?${new URLSearchParams({ redirectTo: path })}`);
      const [staffGet, staffPost] = await answers(staffCookie);
      expect({ path, status: staffGet!.status }).toEqual({ path, status: 200 });
      expect([400, 405], `staff POST ${path}`).toContain(staffPost!.status);
    }
  });

  test("a member's every form post to an order changes nothing and is the ordinary 404", async () => {
    const order = await placeGuestOrder();
    const orderPath = `/admin/orders/${order.id}`;
    for (const fields of [
      { intent: "move", kind: "mark-paid", expectedStatus: "pending" } as Record<string, string>,
      { intent: "move", kind: "cancel", expectedStatus: "pending", reason: "mine" },
      { intent: "note", note: "hello" },
      { intent: "revoke-guest-link" },
      {},
    ]) {
      const result = await call(orderAction, post(orderPath, fields, memberCookie), { params: { id: order.id } });
      expect(result.status).toBe(404);
    }
    const [row] = await db.query<{ status: string }>("select status from public.orders where id = $1", [order.id]);
    expect(row?.status).toBe("pending");
  });

  test("neither robots.txt nor the sitemap names the back office", async () => {
    const robots = await robotsLoader({ request: get("/robots.txt"), params: {}, context: {} as never });
    expect(await (robots as Response).text()).not.toContain("admin");
    const sitemap = await sitemapLoader({ request: get("/sitemap.xml"), params: {}, context: {} as never });
    expect(await (sitemap as Response).text()).not.toContain("/admin");
  });
});

describe("staff", () => {
  test("the orders list filters and searches; the export streams what the filter shows, as text", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const formula = await placeGuestOrder({ firstName: '=HYPERLINK("http://x")', email: `csv-${tag}@example.com` });
    const quoted = await placeGuestOrder({ firstName: 'Ann "Nan", Jr', email: `csv-${tag}-2@example.com` });
    const listed = await call(ordersLoader, get(`/admin/orders?q=csv-${tag}`, searcherCookie));
    expect(listed.status).toBe(200);
    expect(listed.data?.orders.map((order) => order.id)).toEqual([quoted.id, formula.id]);
    expect(listed.data?.exportHref).toBe(`/admin/orders/export.csv?q=csv-${tag}`);

    const response = await orderExport({
      request: get(`/admin/orders/export.csv?q=csv-${tag}`, searcherCookie),
      params: {},
      context: testContext(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(/^\uFEFFOrder number,Order id,/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"Ann ""Nan"", Jr"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[2]).toContain(",guest,2,598,0,598,0,USD,,");
    // What packing and labels need: the address, the phone and each line as bought.
    expect(lines[0]).toContain(
      ",Carrier,Tracking number,Phone,Address,City,State,ZIP code,Country,Line,SKU,Product,Variant,Quantity,Unit price",
    );
    expect(lines[2]).toContain(
      ",5551234567,1 Rodeo Drive,Beverly Hills,CA,90210,United States,1,LS-CLIP-1,Silky Straight Clip-In Extensions,,2,299",
    );
  });

  test("marking paid, then shipped needs carrier and tracking; each move e-mails; a stale form is told and changes nothing", async () => {
    const order: Order = await placeGuestOrder();
    const path = `/admin/orders/${order.id}`;
    const postMove = (fields: Record<string, string>, cookie = staffCookie) =>
      call(orderAction, post(path, { intent: "move", ...fields }, cookie), { params: { id: order.id } });

    const page = await call(orderLoader, get(path, staffCookie), { params: { id: order.id } });
    expect(page.data?.order.moves.map((move) => move.label)).toEqual(["Mark as paid", "Cancel order"]);
    expect(page.data?.order).toMatchObject({
      subtotal: "$598.00",
      total: "$598.00",
      customer: "Guest",
      guestLinkActive: true,
    });

    const paid = await postMove({ kind: "mark-paid", expectedStatus: "pending" });
    expectRedirect(paid, path);
    expect(await toastOf(paid)).toMatchObject({ description: "Marked as paid. The customer was e-mailed." });

    const stale = await postMove({ kind: "cancel", expectedStatus: "pending", reason: "Changed mind" });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ result: { error: { "": [expect.stringMatching(/changed meanwhile/)] } } });

    const missing = await postMove({ kind: "mark-shipped", expectedStatus: "paid", carrier: "UPS" });
    expect(missing.status).toBe(400);
    // What was typed comes back with the refusal, for the form to show again.
    expect(missing.data).toMatchObject({
      result: { error: { trackingNumber: ["Enter the tracking number."] }, initialValue: { carrier: "UPS" } },
    });

    const refused = await postMove({ kind: "mark-delivered", expectedStatus: "paid" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      result: { error: { "": ["'Mark as delivered' is only for an order that is shipped."] } },
    });

    expectRedirect(
      await postMove({
        kind: "mark-shipped",
        expectedStatus: "paid",
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
      }),
      path,
    );
    const shipped = await call(orderLoader, get(path, staffCookie), { params: { id: order.id } });
    expect(shipped.data?.order).toMatchObject({
      status: "shipped",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      moves: [{ kind: "mark-delivered", label: "Mark as delivered" }],
    });
    expect(shipped.data?.order.timeline.map((entry) => entry.change)).toEqual([
      "Placed (Pending)",
      "Pending → Paid",
      "Paid → Shipped",
    ]);
    const kinds = await db.query<{ kind: string }>(
      "select kind from public.outbox where payload ->> 'id' = $1 order by created_at",
      [order.id],
    );
    expect(kinds.map((row) => row.kind)).toEqual(["order_confirmation", "order_paid", "order_shipped"]);
  });

  test("a refund by the form: a line's unit, beside the status on the order, the guest's page and the CSV; too much is refused, what was typed kept", async () => {
    const order = await placeGuestOrder({ email: `refund-${crypto.randomUUID()}@example.com` });
    const path = `/admin/orders/${order.id}`;
    const params = { params: { id: order.id } };
    const postForm = (fields: Record<string, string>) =>
      call(orderAction, post(path, { intent: "refund", ...fields }, staffCookie), params);
    await backend.forRequest(get(path, staffCookie)).staff.moveOrder({
      orderId: order.id,
      expectedStatus: "pending",
      newStatus: "paid",
    });
    const before = await call(orderLoader, get(path, staffCookie), params);
    expect(before.data?.order.refund).toMatchObject({
      left: "$598.00",
      to: "by hand",
      lines: [{ itemId: order.items[0]!.id, unitsLeft: 2, perUnit: "$299.00" }],
    });

    const blank = await postForm({ "lines[0].itemId": order.items[0]!.id, "lines[0].quantity": "0", reason: "x" });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      result: { error: { "": ["Choose the units, the shipping or an amount to refund."] } },
    });
    const tooMuch = await postForm({ amount: "600", reason: "Too much" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data).toMatchObject({
      result: {
        error: { "": ["At most $598.00 is left to refund on this order. Nothing was refunded."] },
        initialValue: { amount: "600", reason: "Too much" },
      },
    });

    const done = await postForm({ "lines[0].itemId": order.items[0]!.id, "lines[0].quantity": "1", reason: "Shade" });
    expectRedirect(done, path);
    expect(await toastOf(done)).toMatchObject({
      description: "Recorded $299.00 as paid back by hand. The customer was e-mailed.",
    });
    const after = await call(orderLoader, get(path, staffCookie), params);
    expect(after.data?.order).toMatchObject({
      status: "paid",
      refunded: "Partly refunded $299.00",
      refund: { left: "$299.00", lines: [{ unitsLeft: 1 }] },
    });
    expect(after.data?.refunds).toMatchObject([
      { amount: "$299.00", stateLabel: "Paid back by hand", reason: "Shade" },
    ]);
    const [mail] = await db.query<{ secret: string }>(
      "select secret from public.outbox where kind = 'order_confirmation' and payload ->> 'id' = $1",
      [order.id],
    );
    const guestPage = await call(guestOrderLoader, get(`/order-status?token=${mail!.secret}`));
    expect(guestPage.data?.order).toMatchObject({ status: "paid", refunded: "Partly refunded $299.00" });
    const csv = await orderExport({
      request: get(`/admin/orders/export.csv?q=${order.email}`, staffCookie),
      params: {},
      context: testContext(),
    });
    const rows = new TextDecoder().decode(await csv.arrayBuffer()).split("\r\n");
    expect(rows[0]).toContain(",Total,Refunded,Currency,");
    expect(rows[1]).toContain(",598,299,USD,");
  });

  test("the internal note is saved, and a guest's link revoked", async () => {
    const order = await placeGuestOrder();
    const path = `/admin/orders/${order.id}`;
    const params = { params: { id: order.id } };
    expectRedirect(
      await call(orderAction, post(path, { intent: "note", note: "Call first" }, staffCookie), params),
      path,
    );
    expect((await call(orderLoader, get(path, staffCookie), params)).data?.order.internalNote).toBe("Call first");
    const [mail] = await db.query<{ secret: string }>(
      "select secret from public.outbox where kind = 'order_confirmation' and payload ->> 'id' = $1",
      [order.id],
    );
    const guestPage = await call(guestOrderLoader, get(`/order-status?token=${mail!.secret}`));
    expect(guestPage.status).toBe(200);
    expect(guestPage.data?.order.number).toBe(order.id.slice(-8));
    expectRedirect(await call(orderAction, post(path, { intent: "revoke-guest-link" }, staffCookie), params), path);
    expect((await call(guestOrderLoader, get(`/order-status?token=${mail!.secret}`))).status).toBe(404);
  });

  test("an unknown order is the ordinary 404, for staff too", async () => {
    const id = crypto.randomUUID();
    expect((await call(orderLoader, get(`/admin/orders/${id}`, staffCookie), { params: { id } })).status).toBe(404);
    expect((await call(orderLoader, get("/admin/orders/nope", staffCookie), { params: { id: "nope" } })).status).toBe(
      404,
    );
  });

  test("the overview and the subscribers answer", async () => {
    const overview = await call(overviewLoader, get("/admin", staffCookie));
    expect(overview.data?.chart.bars).toHaveLength(30);
    expect(overview.data?.periods.map((period) => period.name)).toEqual(["Today", "Last 7 days", "Last 30 days"]);
    const subscribers = await call(subscribersLoader, get("/admin/subscribers", staffCookie));
    expect(subscribers.status).toBe(200);
    expect(subscribers.data?.totalCount).toBe(0);
  });
});

// The back office's share of the shop (decision 0035), through its routes in-process on the embedded backend: one
// export at a time per staff member, with a 429 page that says so; and the orders list's search rate.
import { shipping } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import { call, get, signUpStaff, testContext } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { backOfficeGate } from "~/backend/sql/back-office-gate.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { accountRateLimitRules } from "~/modules/limits/rate-limits.server";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as orderExport } from "~/routes/admin/orders-export";
import { loader as subscribersExport } from "~/routes/admin/subscribers-export";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  // Enough orders for an export of several pages (100 rows each).
  await Promise.all(
    Array.from({ length: 250 }, (_, index) =>
      backend.forRequest(get("/checkout")).orders.place({
        userId: null,
        items: [{ productId: "clip-1", quantity: 1 }],
        shippingAddress: { ...shipping, firstName: "Ada" },
        shippingMethod: "standard",
        email: `fair-share-${index}@example.com`,
        idempotencyKey: crypto.randomUUID(),
      }),
    ),
  );
});

afterAll(async () => {
  await uninstall();
});

/** The export as a browser asks for it: the loader's Response, its body not read yet. */
async function exportResponse(cookie: string, query = ""): Promise<Response> {
  return orderExport({ request: get(`/admin/orders/export.csv${query}`, cookie), params: {}, context: testContext() });
}

describe("one export at a time per staff member", () => {
  test("a second export while the first is streaming gets a 429 page with Retry-After; once it ends, the next runs", async () => {
    const [owner, helper] = await signUpStaff(backend, "Owner", "Helper");
    const first = await exportResponse(owner!.cookie, "?q=fair-share");
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    await reader.read();

    const refused = await call(orderExport, get("/admin/orders/export.csv?q=fair-share", owner!.cookie));
    expect({ status: refused.status, thrown: refused.thrown }).toEqual({ status: 429, thrown: true });
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(refused.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    // The subscribers' export is an export too.
    expect((await call(subscribersExport, get("/admin/subscribers/export.csv", owner!.cookie))).status).toBe(429);
    // Another staff member exports meanwhile.
    const other = await exportResponse(helper!.cookie);
    expect(other.status).toBe(200);
    await other.body!.cancel();

    // The first runs to its end: after the header read above, its 250 orders over three pages.
    let text = "";
    const decoder = new TextDecoder();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text.trim().split("\r\n")).toHaveLength(250);
    const next = await exportResponse(owner!.cookie);
    expect(next.status).toBe(200);
    await next.body!.cancel();
  });

  test("the refusal is a page a browser shows: what happened and the way back to the list", async () => {
    const [owner] = await signUpStaff(backend, "Page Reader");
    const running = await exportResponse(owner!.cookie, "?status=pending&q=ada");
    let refusal: Response | undefined;
    try {
      await exportResponse(owner!.cookie, "?status=pending&q=ada");
    } catch (thrown) {
      refusal = thrown as Response;
    }
    expect(refusal?.status).toBe(429);
    const html = await refusal!.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<h1>Export already running</h1>");
    expect(html).toMatch(/Another export of yours is still running\. Please try again in \d+ seconds?\./);
    expect(html).toContain('<a href="/admin/orders?status=pending&#38;q=ada">Back to the list</a>');
    await running.body!.cancel();
  });

  test("a download the browser gives up frees the slot at once", async () => {
    const [owner] = await signUpStaff(backend, "Impatient");
    const given = await exportResponse(owner!.cookie);
    await given.body!.cancel();
    const again = await exportResponse(owner!.cookie);
    expect(again.status).toBe(200);
    await again.body!.cancel();
  });
});

describe("the search rate", () => {
  test("past its share of searches a staff member gets a 429 that says why and when; other staff are not slowed", async () => {
    const [busy, calm] = await signUpStaff(backend, "Busy", "Calm");
    // The strictest rule: so many in its window, a search, a filter or a page of the list alike. Asked at once, so
    // that all of them fall in one window of it.
    const [{ points }] = accountRateLimitRules.staffSearch;
    const asks = ["/admin/orders?page=2", "/admin/orders?status=pending", "/admin/orders?q=ada"];
    const answers = await Promise.all(
      Array.from({ length: points + 1 }, (_, index) =>
        call(ordersLoader, get(asks[index % asks.length]!, busy!.cookie)),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(points).fill(200), 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.thrown).toBe(true);
    expect(refused.data).toMatch(/^Too many searches from your account\. Please try again in \d+ seconds?\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);

    const other = await call(ordersLoader, get("/admin/orders?q=ada", calm!.cookie));
    expect(other.status).toBe(200);
  });
});

describe("the back office's queue of statements (decision 0035)", () => {
  test("when it is full, a staff page is a 429 with Retry-After, not a 500; once it drains, the page is there", async () => {
    const [owner] = await signUpStaff(backend, "Queue Watcher");
    // Statements that hold every running place and every waiting one, until released: the next one is refused.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const gate = backOfficeGate(db);
    const holders: Promise<unknown>[] = [];
    // A refusal comes at once (before the job would wait); a held job is still pending on the event loop's next turn.
    const settlesAtOnce = (job: Promise<unknown>) =>
      Promise.race([
        job.then(
          () => "ran",
          () => "refused",
        ),
        new Promise((resolve) => setImmediate(() => resolve("held"))),
      ]);
    for (;;) {
      const holder = gate.run(() => held);
      if ((await settlesAtOnce(holder)) === "refused") break;
      holders.push(holder);
    }
    try {
      const refused = await call(ordersLoader, get("/admin/orders", owner!.cookie));
      expect({ status: refused.status, thrown: refused.thrown }).toEqual({ status: 429, thrown: true });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await call(ordersLoader, get("/admin/orders", owner!.cookie))).status).toBe(200);
  });
});

// Packing slips in-process, on the embedded backend: one order's and a selection's print page (its contents, one
// order to a printed page, no app scripts), and the answers to a missing order (404) and a malformed selection (400).
import { setUpStaff, shipping } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import { call, get, signUpMember, testContext } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { shopDetails } from "~/content/shop-details";
import { orderNumber } from "~/modules/account/orders";
import { loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as slipLoader } from "~/routes/admin/packing-slip";
import { loader as slipsLoader } from "~/routes/admin/packing-slips";

let backend: Backend;
let uninstall: () => Promise<void>;
let staffCookie: string;

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
  const listed = await signUpMember(backend, "Store Owner");
  await backend.syncStaff({ staffEmails: [listed.user.email], orderRecipients: [] });
  staffCookie = (await setUpStaff(backend, listed.user.email)).cookie;
});

afterAll(async () => {
  await uninstall();
});

const placeGuestOrder = (lastName: string) =>
  backend.forRequest(get("/checkout")).orders.place({
    userId: null,
    items: [{ productId: "clip-1", quantity: 3 }],
    shippingAddress: { ...shipping, lastName },
    shippingMethod: "standard",
    email: `guest-${crypto.randomUUID()}@example.com`,
    idempotencyKey: crypto.randomUUID(),
  });

/** The page as a browser gets it: status and HTML (call() gives up bodies). */
async function page(loader: typeof slipLoader, path: string, params: Record<string, string> = {}) {
  try {
    const response = (await loader({ request: get(path, staffCookie), params, context: testContext() })) as Response;
    return { status: response.status, type: response.headers.get("Content-Type"), html: await response.text() };
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return { status: error.status, type: error.headers.get("Content-Type"), html: await error.text() };
  }
}

describe("packing slips", () => {
  test("one order's slip: the shop, the order number, the address, each line's SKU, name and quantity; no app scripts", async () => {
    const order = await placeGuestOrder("Slipwell");
    const slip = await page(slipLoader, `/admin/orders/${order.id}/packing-slip`, { id: order.id });
    expect(slip.status).toBe(200);
    expect(slip.type).toBe("text/html; charset=utf-8");
    const shop = shopDetails();
    for (const text of [
      shop.name,
      shop.address,
      `Order #${orderNumber(order.id)}`,
      "Ada Slipwell",
      "1 Rodeo Drive",
      "Beverly Hills, CA 90210",
      "5551234567",
      "LS-CLIP-1",
      "Silky Straight Clip-In Extensions",
      '<td class="qty">3</td>',
    ]) {
      expect(slip.html).toContain(text);
    }
    // One order to a printed page; the print button hidden until the page's one (nonce'd) script shows it.
    expect(slip.html).toContain("break-after:page");
    expect(slip.html).toMatch(/<button type="button" id="print" hidden="">Print<\/button>/);
    expect(slip.html).not.toMatch(/<script[^>]* src=/);
    expect(slip.html.match(/<script/g)).toHaveLength(1);
    expect(slip.html).toContain('<script nonce="test-nonce">');
    expect(slip.html).toContain('<style nonce="test-nonce">');
  });

  test("the order page links its slip; the orders list's checkboxes post to the selection", async () => {
    const order = await placeGuestOrder("Linked");
    const orderPage = await call(orderLoader, get(`/admin/orders/${order.id}`, staffCookie), {
      params: { id: order.id },
    });
    expect(orderPage.status).toBe(200);
    const list = await call(ordersLoader, get("/admin/orders?q=Linked", staffCookie));
    expect(list.data?.orders.map((row) => row.id)).toContain(order.id);
  });

  test("a selection prints each order once, in the order chosen, one slip to a page", async () => {
    const first = await placeGuestOrder("First");
    const second = await placeGuestOrder("Second");
    const slips = await page(slipsLoader, `/admin/orders/packing-slips?ids=${second.id}&ids=${first.id},${second.id}`);
    expect(slips.status).toBe(200);
    expect(slips.html.match(/<section class="slip"/g)).toHaveLength(2);
    expect(slips.html.indexOf("Ada Second")).toBeLessThan(slips.html.indexOf("Ada First"));
    expect(slips.html).toContain("Packing slips (2 orders)");
  });

  test("nothing chosen says so; a malformed id is a 400 that names it; a missing order is the ordinary 404", async () => {
    const none = await page(slipsLoader, "/admin/orders/packing-slips");
    expect(none.status).toBe(200);
    expect(none.html).toContain("No orders chosen");

    const order = await placeGuestOrder("Real");
    const bad = await page(slipsLoader, `/admin/orders/packing-slips?ids=${order.id},not-an-id`);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("&quot;not-an-id&quot; is not an order id");

    const missing = crypto.randomUUID();
    expect((await page(slipsLoader, `/admin/orders/packing-slips?ids=${order.id},${missing}`)).status).toBe(404);
    expect((await page(slipLoader, `/admin/orders/${missing}/packing-slip`, { id: missing })).status).toBe(404);
    expect((await page(slipLoader, "/admin/orders/nope/packing-slip", { id: "nope" })).status).toBe(404);
  });
});

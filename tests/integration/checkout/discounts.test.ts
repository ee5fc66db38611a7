// A discount code from the shopper's side, in-process on the embedded backend (issue 41, decision 0042): applied at
// the cart with a plain post (refused with its reason and the code kept as typed), shown as a line of its own, charged
// by the order and gone with it; once per customer at the checkout's own Apply; a code that stops applying between the
// cart and the order is dropped with a message and nothing ordered, the cart kept; guessing costs a rate-limited try.
import { installTestBackend } from "#tests/support/pglite";
import { call, CookieJar, get, post, setCookiesOf, signUpStaff, toastOf } from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { DiscountCodeInput } from "~/backend/ports/discounts";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { loader as rootLoader } from "~/root";
import { action as discountAction } from "~/routes/cart/discount-endpoint";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout/checkout";
import { loader as orderSuccessLoader } from "~/routes/checkout/order-success";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;
let staff: RequestBackend;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  const [owner] = await signUpStaff(backend, "Store Owner");
  staff = owner!.scope;
});
afterAll(async () => uninstall());

const navigation = { "Sec-Fetch-Mode": "navigate" };
let counter = 0;
const freshKey = () => `discount-test-${Date.now()}-${++counter}-padding`;
const guestEmail = () => `guest-${Date.now()}-${++counter}@example.com`;

async function makeCode(code: string, overrides: Partial<DiscountCodeInput> = {}) {
  const saved = await staff.staffDiscounts.saveCode({
    id: null,
    expectedVersion: null,
    code: {
      code,
      kind: "percent",
      percentOff: 15,
      amountOffCents: null,
      minimumSubtotalCents: 0,
      startsOn: null,
      endsOn: null,
      timeZone: "America/New_York",
      usageLimit: null,
      oncePerCustomer: false,
      categories: [],
      productIds: [],
      variantIds: [],
      ...overrides,
    },
  });
  return saved.id;
}

async function visitorCart(lines: Array<{ productId: string; quantity: number }>) {
  return new CookieJar().store(await setCookiesOf((jar) => cartCookie.write(jar, lines)));
}

/** A plain post to the cart's discount endpoint, from the /cart page. */
async function applyAtCart(jar: CookieJar, code: string, extra: Record<string, string> = {}, clientIp?: string) {
  const answer = await call(
    discountAction,
    post("/cart/discount", { intent: "apply", code, redirectTo: "/cart", ...extra }, jar, navigation),
    clientIp ? { clientIp, requestPath: "/cart/discount" } : {},
  );
  jar.store(answer.headers);
  return answer;
}

/** What every page's cart shows of the code (the root loader), reading the field's flash. */
async function shown(jar: CookieJar) {
  const page = await call(rootLoader, get("/cart", jar));
  jar.store(page.headers);
  return page.data!.discount;
}

async function placeOrder(jar: CookieJar, email: string, key = freshKey()) {
  const answer = await call(
    checkoutAction,
    post("/checkout", { ...shippingAddress, email, shippingMethod: "standard", idempotencyKey: key }, jar),
  );
  jar.store(answer.headers);
  return answer as typeof answer & { data?: { error?: Record<string, string[]> } };
}

describe("a guest's code", () => {
  test("below the minimum it is refused with the reason and kept as typed; above it, it is a line of the order", async () => {
    await makeCode("SPRING15", { minimumSubtotalCents: 10_000, oncePerCustomer: true });
    const jar = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const refused = await applyAtCart(jar, "spring15");
    expect(refused).toMatchObject({ status: 303, location: "/cart#discount-code" });
    expect(await shown(jar)).toMatchObject({
      enabled: true,
      applied: null,
      flash: { error: "The code SPRING15 needs $100.00 of eligible items; your cart has $24.00.", typed: "spring15" },
    });

    jar.store(
      await setCookiesOf((cookies) =>
        cartCookie.write(cookies, [
          { productId: "acc-2", quantity: 1 },
          { productId: "clip-1", quantity: 1 },
        ]),
      ),
    );
    const applied = await applyAtCart(jar, " Spring15 ");
    expect((await toastOf(applied))?.description).toBe("SPRING15: 15% off.");
    // 15% of $323.00 = $48.45.
    expect((await shown(jar)).applied).toMatchObject({ code: "SPRING15", applies: true, itemsCents: 4_845 });

    const email = guestEmail();
    const placed = await placeOrder(jar, email);
    expect(placed.location).toBe("/order-success");
    const success = await call(orderSuccessLoader, get("/order-success", jar));
    expect(success.data?.details).toMatchObject({
      subtotal: "$323.00",
      shipping: "Free",
      discount: { code: "SPRING15", amount: "−$48.45" },
      total: "$274.55",
    });
    // The code went with the order: the next cart has none.
    expect((await shown(jar)).applied).toBeNull();

    // The same address cannot use it again: the checkout's own Apply (no JavaScript) says so beside the field.
    jar.store(await setCookiesOf((cookies) => cartCookie.write(cookies, [{ productId: "clip-1", quantity: 1 }])));
    const again = await call(
      checkoutAction,
      post(
        "/checkout",
        {
          ...shippingAddress,
          email: email.toUpperCase(),
          shippingMethod: "standard",
          idempotencyKey: freshKey(),
          intent: "apply-discount",
          discountCode: "SPRING15",
        },
        jar,
        navigation,
      ),
    );
    expect(again).toMatchObject({ status: 303, location: "/checkout" });
    jar.store(again.headers);
    expect((await shown(jar)).flash?.error).toMatch(/already been used with this e-mail address/);
    // Everything typed is kept.
    const page = await call(checkoutLoader, get("/checkout", jar));
    expect(
      (page.data as { lastResult?: { initialValue: Record<string, string> } }).lastResult?.initialValue,
    ).toMatchObject({
      email: email.toUpperCase(),
      city: shippingAddress.city,
    });
  });

  test("a code that stops applying between the cart and the order is dropped with a message, the cart kept", async () => {
    const id = await makeCode("PAUSEME", { kind: "amount", percentOff: null, amountOffCents: 1_000 });
    const jar = await visitorCart([{ productId: "acc-2", quantity: 2 }]);
    await applyAtCart(jar, "PAUSEME");
    expect((await shown(jar)).applied).toMatchObject({ applies: true, itemsCents: 1_000 });
    await staff.staffDiscounts.setStatus({ id, status: "paused", expectedVersion: 1 });
    const refused = await placeOrder(jar, guestEmail());
    expect(refused.status).toBe(409);
    expect(refused.data?.error?.[""]).toEqual([
      "Discount code removed",
      "Your discount code PAUSEME was removed: the code PAUSEME cannot be used at the moment.",
    ]);
    expect(await cartCookie.read(get("/", jar))).toEqual([{ productId: "acc-2", quantity: 2 }]);
    expect((await shown(jar)).applied).toBeNull();
    // Placed again, the order goes through at the full price.
    const placed = await placeOrder(jar, guestEmail());
    expect(placed.location).toBe("/order-success");
  });

  test("the last use: the second shopper's order is refused by the database, the code dropped and the cart kept", async () => {
    await makeCode("ONLYONE", { usageLimit: 1 });
    const first = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const second = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    await applyAtCart(first, "ONLYONE");
    await applyAtCart(second, "ONLYONE");
    const [a, b] = await Promise.all([placeOrder(first, guestEmail()), placeOrder(second, guestEmail())]);
    const placed = [a, b].filter((answer) => answer.location === "/order-success");
    const refused = [a, b].filter((answer) => answer.status === 409);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.data?.error?.[""]?.[1]).toMatch(
      /ONLYONE was removed: the code ONLYONE has been used as many times/,
    );
    const [count] = await db.query<{ n: number }>(
      "select count(*)::int as n from public.orders where discount_code = 'ONLYONE'",
    );
    expect(count?.n).toBe(1);
  });

  test("a free-shipping code takes the shipping line only", async () => {
    await makeCode("SHIPFREE", { kind: "free_shipping", percentOff: null });
    const jar = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    await applyAtCart(jar, "shipfree");
    expect((await shown(jar)).applied).toMatchObject({ applies: true, itemsCents: 0, freeShipping: true });
    const placed = await placeOrder(jar, guestEmail());
    expect(placed.location).toBe("/order-success");
    const success = await call(orderSuccessLoader, get("/order-success", jar));
    expect(success.data?.details).toMatchObject({
      subtotal: "$24.00",
      shipping: "$9.99",
      discount: { code: "SHIPFREE", amount: "−$9.99" },
      total: "$24.00",
    });
  });
});

describe("guessing", () => {
  test("wrong codes from one client are refused with Retry-After past the limit, before any lookup", async () => {
    const jar = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const clientIp = "203.0.113.77";
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await applyAtCart(jar, `GUESS${attempt}XX`, {}, clientIp)).status).toBe(303);
    }
    const refused = await call(
      discountAction,
      post("/cart/discount", { intent: "apply", code: "GUESS99XX" }, jar, { "Sec-Fetch-Mode": "cors" }),
      { clientIp, requestPath: "/cart/discount" },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({ ok: false, error: expect.stringMatching(/Too many attempts/) });
  });
});

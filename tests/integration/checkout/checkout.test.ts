import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  get,
  post,
  setCookiesOf,
  signUpMember,
  signUpStaff,
  toastOf,
} from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { action, loader } from "~/routes/checkout/checkout";
import { loader as guestOrderLoader } from "~/routes/checkout/order-status";
import { loader as orderSuccessLoader } from "~/routes/checkout/order-success";
import { DEFAULT_PAYMENT_INSTRUCTIONS } from "~/site/env.server";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
});
afterAll(async () => uninstall());

const address = { ...shippingAddress, shippingMethod: "standard" };
let keyCounter = 0;
const freshKey = () => `test-key-${Date.now()}-${++keyCounter}-padding`;

async function visitorCart(lines: Array<{ productId: string; quantity: number }>) {
  return new CookieJar().store(await setCookiesOf((jar) => cartCookie.write(jar, lines)));
}

type CheckoutForm = { error: Record<string, string[]>; initialValue: Record<string, string> };

async function checkout(
  fields: Record<string, string>,
  cookies: CookieJar | string,
  headers: Record<string, string> = {},
) {
  const result = await call(action, post("/checkout", fields, cookies, headers));
  return { ...result, data: result.data as CheckoutForm | undefined };
}

/** A browser's form post without JavaScript: it says it is a navigation. */
const navigation = { "Sec-Fetch-Mode": "navigate" };

/** The checkout page as the browser gets it after a redirect: the loader's data, with what the last post kept. */
async function openCheckout(cookies: CookieJar | string) {
  const result = await call(loader, get("/checkout", cookies));
  return result as typeof result & {
    data?: {
      lastResult: { status?: string; error?: Record<string, string[]>; initialValue: Record<string, string> } | null;
      shippingMethod: string;
    };
  };
}

async function ordersWithKey(key: string) {
  return db.query<{ id: string; total_amount: number; user_id: string | null }>(
    "select id, total_amount, user_id from public.orders where idempotency_key = $1",
    [key],
  );
}

describe("checkout as a guest", () => {
  it("creates a pending order priced from the catalogue, empties the cart and confirms it", async () => {
    const key = freshKey();
    const cart = await visitorCart([
      { productId: "clip-1", quantity: 2 },
      { productId: "acc-2", quantity: 1 },
    ]);
    const redirect = await checkout({ ...address, idempotencyKey: key }, cart);
    expect(redirect).toMatchObject({ status: 303, location: "/order-success" });

    const [order] = await ordersWithKey(key);
    expect(order).toMatchObject({ total_amount: 2 * 29900 + 2400, user_id: null });
    const items = await db.query<{ product_id: string; quantity: number; price_per_item: number }>(
      "select product_id, quantity, price_per_item from public.order_items where order_id = $1 order by line_number",
      [order!.id],
    );
    expect(items).toEqual([
      { product_id: "clip-1", quantity: 2, price_per_item: 29900 },
      { product_id: "acc-2", quantity: 1, price_per_item: 2400 },
    ]);

    cart.store(redirect.headers);
    expect(await cartCookie.read(get("/", cart))).toEqual([]);
    // The confirmation shows what was ordered, the amounts and where it ships, to the browser that placed it.
    const success = await call(orderSuccessLoader, get("/order-success", cart));
    expect(success.data).toEqual({
      orderNumber: order!.id.slice(-8),
      details: {
        lines: [
          expect.objectContaining({
            productId: "clip-1",
            name: "Silky Straight Clip-In Extensions",
            quantity: 2,
            pricePerItem: "$299.00",
            lineTotal: "$598.00",
          }),
          expect.objectContaining({ productId: "acc-2", quantity: 1, lineTotal: "$24.00" }),
        ],
        subtotal: "$622.00",
        shippingMethod: "Standard",
        shipping: "Free",
        discount: null,
        tax: "$0.00",
        total: "$622.00",
        shipTo: ["Ada Lovelace", "1 Rodeo Drive", "Beverly Hills, CA 90210", "United States"],
      },
      // Manual payment (the default, decision 0031): the page says how to pay.
      payment: { kind: "instructions", text: DEFAULT_PAYMENT_INSTRUCTIONS },
      sendsMail: true,
      // A guest's View Orders: their own order page, which this browser opens without the e-mailed link.
      ordersHref: `/order-status?order=${order!.id}`,
    });
  });

  it("ignores any price or total posted with the form", async () => {
    const key = freshKey();
    const cart = await visitorCart([{ productId: "wig-3", quantity: 1 }]);
    await checkout(
      { ...address, idempotencyKey: key, price: "1", total: "0.01", total_amount: "1", "items[0].price": "1" },
      cart,
    );
    const [order] = await ordersWithKey(key);
    expect(order?.total_amount).toBe(69900);
  });

  it("places one order for a double submission with the same key", async () => {
    const key = freshKey();
    const cart = await visitorCart([{ productId: "tape-1", quantity: 1 }]);
    const [first, second] = await Promise.all([
      checkout({ ...address, idempotencyKey: key }, cart),
      checkout({ ...address, idempotencyKey: key }, cart),
    ]);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    // Back and resubmit: the cart cookie is already empty, the key is the same.
    const third = await checkout({ ...address, idempotencyKey: key }, cart.store(first.headers));
    expect(third.status).toBe(303);
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  it("keeps a new cart when an old form that already placed an order is posted again", async () => {
    const key = freshKey();
    const cart = await visitorCart([{ productId: "clip-2", quantity: 1 }]);
    const placed = await checkout({ ...address, idempotencyKey: key }, cart);
    expect(placed.status).toBe(303);
    // Back to the old form with other lines in the cart, then the same form posted again.
    const newCart = await visitorCart([{ productId: "wig-1", quantity: 3 }]);
    const { status, data, headers } = await checkout({ ...address, idempotencyKey: key }, newCart);
    expect(status).toBe(409);
    expect(data?.error[""]).toEqual([
      "This form already placed an earlier order",
      "Your cart is unchanged. Please check your details and place your order again.",
    ]);
    expect(data?.initialValue.firstName).toBe("Ada");
    expect(headers.getSetCookie().some((header) => header.startsWith("cart="))).toBe(false);
    expect(await ordersWithKey(key)).toHaveLength(1);
    // The form comes back with a key of its own, so the next try places the new cart.
    const nextKey = data!.initialValue.idempotencyKey!;
    expect(nextKey).toMatch(/^[A-Za-z0-9_-]{16,200}$/);
    expect(nextKey).not.toBe(key);
    const next = await checkout({ ...address, idempotencyKey: nextKey }, newCart);
    expect(next.status).toBe(303);
    const [order] = await ordersWithKey(nextKey);
    expect(order?.total_amount).toBe(3 * 44900);
  });

  it("shows a missing or tampered form key on the form, not on its hidden field", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    for (const idempotencyKey of ["", "short", "not a key at all; drop table orders"]) {
      const { status, data } = await checkout({ ...address, idempotencyKey }, cart);
      expect(status).toBe(400);
      expect(data?.error[""]).toEqual(["This form has expired. Please reload the page."]);
      expect(data?.initialValue.lastName).toBe(address.lastName);
    }
  });

  it("answers a submitted empty checkout with the 'Cart is empty' toast and keeps the typed values", async () => {
    const result = await checkout({ ...address, idempotencyKey: freshKey() }, "");
    expect(result.status).toBe(400);
    expect(result.data?.initialValue.firstName).toBe("Ada");
    expect(await toastOf(result)).toMatchObject({
      type: "error",
      title: "Cart is empty",
      description: "Add some items to your cart before checking out.",
    });
    // Without JavaScript: back to the page (the empty cart's), with the toast.
    const posted = await checkout({ ...address, idempotencyKey: freshKey() }, "", navigation);
    expect(posted).toMatchObject({ status: 303, location: "/checkout" });
    expect(await toastOf(posted)).toMatchObject({ title: "Cart is empty" });
  });

  it("returns every field's message and keeps what was typed", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    const { status, data } = await checkout(
      { firstName: "Ada", email: "nope", phone: "123", zipCode: "1", idempotencyKey: freshKey() },
      cart,
    );
    expect(status).toBe(400);
    expect(data?.error).toMatchObject({
      lastName: ["Last name is required"],
      email: ["Valid email is required"],
      phone: ["Valid phone number is required"],
      address: ["Address is required"],
      city: ["City is required"],
      state: ["State is required"],
      zipCode: ["Valid zip code is required"],
      country: ["Country is required"],
    });
    expect(data?.initialValue).toMatchObject({ firstName: "Ada", email: "nope", phone: "123" });
  });

  it("refuses an out-of-stock product and keeps the cart", async () => {
    const cart = await visitorCart([{ productId: "wig-2", quantity: 1 }]);
    const key = freshKey();
    const { status, headers } = await checkout({ ...address, idempotencyKey: key }, cart);
    expect(status).toBe(409);
    expect(headers.getSetCookie().some((header) => header.startsWith("cart="))).toBe(false);
    expect(await ordersWithKey(key)).toHaveLength(0);
  });

  it("says 'Payment failed' and keeps the cart when storing the order fails", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    // The database fails at the moment of storing the order (the network edge of the backend).
    const realForRequest = backend.forRequest.bind(backend);
    vi.spyOn(backend, "forRequest").mockImplementationOnce((request) => {
      const scope = realForRequest(request);
      return { ...scope, orders: { ...scope.orders, place: () => Promise.reject(new Error("database went away")) } };
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { status, data, headers } = await checkout({ ...address, idempotencyKey: freshKey() }, cart);
    expect(status).toBe(503);
    expect(data?.error[""]).toEqual([
      "Payment failed",
      "There was an error processing your payment. Please try again.",
    ]);
    expect(headers.getSetCookie().some((header) => header.startsWith("cart="))).toBe(false);
    expect(errors).toHaveBeenCalled();
  });
});

describe("a browser's form post without JavaScript (post/redirect/get)", () => {
  it("comes back by a redirect to the page, with what was typed and the errors, read once", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    const key = freshKey();
    const posted = await checkout({ ...address, phone: "123", idempotencyKey: key }, cart, navigation);
    expect(posted).toMatchObject({ status: 303, location: "/checkout" });
    expect(await ordersWithKey(key)).toHaveLength(0);

    cart.store(posted.headers);
    const page = await openCheckout(cart);
    expect(page.status).toBe(200);
    expect(page.data?.lastResult?.status).toBe("error");
    expect(page.data?.lastResult?.error).toEqual({ phone: ["Valid phone number is required"] });
    // Everything typed comes back, the form's key too: a retry cannot order twice.
    expect(page.data?.lastResult?.initialValue).toMatchObject({
      firstName: "Ada",
      phone: "123",
      city: "Beverly Hills",
      idempotencyKey: key,
    });
    // Read once: the next visit shows a fresh form.
    cart.store(page.headers);
    expect((await openCheckout(cart)).data?.lastResult).toBeNull();
  });

  it("refuses a 200-character name and a 5,000-character address with the field's message instead of cutting them", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    const key = freshKey();
    const firstName = "A".repeat(200);
    const longAddress = "1 Rodeo Drive ".repeat(358).slice(0, 5_000);
    const fields = { ...address, firstName, address: longAddress, idempotencyKey: key };

    const answered = await checkout(fields, cart);
    expect(answered.status).toBe(400);
    expect(answered.data?.error).toEqual({
      firstName: ["First name must be 100 characters or fewer."],
      address: ["Address must be 200 characters or fewer."],
    });
    expect(answered.data?.initialValue).toMatchObject({ firstName, address: longAddress });

    const posted = await checkout(fields, cart, navigation);
    expect(posted).toMatchObject({ status: 303, location: "/checkout" });
    const page = await openCheckout(cart.store(posted.headers));
    expect(page.data?.lastResult?.error).toMatchObject({ firstName: ["First name must be 100 characters or fewer."] });
    const kept = page.data!.lastResult!.initialValue;
    expect(kept.firstName).toBe(firstName);
    // As much of a pasted page as a cookie holds, from its start: still too long, still the shopper's text.
    expect(longAddress.startsWith(kept.address!)).toBe(true);
    expect(kept.address!.length).toBeGreaterThan(200);
    expect(kept.city).toBe("Beverly Hills");
    expect(await ordersWithKey(key)).toHaveLength(0);
  });

  it("'Update shipping' reprices the page for the method and country chosen, places nothing, and keeps what was typed", async () => {
    const cart = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const key = freshKey();
    const posted = await checkout(
      { ...address, shippingMethod: "overnight", intent: "update-shipping", idempotencyKey: key },
      cart,
      navigation,
    );
    expect(posted).toMatchObject({ status: 303, location: "/checkout" });
    const page = await openCheckout(cart.store(posted.headers));
    expect(page.data?.shippingMethod).toBe("overnight");
    expect(page.data?.lastResult).toEqual({
      initialValue: expect.objectContaining({ firstName: "Ada", shippingMethod: "overnight", idempotencyKey: key }),
    });
    expect(await ordersWithKey(key)).toHaveLength(0);

    // Another country: the method becomes the one it may use.
    const abroad = await checkout(
      { ...address, country: "Canada", intent: "update-shipping", idempotencyKey: key },
      cart,
      navigation,
    );
    expect((await openCheckout(cart.store(abroad.headers))).data?.shippingMethod).toBe("international");
  });
});

describe("shipping", () => {
  it("stores the method and the database's amount; the total includes it; an amount posted with the form is ignored", async () => {
    const key = freshKey();
    const cart = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const placed = await checkout(
      { ...address, shippingMethod: "express", shippingAmount: "0", shipping: "0", idempotencyKey: key },
      cart,
    );
    expect(placed.status).toBe(303);
    const [order] = await db.query<{ total_amount: number; shipping_method: string; shipping_amount: number }>(
      "select total_amount, shipping_method, shipping_amount from public.orders where idempotency_key = $1",
      [key],
    );
    expect(order).toEqual({ total_amount: 2_400 + 1_999, shipping_method: "express", shipping_amount: 1_999 });
    const success = await call(orderSuccessLoader, get("/order-success", cart.store(placed.headers)));
    expect(success.data).toMatchObject({
      details: { subtotal: "$24.00", shippingMethod: "Express", shipping: "$19.99", total: "$43.99" },
    });
  });

  it("ships abroad by International only: a US method for another country is refused on the method, and the page offers International", async () => {
    const cart = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const key = freshKey();
    const fields = { ...address, country: "France", shippingMethod: "standard", idempotencyKey: key };
    const answered = await checkout(fields, cart);
    expect(answered.status).toBe(400);
    expect(answered.data?.error).toEqual({
      shippingMethod: ["This shipping method is for US addresses: please choose International shipping."],
    });

    const posted = await checkout(fields, cart, navigation);
    expect((await openCheckout(cart.store(posted.headers))).data?.shippingMethod).toBe("international");
    expect(await ordersWithKey(key)).toHaveLength(0);

    expect((await checkout({ ...fields, shippingMethod: "international" }, cart)).status).toBe(303);
    const [order] = await db.query<{ total_amount: number }>(
      "select total_amount from public.orders where idempotency_key = $1",
      [key],
    );
    expect(order?.total_amount).toBe(2_400 + 2_999);
  });
});

describe("the checkout page", () => {
  const open = (cookies: CookieJar | string) => call(loader, get("/checkout", cookies));

  it("opens with the form for a cart with items", async () => {
    const result = await open(await visitorCart([{ productId: "clip-1", quantity: 1 }]));
    expect(result).toMatchObject({ status: 200, location: null, data: expect.anything() });
  });

  it("shows an empty cart on the page itself (200, the spec's empty state), without a toast", async () => {
    const result = await open("");
    expect(result).toMatchObject({ status: 200, location: null, data: expect.objectContaining({ lastResult: null }) });
    expect(await toastOf(result)).toBeNull();
  });

  it("sends Back from the confirmation (the cart was just ordered) to the shop, replacing the history entry, without a toast", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    const placed = await checkout({ ...address, idempotencyKey: freshKey() }, cart);
    const result = await open(cart.store(placed.headers));
    expect(result).toMatchObject({ status: 303, location: "/shop" });
    // With JavaScript the router replaces the entry (Forward still returns to the confirmation).
    expect(result.headers.get("X-Remix-Replace")).toBe("true");
    expect(await toastOf(result)).toBeNull();
  });

  it("offers the shipping methods for the cart, Standard chosen, and renders no maxlength", async () => {
    const result = await open(await visitorCart([{ productId: "acc-2", quantity: 1 }]));
    const data = result.data as {
      shippingMethod: string;
      constraint: Record<string, { maxLength?: number }>;
      defaultValue: Record<string, string>;
    };
    expect(data.shippingMethod).toBe("standard");
    expect(data.defaultValue).toMatchObject({ country: "United States", shippingMethod: "standard" });
    expect(Object.values(data.constraint).some((rules) => rules.maxLength !== undefined)).toBe(false);
  });
});

describe("checkout as a member", () => {
  it("two sessions of one member posting at once make one order; the other is told the cart was already ordered", async () => {
    const { user, cookie } = await signUpMember(backend);
    const memberScope = backend.forRequest(new Request("http://shop.test/", { headers: { Cookie: cookie } }));
    const { email } = (await memberScope.auth.getUser())!;
    const otherDevice = backend.forRequest(new Request("http://shop.test/"));
    await otherDevice.auth.signInWithPassword({ email, password: "a long enough password" });
    const otherCookie = new CookieJar().store(otherDevice.responseHeaders).header();
    await memberScope.carts.add({ userId: user.id, productId: "tape-2", quantity: 1 });

    // The second session has read the cart (its checkout shows it) when the first one's order goes through.
    const first = post("/checkout", { ...address, idempotencyKey: freshKey() }, cookie, { "Sec-Fetch-Mode": "cors" });
    const second = post("/checkout", { ...address, idempotencyKey: freshKey() }, otherCookie, {
      "Sec-Fetch-Mode": "cors",
    });
    let firstPlaced: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => (firstPlaced = resolve));
    const secondScope = backend.forRequest(second);
    const place = secondScope.orders.place.bind(secondScope.orders);
    vi.spyOn(secondScope.orders, "place").mockImplementation(async (input) => {
      await firstDone;
      return place(input);
    });
    const [placed, refused] = await Promise.all([
      call(action, first).finally(() => firstPlaced()),
      call(action, second),
    ]);

    expect(placed).toMatchObject({ status: 303, location: "/order-success" });
    expect(refused.status).toBe(409);
    expect((refused.data as CheckoutForm).error[""]).toEqual([
      "Your cart has already been ordered",
      "It was ordered a moment ago, from another window or device. You'll find it in your orders.",
    ]);
    const orders = await db.query("select id from public.orders where user_id = $1", [user.id]);
    expect(orders).toHaveLength(1);
    expect(await memberScope.carts.list({ userId: user.id })).toEqual([]);
  });

  it("stores the order under the member, empties the stored cart, and lists it first in their orders", async () => {
    const { user, cookie } = await signUpMember(backend);
    // The member's own session: the backend runs data calls as the session's user only.
    const memberRequest = () => new Request("http://shop.test/", { headers: { Cookie: cookie } });
    await backend.forRequest(memberRequest()).carts.add({ userId: user.id, productId: "clip-2", quantity: 3 });
    const key = freshKey();
    const response = await checkout({ ...address, idempotencyKey: key }, cookie);
    expect(response.status).toBe(303);
    const [order] = await ordersWithKey(key);
    expect(order).toMatchObject({ user_id: user.id, total_amount: 3 * 24900 });
    const scope = backend.forRequest(memberRequest());
    expect(await scope.carts.list({ userId: user.id })).toEqual([]);
    const [latest] = await scope.orders.listForUser({ userId: user.id });
    expect(latest).toMatchObject({
      id: order!.id,
      status: "pending",
      totalAmount: 74700,
      shippingAddress: { city: "Beverly Hills" },
    });
  });
});

describe("the order pages belong to the browser that placed the order (decision 0034)", () => {
  const placeAsGuest = async () => {
    const key = freshKey();
    const cart = await visitorCart([{ productId: "acc-2", quantity: 1 }]);
    const placed = await checkout({ ...address, idempotencyKey: key }, cart);
    expect(placed.status).toBe(303);
    const [order] = await ordersWithKey(key);
    return { browser: cart.store(placed.headers), orderId: order!.id };
  };
  const orderPage = (orderId: string) => `/order-status?order=${orderId}`;

  it("opens the guest's order page in the placing browser without the e-mailed link, and in no other", async () => {
    const { browser, orderId } = await placeAsGuest();
    const own = await call(guestOrderLoader, get(orderPage(orderId), browser));
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ order: { number: orderId.slice(-8), status: "pending" } });
    expect(JSON.stringify(own.data)).not.toContain(shippingAddress.address);

    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await call(guestOrderLoader, get(orderPage(orderId)))).status).toBe(404);
    // Another browser's own order is no key to this one.
    const { browser: other } = await placeAsGuest();
    expect((await call(guestOrderLoader, get(orderPage(orderId), other))).status).toBe(404);
    expect((await call(guestOrderLoader, get(orderPage("not-an-id"), browser))).status).toBe(404);
  });

  it("after staff revoke the guest link, neither the success page nor the order page shows the order to that browser", async () => {
    const { browser, orderId } = await placeAsGuest();
    expect((await call(orderSuccessLoader, get("/order-success", browser))).data).toMatchObject({
      details: { shipTo: expect.arrayContaining(["1 Rodeo Drive"]) },
    });
    const [staff] = await signUpStaff(backend, "Store Owner");
    if (!staff) throw new Error("signUpStaff made no staff member");
    expect(await backend.forRequest(get("/", staff.cookie)).staff.revokeGuestLink({ orderId })).toBe(true);

    const success = await call(orderSuccessLoader, get("/order-success", browser));
    expect(success.data).toMatchObject({ orderNumber: orderId.slice(-8), details: null, ordersHref: "/orders" });
    expect(JSON.stringify(success.data)).not.toContain("Rodeo");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await call(guestOrderLoader, get(orderPage(orderId), browser))).status).toBe(404);
  });
});

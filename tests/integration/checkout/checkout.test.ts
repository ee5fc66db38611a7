import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Backend } from "~/backend/port";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { readCartCookie, serializeCartCookie } from "~/modules/cart/cart-cookie.server";
import { action, loader } from "~/routes/checkout";
import { loader as orderSuccessLoader } from "~/routes/order-success";
import { installTestBackend } from "#tests/support/pglite";
import { shippingAddress } from "#tests/support/shipping";
import { call, CookieJar, get, post, signUpMember, toastOf } from "#tests/support/route-calls";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
});
afterAll(async () => uninstall());

const address = shippingAddress;
let keyCounter = 0;
const freshKey = () => `test-key-${Date.now()}-${++keyCounter}-padding`;

async function visitorCart(lines: Array<{ productId: string; quantity: number }>) {
  return new CookieJar().store([await serializeCartCookie(lines)]);
}

type CheckoutForm = { error: Record<string, string[]>; initialValue: Record<string, string> };

async function checkout(fields: Record<string, string>, cookies: CookieJar | string) {
  const result = await call(action, post("/checkout", fields, cookies));
  return { ...result, data: result.data as CheckoutForm | undefined };
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
    expect(await readCartCookie(get("/", cart))).toEqual([]);
    const success = await call(orderSuccessLoader, get("/order-success", cart));
    expect(success.data).toEqual({ orderNumber: order!.id.slice(-8) });
  });

  it("ignores any price or total posted with the form", async () => {
    const key = freshKey();
    const cart = await visitorCart([{ productId: "wig-3", quantity: 1 }]);
    await checkout({ ...address, idempotencyKey: key, price: "1", total: "0.01", total_amount: "1", "items[0].price": "1" }, cart);
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

  it("answers 'Cart is empty' on the form for an empty cart and keeps the typed values", async () => {
    const { status, data, headers } = await checkout({ ...address, idempotencyKey: freshKey() }, "");
    expect(status).toBe(400);
    expect(data?.error[""]).toEqual(["Cart is empty", "Add some items to your cart before checking out."]);
    expect(data?.initialValue.firstName).toBe("Ada");
    // The page answers itself: a flash toast would only show on the page after it.
    expect(headers.get("Set-Cookie")).toBeNull();
  });

  it("returns every field's message and keeps what was typed", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    const { status, data } = await checkout({ firstName: "Ada", email: "nope", phone: "123", zipCode: "1", idempotencyKey: freshKey() }, cart);
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
    expect(data?.error[""]).toEqual(["Payment failed", "There was an error processing your payment. Please try again."]);
    expect(headers.getSetCookie().some((header) => header.startsWith("cart="))).toBe(false);
    expect(errors).toHaveBeenCalled();
  });
});

describe("the checkout page", () => {
  const open = (cookies: CookieJar | string) => call(loader, get("/checkout", cookies));

  it("opens with the form for a cart with items", async () => {
    const result = await open(await visitorCart([{ productId: "clip-1", quantity: 1 }]));
    expect(result).toMatchObject({ status: 200, location: null, data: expect.anything() });
  });

  it("sends an empty cart to the shop with the 'Cart is empty' toast", async () => {
    const result = await open("");
    expect(result).toMatchObject({ status: 303, location: "/shop" });
    expect(await toastOf(result)).toMatchObject({ title: "Cart is empty", description: "Add some items to your cart before checking out." });
  });

  it("sends Back from the confirmation (the cart was just ordered) to the shop, without a toast", async () => {
    const cart = await visitorCart([{ productId: "clip-1", quantity: 1 }]);
    const placed = await checkout({ ...address, idempotencyKey: freshKey() }, cart);
    const result = await open(cart.store(placed.headers));
    expect(result).toMatchObject({ status: 303, location: "/shop" });
    expect(await toastOf(result)).toBeNull();
  });
});

describe("checkout as a member", () => {
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
    expect(latest).toMatchObject({ id: order!.id, status: "pending", totalAmount: 74700, shippingAddress: { city: "Beverly Hills" } });
  });
});

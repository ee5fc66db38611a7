import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Backend } from "~/backend/port";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { readCartCookie, serializeCartCookie } from "~/modules/cart/cart-cookie.server";
import { action, loader } from "~/routes/checkout";
import { readToast } from "~/utils/toast.server";
import { loader as orderSuccessLoader } from "~/routes/order-success";
import { installTestBackend } from "#tests/setup/pglite";
import { shippingAddress } from "#tests/fixtures/shipping";
import { cookiesAfter, formPost, routeArgs, signUpMember } from "#tests/integration/helpers/requests";

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

async function visitorCartCookie(lines: Array<{ productId: string; quantity: number }>) {
  return cookiesAfter(new Headers([["Set-Cookie", await serializeCartCookie(lines)]]));
}

async function checkout(fields: Record<string, string>, cookie: string) {
  const result = await action(routeArgs(formPost("http://shop.test/checkout", fields, cookie)));
  return result as unknown as Response | { data: unknown; init: ResponseInit | null };
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
    const cookie = await visitorCartCookie([
      { productId: "clip-1", quantity: 2 },
      { productId: "acc-2", quantity: 1 },
    ]);
    const response = await checkout({ ...address, idempotencyKey: key }, cookie);
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe("/order-success");

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

    const next = cookiesAfter(redirect.headers, cookie);
    expect(await readCartCookie(new Request("http://shop.test/", { headers: { Cookie: next } }))).toEqual([]);
    const success = await orderSuccessLoader(routeArgs(new Request("http://shop.test/order-success", { headers: { Cookie: next } })));
    expect(success).toEqual({ orderNumber: order!.id.slice(-8).toUpperCase() });
  });

  it("ignores any price or total posted with the form", async () => {
    const key = freshKey();
    const cookie = await visitorCartCookie([{ productId: "wig-3", quantity: 1 }]);
    await checkout({ ...address, idempotencyKey: key, price: "1", total: "0.01", total_amount: "1", "items[0].price": "1" }, cookie);
    const [order] = await ordersWithKey(key);
    expect(order?.total_amount).toBe(69900);
  });

  it("places one order for a double submission with the same key", async () => {
    const key = freshKey();
    const cookie = await visitorCartCookie([{ productId: "tape-1", quantity: 1 }]);
    const [first, second] = await Promise.all([
      checkout({ ...address, idempotencyKey: key }, cookie),
      checkout({ ...address, idempotencyKey: key }, cookie),
    ]);
    expect((first as Response).status).toBe(303);
    expect((second as Response).status).toBe(303);
    // Back and resubmit: the cart cookie is already empty, the key is the same.
    const emptied = cookiesAfter((first as Response).headers, cookie);
    const third = await checkout({ ...address, idempotencyKey: key }, emptied);
    expect((third as Response).status).toBe(303);
    expect(await ordersWithKey(key)).toHaveLength(1);
  });

  it("answers 'Cart is empty' on the form for an empty cart and keeps the typed values", async () => {
    const result = await checkout({ ...address, idempotencyKey: freshKey() }, "");
    expect(result).not.toBeInstanceOf(Response);
    const { data, init } = result as { data: { error: Record<string, string[]>; initialValue: Record<string, string> }; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.error[""]).toEqual(["Cart is empty", "Add some items to your cart before checking out."]);
    expect(data.initialValue.firstName).toBe("Ada");
    // The page answers itself: a flash toast would only show on the page after it.
    expect(new Headers(init.headers).get("Set-Cookie")).toBeNull();
  });

  it("returns every field's message and keeps what was typed", async () => {
    const cookie = await visitorCartCookie([{ productId: "clip-1", quantity: 1 }]);
    const result = await checkout({ firstName: "Ada", email: "nope", phone: "123", zipCode: "1", idempotencyKey: freshKey() }, cookie);
    const { data, init } = result as { data: { error: Record<string, string[]>; initialValue: Record<string, string> }; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.error).toMatchObject({
      lastName: ["Last name is required"],
      email: ["Valid email is required"],
      phone: ["Valid phone number is required"],
      address: ["Address is required"],
      city: ["City is required"],
      state: ["State is required"],
      zipCode: ["Valid zip code is required"],
      country: ["Country is required"],
    });
    expect(data.initialValue).toMatchObject({ firstName: "Ada", email: "nope", phone: "123" });
  });

  it("refuses an out-of-stock product and keeps the cart", async () => {
    const cookie = await visitorCartCookie([{ productId: "wig-2", quantity: 1 }]);
    const key = freshKey();
    const result = await checkout({ ...address, idempotencyKey: key }, cookie);
    const { init } = result as { init: ResponseInit };
    expect(init.status).toBe(409);
    expect(new Headers(init.headers).getSetCookie().some((header) => header.startsWith("cart="))).toBe(false);
    expect(await ordersWithKey(key)).toHaveLength(0);
  });

  it("says 'Payment failed' and keeps the cart when storing the order fails", async () => {
    const cookie = await visitorCartCookie([{ productId: "clip-1", quantity: 1 }]);
    // The database fails at the moment of storing the order (the network edge of the backend).
    const realForRequest = backend.forRequest.bind(backend);
    vi.spyOn(backend, "forRequest").mockImplementationOnce((request) => {
      const scope = realForRequest(request);
      return { ...scope, orders: { ...scope.orders, place: () => Promise.reject(new Error("database went away")) } };
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await checkout({ ...address, idempotencyKey: freshKey() }, cookie);
    const { data, init } = result as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(init.status).toBe(503);
    expect(data.error[""]).toEqual(["Payment failed", "There was an error processing your payment. Please try again."]);
    expect(new Headers(init.headers).getSetCookie().some((header) => header.startsWith("cart="))).toBe(false);
    expect(errors).toHaveBeenCalled();
  });
});

describe("the checkout page", () => {
  const open = async (cookie: string) => {
    try {
      return await loader(routeArgs(new Request("http://shop.test/checkout", { headers: { Cookie: cookie } })));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  const toastAfter = async (response: Response) =>
    (await readToast(new Request("http://shop.test/", { headers: { Cookie: cookiesAfter(response.headers) } }))).toast;

  it("opens with the form for a cart with items", async () => {
    const result = await open(await visitorCartCookie([{ productId: "clip-1", quantity: 1 }]));
    expect(result).not.toBeInstanceOf(Response);
  });

  it("sends an empty cart to the shop with the 'Cart is empty' toast", async () => {
    const result = await open("");
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("/shop");
    expect(await toastAfter(result as Response)).toMatchObject({ title: "Cart is empty", description: "Add some items to your cart before checking out." });
  });

  it("sends Back from the confirmation (the cart was just ordered) to the shop, without a toast", async () => {
    const cookie = await visitorCartCookie([{ productId: "clip-1", quantity: 1 }]);
    const placed = (await checkout({ ...address, idempotencyKey: freshKey() }, cookie)) as Response;
    const result = await open(cookiesAfter(placed.headers, cookie));
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("/shop");
    expect(await toastAfter(result as Response)).toBeNull();
  });
});

describe("checkout as a member", () => {
  it("stores the order under the member, empties the stored cart, and lists it first in their orders", async () => {
    const { user, cookie } = await signUpMember(backend);
    await backend.forRequest(new Request("http://shop.test/")).carts.add({ userId: user.id, productId: "clip-2", quantity: 3 });
    const key = freshKey();
    const response = (await checkout({ ...address, idempotencyKey: key }, cookie)) as Response;
    expect(response.status).toBe(303);
    const [order] = await ordersWithKey(key);
    expect(order).toMatchObject({ user_id: user.id, total_amount: 3 * 24900 });
    const scope = backend.forRequest(new Request("http://shop.test/"));
    expect(await scope.carts.list({ userId: user.id })).toEqual([]);
    const [latest] = await scope.orders.listForUser({ userId: user.id });
    expect(latest).toMatchObject({ id: order!.id, status: "pending", totalAmount: 74700, shippingAddress: { city: "Beverly Hills" } });
  });
});

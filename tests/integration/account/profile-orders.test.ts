import { placeOrder } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  expectRedirect,
  get,
  post,
  testContext,
  toastOf,
  uniqueEmail,
} from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import { BackendError } from "~/backend/errors";
import type { Backend } from "~/backend/ports/backend";
import type { ShippingAddress } from "~/backend/ports/orders";
import { ORDERS_PAGE_SIZE } from "~/modules/account/orders";
import { getSession } from "~/modules/auth/session.server";
import { loader as ordersLoader } from "~/routes/account/orders";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { action as authAction } from "~/routes/auth/sign-in";

let backend: Backend;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
});

afterAll(async () => {
  await uninstall();
});

async function signedUpShopper() {
  const email = uniqueEmail();
  const jar = new CookieJar();
  const result = await call(
    authAction,
    post("/auth?mode=signup", { intent: "signup", email, password: "correct-horse-battery" }, jar),
  );
  jar.store(result.headers);
  const session = await getSession(get("/", jar), testContext());
  return { email, jar, userId: session.user!.id, scope: session.backend };
}

const shipping: ShippingAddress = {
  firstName: "Ana",
  lastName: "Lopez",
  phone: "3105550100",
  address: "1 Rodeo Drive",
  city: "Beverly Hills",
  state: "CA",
  zipCode: "90210",
  country: "United States",
};

describe("protected pages", () => {
  test.each([
    ["/profile", profileLoader],
    ["/orders", ordersLoader],
    ["/profile?edit=1", profileLoader],
  ] as const)("%s sends a visitor to /auth and back afterwards", async (path, loader) => {
    expectRedirect(await call(loader, get(path)), `/auth?${new URLSearchParams({ redirectTo: path })}`);
  });

  test("the profile action is guarded too", async () => {
    expectRedirect(
      await call(profileAction, post("/profile?edit=1", { intent: "update-profile", fullName: "Mallory" })),
      "/auth?redirectTo=%2Fprofile%3Fedit%3D1",
    );
  });
});

describe("/profile", () => {
  test("shows the shopper's own profile: no name yet, e-mail, member since", async () => {
    const { email, jar } = await signedUpShopper();
    const result = await call(profileLoader, get("/profile", jar));
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ account: { email, fullName: null }, editing: false });
    expect(Date.parse(result.data!.account!.memberSince)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(profileLoader, get("/profile?edit=1", jar))).data).toMatchObject({ editing: true });
  });

  test("saving a name trims it, redirects to the view with 'Success', and the view shows it", async () => {
    const { jar } = await signedUpShopper();
    const result = await call(
      profileAction,
      post("/profile?edit=1", { intent: "update-profile", fullName: "  Ana Lopez  " }, jar),
    );
    expectRedirect(result, "/profile");
    expect(await toastOf(result)).toMatchObject({ title: "Success", description: "Profile updated successfully" });
    expect((await call(profileLoader, get("/profile", jar))).data).toMatchObject({
      account: { fullName: "Ana Lopez" },
    });
  });

  test("a blank name clears it (shown as 'User')", async () => {
    const { jar } = await signedUpShopper();
    await call(profileAction, post("/profile?edit=1", { intent: "update-profile", fullName: "Ana" }, jar));
    expectRedirect(
      await call(profileAction, post("/profile?edit=1", { intent: "update-profile", fullName: "   " }, jar)),
      "/profile",
    );
    expect((await call(profileLoader, get("/profile", jar))).data).toMatchObject({ account: { fullName: null } });
  });

  test("a name over 200 characters is refused with 'Failed to update profile'", async () => {
    const { jar } = await signedUpShopper();
    const result = await call(
      profileAction,
      post("/profile?edit=1", { intent: "update-profile", fullName: "a".repeat(201) }, jar),
    );
    expect(result.status).toBe(400);
    expect(result.data?.result.error).toMatchObject({ fullName: ["Full name can have at most 200 characters"] });
    // On the form, in one place: no toast.
    expect(result.data?.result.error?.[""]).toEqual(["Failed to update profile"]);
    expect(await toastOf(result)).toBeNull();
  });

  test.each([
    ["an empty post", {}],
    ["a post without an intent", { fullName: "Mallory" }],
    ["an unknown intent", { intent: "sign-out-everywher" }],
  ])("%s is refused with 400 on the form and changes nothing", async (_case, fields: Record<string, string>) => {
    const { email, jar } = await signedUpShopper();
    await call(profileAction, post("/profile?edit=1", { intent: "update-profile", fullName: "Ana" }, jar));
    const result = await call(profileAction, post("/profile", fields, jar));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      form: "profile",
      result: {
        status: "error",
        error: { "": ["This request was not recognised, so nothing was changed. Please try again."] },
      },
    });
    expect(await toastOf(result)).toBeNull();
    expect((await call(profileLoader, get("/profile", jar))).data).toMatchObject({
      account: { email, fullName: "Ana" },
    });
  });

  test("a shopper only ever sees and changes their own profile", async () => {
    const ana = await signedUpShopper();
    const ben = await signedUpShopper();
    await call(
      profileAction,
      post(
        "/profile?edit=1",
        { intent: "update-profile", fullName: "Ben", userId: ana.userId, id: ana.userId },
        ben.jar,
      ),
    );
    expect((await call(profileLoader, get("/profile", ana.jar))).data).toMatchObject({
      account: { email: ana.email, fullName: null },
    });
    expect((await call(profileLoader, get("/profile", ben.jar))).data).toMatchObject({
      account: { email: ben.email, fullName: "Ben" },
    });
  });

  test("a backend failure shows 'Failed to load profile' and logs it", async () => {
    const { jar } = await signedUpShopper();
    const request = get("/profile", jar);
    // The request's scope is its cookie jar's: the one the loader's call() will hand it.
    const context = testContext();
    vi.spyOn(backend.forRequest(request, context.responseHeaders).profiles, "get").mockRejectedValueOnce(
      new BackendError("unavailable", "down"),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await call(profileLoader, request, context);
    expect(result.status).toBe(503);
    // The page says it (its role="alert" box), in one place: no toast.
    expect(result.data).toMatchObject({ account: null });
    expect(await toastOf(result)).toBeNull();
    expect(logged).toHaveBeenCalledWith("Failed to load profile:", expect.any(BackendError));
  });
});

describe("/orders", () => {
  test("a new shopper has no orders", async () => {
    const { jar } = await signedUpShopper();
    expect((await call(ordersLoader, get("/orders", jar))).data).toEqual({
      orders: [],
      pagination: { page: 1, totalPages: 1, previousHref: null, nextHref: null },
      loadFailed: false,
    });
  });

  test(`pages the history ${ORDERS_PAGE_SIZE} orders at a time; bad or past-the-end page numbers redirect`, async () => {
    const shopper = await signedUpShopper();
    const placed = [];
    for (let index = 0; index < ORDERS_PAGE_SIZE + 2; index++) {
      placed.push(
        await placeOrder(shopper.scope, {
          userId: shopper.userId,
          items: [{ productId: "acc-2", quantity: 1 }],
          shippingAddress: shipping,
          email: shopper.email,
        }),
      );
    }
    const newestFirst = placed.map((order) => order.id).reverse();

    const first = await call(ordersLoader, get("/orders", shopper.jar));
    expect(first.data?.orders.map((order) => order.id)).toEqual(newestFirst.slice(0, ORDERS_PAGE_SIZE));
    expect(first.data?.pagination).toEqual({ page: 1, totalPages: 2, previousHref: null, nextHref: "/orders?page=2" });

    const second = await call(ordersLoader, get("/orders?page=2", shopper.jar));
    expect(second.data?.orders.map((order) => order.id)).toEqual(newestFirst.slice(ORDERS_PAGE_SIZE));
    expect(second.data?.pagination).toEqual({ page: 2, totalPages: 2, previousHref: "/orders", nextHref: null });

    for (const page of ["0", "-1", "1.5", "abc", "1"]) {
      expectRedirect(await call(ordersLoader, get(`/orders?page=${page}`, shopper.jar)), "/orders");
    }
    for (const page of ["3", "99999999999999999999999"]) {
      expectRedirect(await call(ordersLoader, get(`/orders?page=${page}`, shopper.jar)), "/orders?page=2");
    }
  });

  test("lists only the shopper's own orders, newest first, with number, status, total, items and address", async () => {
    const ana = await signedUpShopper();
    const ben = await signedUpShopper();
    const place = (shopper: typeof ana, items: Array<{ productId: string; quantity: number }>) =>
      placeOrder(shopper.scope, { userId: shopper.userId, items, shippingAddress: shipping, email: shopper.email });
    const first = await place(ana, [
      { productId: "clip-1", quantity: 2 },
      { productId: "acc-2", quantity: 1 },
    ]);
    const second = await placeOrder(ana.scope, {
      userId: ana.userId,
      items: [{ productId: "wig-3", quantity: 1 }],
      shippingAddress: shipping,
      shippingMethod: "express",
      email: ana.email,
    });
    await place(ben, [{ productId: "tape-1", quantity: 1 }]);

    const { data } = await call(ordersLoader, get("/orders", ana.jar));
    expect(data?.orders.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(data?.orders[0]).toMatchObject({
      subtotal: "$699.00",
      shippingMethod: "Express",
      shipping: "$19.99",
      total: "$718.99",
    });
    const card = data!.orders[1]!;
    expect(card).toMatchObject({
      number: first.id.slice(-8),
      status: "pending",
      total: `$${(first.totalAmount / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
      shippingAddress: ["Ana Lopez", "1 Rodeo Drive", "Beverly Hills, CA 90210", "United States"],
    });
    // Each line by the product's name and picture (the id stays, in small print).
    expect(card.items).toEqual([
      expect.objectContaining({
        productId: "clip-1",
        quantity: 2,
        name: "Silky Straight Clip-In Extensions",
        image: expect.objectContaining({ id: "product-clip-1-1" }),
        href: "/product/clip-1",
      }),
      expect.objectContaining({ productId: "acc-2", quantity: 1, name: expect.any(String), image: expect.any(Object) }),
    ]);
    expect(card.items[0]?.pricePerItem).toMatch(/^\$\d[\d,]*\.\d\d$/);
    // Over $200: Standard, free. The other order went by Express.
    expect(card).toMatchObject({ subtotal: "$622.00", shippingMethod: "Standard", shipping: "Free" });

    const bens = await call(ordersLoader, get("/orders", ben.jar));
    expect(bens.data?.orders).toHaveLength(1);
    expect(bens.data?.orders[0]?.items[0]?.productId).toBe("tape-1");
  });

  test("a backend failure shows 'Failed to load orders' and logs it", async () => {
    const { jar } = await signedUpShopper();
    const request = get("/orders", jar);
    // The request's scope is its cookie jar's: the one the loader's call() will hand it.
    const context = testContext();
    vi.spyOn(backend.forRequest(request, context.responseHeaders).orders, "listPageForUser").mockRejectedValueOnce(
      new BackendError("unavailable", "down"),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await call(ordersLoader, request, context);
    expect(result.status).toBe(503);
    expect(result.data).toEqual({ orders: [], pagination: undefined, loadFailed: true });
    expect(await toastOf(result)).toBeNull();
    expect(logged).toHaveBeenCalledWith("Failed to load orders:", expect.any(BackendError));
  });
});

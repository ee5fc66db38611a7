// A member's saved addresses (decision 0044): kept on /profile, chosen at checkout with and without JavaScript.
import { installTestBackend } from "#tests/support/pglite";
import { call, get, post, signUpMember, toastOf } from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { action as profileAction, loader as profileLoader } from "~/routes/account/profile";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout/checkout";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
});
afterAll(async () => uninstall());

const { email: _email, ...home } = shippingAddress;
const work = { ...home, address: "2 Work Street", city: "Los Angeles", zipCode: "90012" };
const navigation = { "Sec-Fetch-Mode": "navigate" };

async function member() {
  const { user, cookie } = await signUpMember(backend);
  const scope = () => backend.forRequest(new Request("http://shop.test/", { headers: { Cookie: cookie } }));
  return { user, cookie, addresses: async () => (await scope().member()).addresses.list(), scope };
}

describe("/profile addresses", () => {
  test("add, edit, make default and remove; a refusal keeps what was typed; another member's address is a 404", async () => {
    const shopper = await member();
    const saved = await call(
      profileAction,
      post("/profile?address=new", { intent: "save-address", ...home }, shopper.cookie, navigation),
    );
    expect(saved).toMatchObject({ status: 303, location: "/profile" });
    expect(await toastOf(saved)).toMatchObject({ description: "Address saved" });
    await call(profileAction, post("/profile", { intent: "save-address", ...work }, shopper.cookie));
    const [first, second] = await shopper.addresses();
    expect([first?.address, first?.isDefault, second?.address, second?.isDefault]).toEqual([
      home.address,
      true,
      work.address,
      false,
    ]);

    // A blank city: 400, with everything typed kept and the field's own message.
    const refused = await call(
      profileAction,
      post(
        "/profile",
        { intent: "save-address", addressId: second!.id, ...work, city: " ", state: "NY" },
        shopper.cookie,
      ),
    );
    expect(refused.status).toBe(400);
    const result = (
      refused.data as { result: { initialValue: Record<string, string>; error: Record<string, string[]> } }
    ).result;
    expect(result.initialValue).toMatchObject({ state: "NY", address: work.address });
    expect(result.error.city).toEqual(["City is required"]);

    const edited = await call(
      profileAction,
      post(
        "/profile",
        { intent: "save-address", addressId: second!.id, ...work, state: "NY", makeDefault: "on" },
        shopper.cookie,
      ),
    );
    expect(edited.status).toBe(303);
    expect((await shopper.addresses()).map((saved) => [saved.id, saved.state, saved.isDefault])).toEqual([
      [second!.id, "NY", true],
      [first!.id, home.state, false],
    ]);
    await call(profileAction, post("/profile", { intent: "default-address", addressId: first!.id }, shopper.cookie));
    expect((await shopper.addresses())[0]).toMatchObject({ id: first!.id, isDefault: true });

    // The page with an address's form open: the shopper's own; any other id is a 404.
    const page = await call(profileLoader, get(`/profile?address=${second!.id}`, shopper.cookie));
    expect(page.data).toMatchObject({ addressForm: { editing: true, address: { id: second!.id } } });
    const stranger = await member();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await call(profileLoader, get(`/profile?address=${second!.id}`, stranger.cookie))).toMatchObject({
      status: 404,
    });
    const notTheirs = await call(
      profileAction,
      post("/profile", { intent: "remove-address", addressId: first!.id }, stranger.cookie),
    );
    expect(await toastOf(notTheirs)).toMatchObject({ type: "error", title: "Address not found" });
    expect(await shopper.addresses()).toHaveLength(2);

    const removed = await call(
      profileAction,
      post("/profile", { intent: "remove-address", addressId: first!.id }, shopper.cookie),
    );
    expect(await toastOf(removed)).toMatchObject({ description: "Address removed" });
    expect(await shopper.addresses()).toEqual([expect.objectContaining({ id: second!.id, isDefault: true })]);
  });
});

describe("checkout with saved addresses", () => {
  const shippedTo = async (key: string) =>
    (
      await db.query<{ address: { address: string; city: string } }>(
        "select shipping_address as address from public.orders where idempotency_key = $1",
        [key],
      )
    )[0]?.address;
  let keys = 0;
  const freshKey = () => `saved-address-key-${Date.now()}-${++keys}`;

  test("a fresh form is filled with the default; a chosen address ships there, typed edits win, a new one is saved when asked", async () => {
    const shopper = await member();
    const m = await shopper.scope().member();
    const homeSaved = await m.addresses.save({ id: null, address: home, makeDefault: false });
    const workSaved = await m.addresses.save({ id: null, address: work, makeDefault: false });
    const addToCart = () => m.carts.add({ productId: "acc-2", quantity: 1 });

    const page = await call(checkoutLoader, get("/checkout", shopper.cookie));
    expect(page.data).toMatchObject({
      saved: { chosen: homeSaved.id, canSave: true, addresses: [{ id: homeSaved.id }, { id: workSaved.id }] },
      defaultValue: { address: home.address, city: home.city },
    });

    // Without JavaScript: the fields still hold the default they were filled with, the radio says work: work it is.
    await addToCart();
    const chosenKey = freshKey();
    const chosen = await call(
      checkoutAction,
      post(
        "/checkout",
        {
          ...shippingAddress,
          shippingMethod: "standard",
          savedAddress: workSaved.id,
          filledFrom: homeSaved.id,
          idempotencyKey: chosenKey,
        },
        shopper.cookie,
        navigation,
      ),
    );
    expect(chosen).toMatchObject({ status: 303, location: "/order-success" });
    expect(await shippedTo(chosenKey)).toMatchObject({ address: work.address, city: work.city });

    // Edited fields win over the radio.
    await addToCart();
    const editedKey = freshKey();
    await call(
      checkoutAction,
      post(
        "/checkout",
        {
          ...shippingAddress,
          address: "3 Typed Lane",
          shippingMethod: "standard",
          savedAddress: workSaved.id,
          filledFrom: homeSaved.id,
          saveAddress: "on",
          idempotencyKey: editedKey,
        },
        shopper.cookie,
        navigation,
      ),
    );
    expect(await shippedTo(editedKey)).toMatchObject({ address: "3 Typed Lane", city: home.city });
    expect((await shopper.addresses()).map((saved) => saved.address)).toEqual([
      home.address,
      work.address,
      "3 Typed Lane",
    ]);

    // A refusal keeps the choice with what was typed (no JavaScript: through the flash).
    await addToCart();
    const refused = await call(
      checkoutAction,
      post(
        "/checkout",
        {
          ...shippingAddress,
          phone: "1",
          shippingMethod: "standard",
          savedAddress: "new",
          saveAddress: "on",
          idempotencyKey: freshKey(),
        },
        shopper.cookie,
        navigation,
      ),
    );
    expect(refused.status).toBe(303);
    const flash = refused.headers
      .getSetCookie()
      .map((setCookie) => setCookie.split(";")[0])
      .join("; ");
    const again = await call(checkoutLoader, get("/checkout", `${shopper.cookie}; ${flash}`));
    expect(again.data).toMatchObject({
      lastResult: {
        initialValue: { savedAddress: "new", saveAddress: "on", phone: "1" },
        error: { phone: [expect.any(String)] },
      },
    });
  });
});

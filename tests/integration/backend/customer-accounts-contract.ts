// A shopper's account after issue 40 ("Customers", decision 0044), for every adapter: a guest's orders join the
// account once its address is proven (in any letter case, and again when a confirmed address changes), never before;
// and a member's saved addresses, which only that member reaches. Registered by describeBackendContract.
import {
  asAnon,
  asAuthenticated,
  expectBackendError,
  expectSqlError,
  placeOrder,
  requestWith,
  shipping,
  signUpShopper,
  uniqueEmail,
} from "#tests/support/backend-helpers";
import { describe, expect, test } from "vitest";

import { MAX_SAVED_ADDRESSES } from "~/backend/ports/addresses";
import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";

export function describeCustomerAccountsContract(context: () => { backend: Backend; db: SqlDatabase }): void {
  describe("customer accounts (issue 40, decision 0044)", () => {
    const guestOrder = (email: string, productId = "acc-2") =>
      placeOrder(context().backend.forRequest(requestWith()), {
        userId: null,
        items: [{ productId, quantity: 1 }],
        email,
      });

    test("a guest's orders join the account that proves their address (any letter case), never before; they stay when it changes", async () => {
      const { backend, db } = context();
      const address = uniqueEmail("guest");
      const first = await guestOrder(address.toUpperCase());
      const second = await guestOrder(address, "clip-1");
      const strangers = await guestOrder(uniqueEmail("stranger"));

      // Signed up with the address in other capitals, and confirmed as it was created (a shop without mail, Supabase
      // with confirmations off): that proves no mailbox, so nothing is claimed.
      const member = await signUpShopper(backend, { email: address.replace("guest", "Guest") });
      const listed = async () =>
        await member.scope.orders.listPageForUser({ userId: member.user.id, limit: 10, offset: 0 });
      expect(await listed()).toEqual({ orders: [], totalCount: 0 });

      // Pending, as a sign-up that waits for its link is: RLS still shows the member none of them.
      await db.query("update auth.users set email_confirmed_at = null where id = $1", [member.user.id]);
      const visibleToMember = () =>
        asAuthenticated(db, member.user.id, (tx) =>
          tx.query<{ id: string }>("select id from public.orders order by created_at"),
        );
      expect(await visibleToMember()).toEqual([]);

      // Confirmed (what the e-mailed link and Supabase Auth's verification do): both earlier guest orders are theirs.
      await db.query("update auth.users set email_confirmed_at = now() where id = $1", [member.user.id]);
      const page = await listed();
      expect(page.totalCount).toBe(2);
      expect(page.orders.map((order) => order.id)).toEqual([second.id, first.id]);
      expect(page.orders.every((order) => order.userId === member.user.id)).toBe(true);
      expect((await visibleToMember()).map((row) => row.id)).not.toContain(strangers.id);

      // A guest order placed later under the old address stays a guest's; when the confirmed address changes (Supabase
      // changes it once the new one is confirmed), the new address's guest orders join, and the claimed ones stay.
      const later = await guestOrder(address);
      const newAddress = uniqueEmail("moved");
      const atNewAddress = await guestOrder(newAddress.toUpperCase());
      await db.query("update auth.users set email = $2 where id = $1", [member.user.id, newAddress]);
      const afterMove = await listed();
      expect(afterMove.orders.map((order) => order.id)).toEqual([atNewAddress.id, second.id, first.id]);
      const [stillGuest] = await db.query<{ user_id: string | null }>(
        "select user_id from public.orders where id = $1",
        [later.id],
      );
      expect(stillGuest?.user_id).toBeNull();
    });

    test("saved addresses: add, change, choose the default, remove; the first is the default; at most 10", async () => {
      const { backend } = context();
      const { scope, user } = await signUpShopper(backend);
      const addresses = scope.addresses;
      const userId = user.id;
      expect(await addresses.list({ userId })).toEqual([]);

      const home = await addresses.save({
        userId,
        id: null,
        address: { ...shipping, city: "  Home Town " },
        makeDefault: false,
      });
      expect(home).toMatchObject({ ...shipping, city: "Home Town", isDefault: true, id: expect.any(String) });
      const work = await addresses.save({
        userId,
        id: null,
        address: { ...shipping, address: "2 Work Street" },
        makeDefault: false,
      });
      expect(work.isDefault).toBe(false);
      expect((await addresses.list({ userId })).map((saved) => [saved.id, saved.isDefault])).toEqual([
        [home.id, true],
        [work.id, false],
      ]);

      expect(await addresses.setDefault({ userId, id: work.id })).toBe(true);
      expect((await addresses.list({ userId })).map((saved) => [saved.id, saved.isDefault])).toEqual([
        [work.id, true],
        [home.id, false],
      ]);
      const changed = await addresses.save({
        userId,
        id: home.id,
        address: { ...shipping, zipCode: "10001" },
        makeDefault: true,
      });
      expect(changed).toMatchObject({ id: home.id, zipCode: "10001", city: shipping.city, isDefault: true });
      expect((await addresses.list({ userId })).filter((saved) => saved.isDefault).map((saved) => saved.id)).toEqual([
        home.id,
      ]);

      // Removing the default makes the other one the default.
      expect(await addresses.remove({ userId, id: home.id })).toBe(true);
      expect(await addresses.remove({ userId, id: home.id })).toBe(false);
      expect(await addresses.list({ userId })).toEqual([expect.objectContaining({ id: work.id, isDefault: true })]);

      await expectBackendError(
        addresses.save({ userId, id: null, address: { ...shipping, city: "  " }, makeDefault: false }),
        "invalid_input",
      );
      await expectBackendError(
        addresses.save({ userId, id: crypto.randomUUID(), address: shipping, makeDefault: false }),
        "not_found",
      );
      for (let index = 1; index < MAX_SAVED_ADDRESSES; index += 1) {
        await addresses.save({
          userId,
          id: null,
          address: { ...shipping, address: `${index} Main Street` },
          makeDefault: false,
        });
      }
      await expectBackendError(
        addresses.save({ userId, id: null, address: shipping, makeDefault: false }),
        "invalid_input",
        /at most 10 addresses/,
      );
      expect(await addresses.list({ userId })).toHaveLength(MAX_SAVED_ADDRESSES);
    });

    test("only the member reaches their addresses, in the database too; two saves at once leave one default", async () => {
      const { backend, db } = context();
      const owner = await signUpShopper(backend);
      const other = await signUpShopper(backend);
      const [first, second] = await Promise.all([
        owner.scope.addresses.save({ userId: owner.user.id, id: null, address: shipping, makeDefault: true }),
        owner.scope.addresses.save({
          userId: owner.user.id,
          id: null,
          address: { ...shipping, city: "Elsewhere" },
          makeDefault: true,
        }),
      ]);
      const defaults = (await owner.scope.addresses.list({ userId: owner.user.id })).filter((saved) => saved.isDefault);
      expect(defaults).toHaveLength(1);
      expect([first!.id, second!.id]).toContain(defaults[0]!.id);

      // Another member: none of them, and none of them changed, chosen or removed by naming their ids.
      const theirs = other.scope.addresses;
      expect(await theirs.list({ userId: other.user.id })).toEqual([]);
      await expectBackendError(
        theirs.save({
          userId: other.user.id,
          id: first!.id,
          address: { ...shipping, city: "Stolen" },
          makeDefault: false,
        }),
        "not_found",
      );
      expect(await theirs.setDefault({ userId: other.user.id, id: first!.id })).toBe(false);
      expect(await theirs.remove({ userId: other.user.id, id: first!.id })).toBe(false);
      expect(await owner.scope.addresses.list({ userId: owner.user.id })).toHaveLength(2);
      // Someone else's id, or a visitor: refused before the database.
      await expectBackendError(theirs.list({ userId: owner.user.id }), "not_authenticated");
      await expectBackendError(
        backend.forRequest(requestWith()).addresses.list({ userId: owner.user.id }),
        "not_authenticated",
      );

      // Straight SQL as PostgREST would run it: RLS hides the rows, refuses another's user id, and anon reads nothing.
      await asAuthenticated(db, other.user.id, async (tx) => {
        expect(await tx.query("select id from public.member_addresses")).toEqual([]);
        expect(await tx.query("update public.member_addresses set city = 'x' returning id")).toEqual([]);
        expect(await tx.query("delete from public.member_addresses returning id")).toEqual([]);
      });
      await expectSqlError(
        asAuthenticated(db, other.user.id, (tx) =>
          tx.query(
            `insert into public.member_addresses (user_id, first_name, last_name, phone, address, city, state, zip_code, country)
             values ($1, 'a', 'b', '5551234567', 'c', 'd', 'e', '12345', 'f')`,
            [owner.user.id],
          ),
        ),
        "42501",
      );
      await expectSqlError(
        asAnon(db, (tx) => tx.query("select id from public.member_addresses")),
        "42501",
      );
      await expectSqlError(
        asAnon(db, (tx) => tx.query("select public.member_addresses()")),
        "42501",
      );
    });
  });
}

// The back office's customers (issue 40, decision 0041), for every adapter: everyone who signed up or ordered, one
// per address (a guest's orders under a member's address are the member's), with their orders and money; a note
// saved with a conflict check; staff only, the database refusing a shopper too. Registered by
// describeBackendContract.
import {
  asAuthenticated,
  expectBackendError,
  expectSqlError,
  placeOrder,
  requestWith,
  setUpStaff,
  signUpShopper,
} from "#tests/support/backend-helpers";
import { beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";

export function describeCustomersContract(context: () => { backend: Backend; db: SqlDatabase }): void {
  describe("customers (issue 40)", () => {
    let staff: RequestBackend;
    let otherStaff: RequestBackend;
    let member: Awaited<ReturnType<typeof signUpShopper>>;
    const tag = crypto.randomUUID().slice(0, 8);
    const guestEmail = `guest-${tag}@example.com`;

    beforeAll(async () => {
      const { backend } = context();
      member = await signUpShopper(backend, { fullName: `Member ${tag}` });
      const [first, second] = [await signUpShopper(backend), await signUpShopper(backend)];
      await backend.syncStaff({ staffEmails: [first.email, second.email], orderRecipients: [] });
      staff = (await setUpStaff(backend, first.email)).scope;
      otherStaff = (await setUpStaff(backend, second.email)).scope;
      const anyone = backend.forRequest(requestWith());
      // The member ordered once as a member and once before, as a guest under the same address (in capitals).
      await placeOrder(member.scope, {
        userId: member.user.id,
        items: [{ productId: "clip-1", quantity: 1 }],
        email: member.email,
      });
      await placeOrder(anyone, {
        userId: null,
        items: [{ productId: "acc-2", quantity: 1 }],
        email: member.email.toUpperCase(),
      });
      await placeOrder(anyone, { userId: null, items: [{ productId: "acc-2", quantity: 2 }], email: guestEmail });
    });

    test("one row per address: the member with their guest order, the guest on their own; search by e-mail or name", async () => {
      const found = await staff.staffCustomers.listCustomers({ search: tag, limit: 10, offset: 0 });
      expect(found.totalCount).toBe(2);
      const byEmail = new Map(found.customers.map((customer) => [customer.email.toLowerCase(), customer]));
      expect(byEmail.get(member.email.toLowerCase())).toMatchObject({
        name: `Member ${tag}`,
        userId: member.user.id,
        orderCount: 2,
        totalSpent: 0,
      });
      expect(byEmail.get(guestEmail)).toMatchObject({
        userId: null,
        signedUpAt: null,
        orderCount: 1,
        name: "Ada Lovelace",
      });
      expect(
        (await staff.staffCustomers.listCustomers({ search: `member ${tag}`, limit: 10, offset: 0 })).totalCount,
      ).toBe(1);
      expect((await staff.staffCustomers.listCustomers({ search: `${tag}%`, limit: 10, offset: 0 })).totalCount).toBe(
        0,
      );
      const page = await staff.staffCustomers.listCustomers({ search: tag, limit: 1, offset: 1 });
      expect(page).toMatchObject({ totalCount: 2, customers: [expect.anything()] });

      const detail = await staff.staffCustomers.getCustomer({ key: byEmail.get(member.email.toLowerCase())!.key });
      expect(detail?.orders).toHaveLength(2);
      expect(detail?.orders.map((order) => order.userId)).toEqual(expect.arrayContaining([member.user.id, null]));
      expect(await staff.staffCustomers.getCustomer({ key: "0".repeat(32) })).toBeNull();
      expect(await staff.staffCustomers.getCustomer({ key: "not-a-key" })).toBeNull();
    });

    test("a note is saved from the version the form showed; a save made meanwhile is not overwritten", async () => {
      const [guest] = (await staff.staffCustomers.listCustomers({ search: guestEmail, limit: 1, offset: 0 })).customers;
      const key = guest!.key;
      expect(await staff.staffCustomers.getCustomer({ key })).toMatchObject({ note: null, noteVersion: 0 });
      expect(await staff.staffCustomers.setCustomerNote({ key, expectedVersion: 0, note: " Prefers tape-ins " })).toBe(
        1,
      );
      await expectBackendError(
        otherStaff.staffCustomers.setCustomerNote({ key, expectedVersion: 0, note: "Overwrites?" }),
        "note_changed",
      );
      expect(await staff.staffCustomers.getCustomer({ key })).toMatchObject({
        note: "Prefers tape-ins",
        noteVersion: 1,
      });
      await expectBackendError(
        staff.staffCustomers.setCustomerNote({ key, expectedVersion: 1, note: "x".repeat(2001) }),
        "invalid_input",
      );
      await expectBackendError(
        staff.staffCustomers.setCustomerNote({ key: "0".repeat(32), expectedVersion: 0, note: "Nobody" }),
        "not_found",
      );
      expect(await otherStaff.staffCustomers.setCustomerNote({ key, expectedVersion: 1, note: "" })).toBe(0);
      expect(await staff.staffCustomers.getCustomer({ key })).toMatchObject({ note: null, noteVersion: 0 });
    });

    test("only staff: a shopper is refused by the port and by the database, and the notes table is closed", async () => {
      const { db } = context();
      await expectBackendError(
        member.scope.staffCustomers.listCustomers({ search: "", limit: 10, offset: 0 }),
        "not_authorized",
      );
      await expectBackendError(member.scope.staffCustomers.getCustomer({ key: "0".repeat(32) }), "not_authorized");
      await expectBackendError(
        member.scope.staffCustomers.setCustomerNote({ key: "0".repeat(32), expectedVersion: 0, note: "x" }),
        "not_authorized",
      );
      await expectSqlError(
        asAuthenticated(db, member.user.id, (tx) => tx.query("select public.staff_list_customers('', 10, 0)")),
        "42501",
      );
      await expectSqlError(
        asAuthenticated(db, member.user.id, (tx) => tx.query("select public.staff_customers_all()")),
        "42501",
      );
      await expectSqlError(
        asAuthenticated(db, member.user.id, (tx) => tx.query("select * from public.customer_notes")),
        "42501",
      );
    });
  });
}

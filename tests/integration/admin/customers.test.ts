// The back office's customers in-process, on the embedded backend: the list (member or guest, orders, money), its
// search and paging, one customer's page with their guest orders under the same address, and the note's conflict
// check, which keeps what was typed. Who gets in (a member: the ordinary 404) is the URL table walk's, in
// back-office.test.ts.
import { setUpStaff, shipping } from "#tests/support/backend-helpers";
import { installTestBackend } from "#tests/support/pglite";
import { call, get, post, signUpMember, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { action as customerAction, loader as customerLoader } from "~/routes/admin/customer";
import { loader as customersLoader } from "~/routes/admin/customers";

let backend: Backend;
let uninstall: () => Promise<void>;
let staffCookie: string;
let memberCookie: string;
const tag = crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
  const listed = await signUpMember(backend, "Store Owner");
  memberCookie = (await signUpMember(backend, "Just Shopping")).cookie;
  await backend.syncStaff({ staffEmails: [listed.user.email], orderRecipients: [] });
  staffCookie = (await setUpStaff(backend, listed.user.email)).cookie;
  for (const [index, lastName] of ["Apple", "Banana", "Cherry"].entries()) {
    await backend.forRequest(get("/checkout")).orders.place({
      userId: null,
      items: [{ productId: "acc-2", quantity: index + 1 }],
      shippingAddress: { ...shipping, lastName: `${lastName}${tag}` },
      shippingMethod: "standard",
      email: `${lastName.toLowerCase()}-${tag}@example.com`,
      idempotencyKey: crypto.randomUUID(),
    });
  }
});

/** A list page as staff open it, a second apart: the staff search share allows 2 a second (decision 0035). */
async function list(query: string) {
  await new Promise((resolve) => setTimeout(resolve, 600));
  return call(customersLoader, get(`/admin/customers${query}`, staffCookie));
}

afterAll(async () => {
  await uninstall();
});

describe("customers", () => {
  test("the list: name, e-mail, guest, orders, total, last order; search by name or e-mail; paging", async () => {
    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.data?.totalCount).toBeGreaterThanOrEqual(5);
    const found = await list(`?q=${tag}`);
    expect(found.data?.customers.map((row) => row.email)).toEqual([
      `cherry-${tag}@example.com`,
      `banana-${tag}@example.com`,
      `apple-${tag}@example.com`,
    ]);
    expect(found.data?.customers[0]).toMatchObject({
      name: `Ada Cherry${tag}`,
      member: false,
      orderCount: 1,
      totalSpent: "$0.00",
      lastOrder: expect.any(String),
    });
    const byName = await list(`?q=banana${tag}`);
    expect(byName.data?.customers.map((row) => row.email)).toEqual([`banana-${tag}@example.com`]);
    const members = await list("?q=Just%20Shopping");
    expect(members.data?.customers[0]).toMatchObject({ member: true, orderCount: 0, lastOrder: null });
    // Paging past the end goes to the last page, as every back-office list does.
    const past = await list(`?q=${tag}&page=9`);
    expect(past.status).toBe(302);
  });

  test("one customer's page lists their orders; an unknown or malformed key is the ordinary 404", async () => {
    const found = await list(`?q=apple-${tag}`);
    const key = found.data!.customers[0]!.key;
    const page = await call(customerLoader, get(`/admin/customers/${key}`, staffCookie), { params: { key } });
    expect(page.status).toBe(200);
    expect(page.data?.orders).toHaveLength(1);
    expect(page.data?.customer).toMatchObject({ email: `apple-${tag}@example.com`, note: null, noteVersion: 0 });
    for (const bad of ["0".repeat(32), "nope"]) {
      expect(
        (await call(customerLoader, get(`/admin/customers/${bad}`, staffCookie), { params: { key: bad } })).status,
      ).toBe(404);
    }
    const member = await call(customerLoader, get(`/admin/customers/${key}`, memberCookie), { params: { key } });
    expect(member.status).toBe(404);
  });

  test("the note: saved with a toast; a stale form is told, keeps what was typed and overwrites nothing", async () => {
    const found = await list(`?q=banana-${tag}`);
    const key = found.data!.customers[0]!.key;
    const path = `/admin/customers/${key}`;
    const save = (note: string, version: string) =>
      call(customerAction, post(path, { intent: "customer-note", note, version }, staffCookie), { params: { key } });

    const saved = await save("Prefers tape-ins", "0");
    expect(saved.status).toBe(303);
    expect((await toastOf(saved))?.title).toBe("Note saved");

    const stale = await save("Typed on an old page", "0");
    expect(stale.status).toBe(409);
    expect(stale.data?.result?.initialValue).toMatchObject({ note: "Typed on an old page" });
    expect(stale.data?.result?.error?.[""]).toEqual([expect.stringContaining("Someone saved this note meanwhile")]);
    const page = await call(customerLoader, get(path, staffCookie), { params: { key } });
    expect(page.data?.customer).toMatchObject({ note: "Prefers tape-ins", noteVersion: 1 });

    const tooLong = await save("x".repeat(2001), "1");
    expect(tooLong.status).toBe(400);
    const other = await call(customerAction, post(path, { intent: "other" }, staffCookie), { params: { key } });
    expect(other.status).toBe(400);
  });
});

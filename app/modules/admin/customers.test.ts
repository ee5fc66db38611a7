import { describe, expect, test } from "vitest";

import { CustomerNoteFormSchema, parseCustomerSearch, toAdminCustomerRow } from "./customers";

describe("customers", () => {
  test("the search is trimmed and cut to what the database takes", () => {
    expect(parseCustomerSearch(new URLSearchParams("q=%20ada%20"))).toBe("ada");
    expect(parseCustomerSearch(new URLSearchParams(`q=${"x".repeat(300)}`))).toHaveLength(200);
    expect(parseCustomerSearch(new URLSearchParams())).toBe("");
  });

  test("a row: member or guest, money and date formatted, the address when there is no name", () => {
    const row = toAdminCustomerRow(
      {
        key: "a".repeat(32),
        email: "ada@example.com",
        name: "",
        userId: null,
        signedUpAt: null,
        orderCount: 2,
        totalSpent: 59_800,
        lastOrderAt: "2026-12-01T10:00:00.000Z",
      },
      (iso) => `on ${iso.slice(0, 10)}`,
    );
    expect(row).toEqual({
      key: "a".repeat(32),
      name: "ada@example.com",
      email: "ada@example.com",
      member: false,
      orderCount: 2,
      totalSpent: "$598.00",
      lastOrder: "on 2026-12-01",
    });
  });

  test("the note form: trimmed, at most 2000 characters, with the version it was drawn at", () => {
    expect(CustomerNoteFormSchema.safeParse({ note: " hi ", version: "3" })).toMatchObject({
      success: true,
      data: { note: "hi", version: 3 },
    });
    expect(CustomerNoteFormSchema.safeParse({ note: "x".repeat(2001), version: "0" }).success).toBe(false);
    expect(CustomerNoteFormSchema.safeParse({ note: "ok", version: "nope" }).success).toBe(false);
  });
});

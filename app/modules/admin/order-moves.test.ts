import { describe, expect, test } from "vitest";

import { movedMessage, movesFor, parseMoveForm } from "./order-moves";

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};
const id = "0b5e7a52-35a4-4d8f-9a51-7c1f0f6d2f11";

describe("movesFor", () => {
  test("offers the buttons each status allows, none once delivered or cancelled", () => {
    const labels = (status: Parameters<typeof movesFor>[0]) => movesFor(status).map((button) => button.label);
    expect(labels("pending")).toEqual(["Mark as paid", "Cancel order"]);
    expect(labels("paid")).toEqual(["Mark as shipped", "Cancel order"]);
    expect(labels("shipped")).toEqual(["Mark as delivered"]);
    expect(labels("delivered")).toEqual([]);
    expect(labels("cancelled")).toEqual([]);
  });
});

describe("parseMoveForm", () => {
  test("a button the shown status offers becomes a move from that status", () => {
    expect(parseMoveForm(id, form({ kind: "mark-paid", expectedStatus: "pending" }))).toEqual({
      ok: true,
      kind: "mark-paid",
      move: { orderId: id, expectedStatus: "pending", newStatus: "paid" },
    });
    expect(
      parseMoveForm(
        id,
        form({ kind: "mark-shipped", expectedStatus: "paid", carrier: " UPS ", trackingNumber: "1Z 999-AA1" }),
      ),
    ).toMatchObject({ ok: true, move: { newStatus: "shipped", carrier: "UPS", trackingNumber: "1Z 999-AA1" } });
    expect(parseMoveForm(id, form({ kind: "cancel", expectedStatus: "paid", reason: " Out of stock " }))).toMatchObject(
      {
        ok: true,
        move: { expectedStatus: "paid", newStatus: "cancelled", note: "Out of stock" },
      },
    );
  });

  test("shipping needs a carrier and a plausible tracking number; cancelling a reason", () => {
    expect(parseMoveForm(id, form({ kind: "mark-shipped", expectedStatus: "paid" }))).toEqual({
      ok: false,
      kind: "mark-shipped",
      errors: { carrier: "Enter the carrier.", trackingNumber: "Enter the tracking number." },
    });
    expect(
      parseMoveForm(id, form({ kind: "mark-shipped", expectedStatus: "paid", carrier: "UPS", trackingNumber: "<b>" })),
    ).toMatchObject({
      ok: false,
      errors: { trackingNumber: expect.stringMatching(/letters and digits/) },
    });
    expect(parseMoveForm(id, form({ kind: "cancel", expectedStatus: "pending", reason: "   " }))).toMatchObject({
      ok: false,
      errors: { reason: expect.stringMatching(/reason/) },
    });
    expect(
      parseMoveForm(id, form({ kind: "cancel", expectedStatus: "pending", reason: "x".repeat(501) })),
    ).toMatchObject({
      ok: false,
      errors: { reason: expect.stringMatching(/at most 500/) },
    });
  });

  test("any other move is refused with a message", () => {
    expect(parseMoveForm(id, form({ kind: "mark-delivered", expectedStatus: "pending" }))).toEqual({
      ok: false,
      kind: "mark-delivered",
      errors: { form: "'Mark as delivered' is only for an order that is shipped." },
    });
    expect(parseMoveForm(id, form({ kind: "refund", expectedStatus: "paid" }))).toMatchObject({
      ok: false,
      kind: null,
    });
    expect(parseMoveForm(id, form({ kind: "cancel", expectedStatus: "shipped", reason: "late" }))).toMatchObject({
      ok: false,
      errors: { form: "'Cancel order' is only for an order that is pending or paid." },
    });
  });
});

describe("movedMessage", () => {
  test("says the customer was e-mailed only when the shop sends mail", () => {
    expect(movedMessage("mark-paid", true)).toBe("Marked as paid. The customer was e-mailed.");
    expect(movedMessage("cancel", true)).toBe("Order cancelled. The customer was e-mailed the reason.");
    for (const kind of ["mark-paid", "mark-shipped", "mark-delivered", "cancel"] as const) {
      expect(movedMessage(kind, false)).toMatch(/ The shop sends no e-mail, so the customer was not told\.$/);
      expect(movedMessage(kind, false)).not.toMatch(/was e-mailed/);
    }
  });
});

import { describe, expect, test } from "vitest";

import { movedMessage, movesFor } from "./order-moves";

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

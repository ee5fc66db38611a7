import { describe, expect, test } from "vitest";

import { moveBetween, movedMessage, MOVES, ORDER_STATUSES, staffMovesFrom, STATUSES } from "./lifecycle";

describe("the order's life", () => {
  test("the spec's five statuses, in their colours", () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, STATUSES[status].tone]))).toEqual({
      pending: "yellow",
      paid: "green",
      shipped: "blue",
      delivered: "purple",
      cancelled: "red",
    });
  });

  test("each move is stated once, and a final status has none out of it", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const moves = MOVES.filter((move) => move.from.includes(from) && move.to === to);
        expect(moves.length).toBeLessThanOrEqual(1);
        if (STATUSES[from].final) expect(moveBetween(from, to)).toBeNull();
      }
    }
    expect(new Set(MOVES.map((move) => move.kind)).size).toBe(MOVES.length);
    expect(MOVES.map((move) => move.email)).toEqual(MOVES.map((move) => `order_${move.to}`));
  });

  test("offers staff the buttons each status allows, none once delivered or cancelled", () => {
    const labels = (status: (typeof ORDER_STATUSES)[number]) => staffMovesFrom(status).map((move) => move.button);
    expect(labels("pending")).toEqual(["Mark as paid", "Cancel order"]);
    expect(labels("paid")).toEqual(["Mark as shipped", "Cancel order"]);
    expect(labels("shipped")).toEqual(["Mark as delivered"]);
    expect(labels("delivered")).toEqual([]);
    expect(labels("cancelled")).toEqual([]);
  });

  test("the toast says the customer was e-mailed only when the shop sends mail", () => {
    expect(movedMessage("mark-paid", true)).toBe("Marked as paid. The customer was e-mailed.");
    expect(movedMessage("cancel", true)).toBe("Order cancelled. The customer was e-mailed the reason.");
    for (const { kind } of MOVES) {
      expect(movedMessage(kind, false)).toMatch(/ The shop sends no e-mail, so the customer was not told\.$/);
      expect(movedMessage(kind, false)).not.toMatch(/was e-mailed/);
    }
  });
});

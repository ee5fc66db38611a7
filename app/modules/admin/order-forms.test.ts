import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, test } from "vitest";

import { moveFormSchema, NoteFormSchema, orderMoveOf, type MoveFormValue } from "./order-forms";

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};
const id = "0b5e7a52-35a4-4d8f-9a51-7c1f0f6d2f11";

/** A status form's post as the action reads it: its schema chosen by `kind`. */
const parseMove = (fields: Record<string, string>) => {
  const formData = form(fields);
  return parseWithZod(formData, { schema: moveFormSchema(formData.get("kind")) });
};
const moveOf = (fields: Record<string, string>) => {
  const submission = parseMove(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return orderMoveOf(id, submission.value as MoveFormValue);
};
const errorsOf = (fields: Record<string, string>) => parseMove(fields).reply().error;

describe("the status forms", () => {
  test("a button the shown status offers becomes a move from that status", () => {
    expect(moveOf({ kind: "mark-paid", expectedStatus: "pending" })).toEqual({
      orderId: id,
      expectedStatus: "pending",
      newStatus: "paid",
    });
    expect(
      moveOf({ kind: "mark-shipped", expectedStatus: "paid", carrier: " UPS ", trackingNumber: "1Z 999-AA1" }),
    ).toMatchObject({ newStatus: "shipped", carrier: "UPS", trackingNumber: "1Z 999-AA1" });
    expect(moveOf({ kind: "cancel", expectedStatus: "paid", reason: " Out of stock " })).toMatchObject({
      expectedStatus: "paid",
      newStatus: "cancelled",
      note: "Out of stock",
    });
  });

  test("shipping needs a carrier and a plausible tracking number; cancelling a reason", () => {
    expect(errorsOf({ kind: "mark-shipped", expectedStatus: "paid" })).toEqual({
      carrier: ["Enter the carrier."],
      trackingNumber: ["Enter the tracking number."],
    });
    expect(errorsOf({ kind: "mark-shipped", expectedStatus: "paid", carrier: "UPS", trackingNumber: "<b>" })).toEqual({
      trackingNumber: [expect.stringMatching(/letters and digits/)],
    });
    expect(errorsOf({ kind: "cancel", expectedStatus: "pending", reason: "   " })).toEqual({
      reason: [expect.stringMatching(/reason/)],
    });
    expect(errorsOf({ kind: "cancel", expectedStatus: "pending", reason: "x".repeat(501) })).toEqual({
      reason: [expect.stringMatching(/at most 500/)],
    });
  });

  test("any other move is refused on its hidden fields, with a message", () => {
    expect(errorsOf({ kind: "mark-delivered", expectedStatus: "pending" })).toEqual({
      expectedStatus: ["'Mark as delivered' is only for an order that is shipped."],
    });
    expect(errorsOf({ kind: "refund", expectedStatus: "paid" })).toEqual({
      kind: ["That status change is not one the back office offers."],
    });
    expect(errorsOf({ kind: "cancel", expectedStatus: "shipped", reason: "late" })).toEqual({
      expectedStatus: ["'Cancel order' is only for an order that is pending or paid."],
    });
  });
});

describe("the internal note", () => {
  test("is at most 2000 characters; blank removes it", () => {
    expect(parseWithZod(form({ note: " Call first " }), { schema: NoteFormSchema })).toMatchObject({
      status: "success",
      value: { note: "Call first" },
    });
    expect(parseWithZod(form({}), { schema: NoteFormSchema })).toMatchObject({ value: { note: "" } });
    expect(parseWithZod(form({ note: "x".repeat(2001) }), { schema: NoteFormSchema }).reply().error).toEqual({
      note: ["The note can have at most 2000 characters."],
    });
  });
});

import { z } from "zod";

import { ORDER_TRACKING_MAX_LENGTH, ORDER_TRACKING_PATTERN } from "~/backend/constants";
import type { ReturnMoveInput } from "~/backend/ports/returns";
import { refusingControlCharacters } from "~/forms/form-text";
import { RETURN_MOVES, RETURN_STATES, returnMoveOfKind, type ReturnMoveKind } from "~/modules/orders/lifecycle";

// The back office's return request forms (issue 40, decision 0047), one per move a request offers
// (lifecycle.ts, RETURN_MOVES), all read by this one schema: which request, which move, the state the page showed,
// and what that move takes (instructions and a tracking number, a reason, the lines back to stock, the shipping).

export const RETURN_MOVE_INTENT = "return-move";
export const RETURN_NOTE_MAX_LENGTH = 500;

const TRACKING_RULE = `Use letters and digits (spaces and dashes between them), up to ${ORDER_TRACKING_MAX_LENGTH} characters.`;
const moveKinds = RETURN_MOVES.map((move) => move.kind) as [ReturnMoveKind, ...ReturnMoveKind[]];

export const ReturnMoveFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      requestId: z.string().uuid("That request is not one of this order's."),
      move: z.enum(moveKinds, { errorMap: () => ({ message: "That change is not one the back office offers." }) }),
      expectedState: z.enum(RETURN_STATES),
      note: z.string().trim().max(RETURN_NOTE_MAX_LENGTH, `At most ${RETURN_NOTE_MAX_LENGTH} characters.`).optional(),
      trackingNumber: z
        .string()
        .trim()
        .max(ORDER_TRACKING_MAX_LENGTH, TRACKING_RULE)
        .regex(new RegExp(`^${ORDER_TRACKING_PATTERN}$`), TRACKING_RULE)
        .optional(),
      lines: z
        .array(z.object({ itemId: z.string().uuid(), restock: z.boolean().default(false) }))
        .max(50)
        .default([]),
      shipping: z.boolean().default(false),
    })
    .superRefine((value, context) => {
      if (value.move === "decline" && !value.note) {
        context.addIssue({
          code: "custom",
          path: ["note"],
          message: "Give the reason for declining: the customer's e-mail says it.",
        });
      }
    }),
);

export type ReturnMoveFormValue = z.output<typeof ReturnMoveFormSchema>;

/** The move a valid form asks for. */
export function returnMoveOf(value: ReturnMoveFormValue): ReturnMoveInput {
  return {
    requestId: value.requestId,
    expectedState: value.expectedState,
    newState: returnMoveOfKind(value.move).to,
    note: value.note ?? null,
    trackingNumber: value.trackingNumber ?? null,
    restock: value.lines.filter((line) => line.restock).map((line) => line.itemId),
    shipping: value.shipping,
  };
}

import { z } from "zod";

import {
  ORDER_CANCEL_REASON_MAX_LENGTH,
  ORDER_CARRIER_MAX_LENGTH,
  ORDER_NOTE_MAX_LENGTH,
  ORDER_TRACKING_MAX_LENGTH,
  ORDER_TRACKING_PATTERN,
} from "~/backend/constants";
import type { OrderStatus } from "~/backend/ports/orders";
import type { OrderMove, OrderRefundRequest } from "~/backend/ports/staff";
import { refusingControlCharacters } from "~/forms/form-text";
import { isMoveKind, moveOfKind, type MoveKind } from "~/modules/orders/lifecycle";

// The back office's order page posts three kinds of form, each naming its intent (order-view.ts); one zod schema per
// form, used by conform on both sides (STYLE.md habit 3), as the storefront's forms are (auth-schemas.ts). The page's
// components never import this module statically: the browser loads a schema on the first focus inside its form
// (useZodForm), so that zod is not part of the page's first load.

/** The status forms' hidden fields: which button, and the status the page showed. */
export const MOVE_HIDDEN_FIELDS = ["kind", "expectedStatus"] as const;

const UNKNOWN_MOVE = "That status change is not one the back office offers.";
const CARRIER_REQUIRED = "Enter the carrier.";
const TRACKING_REQUIRED = "Enter the tracking number.";
const TRACKING_RULE = `Use letters and digits (spaces and dashes between them), up to ${ORDER_TRACKING_MAX_LENGTH} characters.`;
const REASON_REQUIRED = "Give the reason for cancelling: the customer's e-mail says it.";

/** A required text field, trimmed: conform sends a blank one as absent, and one of spaces is blank too. */
const requiredText = (message: string) => z.string({ required_error: message }).trim().min(1, message);

/** A status form: its button's `kind`, the status the page showed, and what that move needs besides. */
function moveForm<Kind extends MoveKind, Fields extends z.ZodRawShape>(kind: Kind, fields: Fields) {
  const move = moveOfKind(kind);
  const [first, ...others] = move.from;
  const wrongStatus = `'${move.button}' is only for an order that is ${move.from.join(" or ")}.`;
  return refusingControlCharacters(
    z.object({
      kind: z.literal(kind),
      // The database refuses another move too; this says which statuses the button is for.
      expectedStatus: z.enum([first!, ...others] as [OrderStatus, ...OrderStatus[]], {
        errorMap: () => ({ message: wrongStatus }),
      }),
      ...fields,
    }),
  );
}

/** One schema per status form, by its button's kind: shipping needs the parcel, cancelling a reason. */
export const MoveFormSchemas = {
  "mark-paid": /* @__PURE__ */ moveForm("mark-paid", {}),
  "mark-shipped": /* @__PURE__ */ moveForm("mark-shipped", {
    carrier: requiredText(CARRIER_REQUIRED).max(
      ORDER_CARRIER_MAX_LENGTH,
      `The carrier can have at most ${ORDER_CARRIER_MAX_LENGTH} characters.`,
    ),
    trackingNumber: requiredText(TRACKING_REQUIRED)
      .max(ORDER_TRACKING_MAX_LENGTH, TRACKING_RULE)
      .regex(new RegExp(`^${ORDER_TRACKING_PATTERN}$`), TRACKING_RULE),
  }),
  "mark-delivered": /* @__PURE__ */ moveForm("mark-delivered", {}),
  cancel: /* @__PURE__ */ moveForm("cancel", {
    reason: requiredText(REASON_REQUIRED).max(
      ORDER_CANCEL_REASON_MAX_LENGTH,
      `The reason can have at most ${ORDER_CANCEL_REASON_MAX_LENGTH} characters.`,
    ),
  }),
} satisfies Record<MoveKind, z.ZodTypeAny>;

/** A post naming no button the back office has: refused on its hidden `kind` field. */
const UnknownMoveSchema = /* @__PURE__ */ z.object({
  kind: z.custom<never>(() => false, { message: UNKNOWN_MOVE }),
});

/** The schema for a status form's post, by the `kind` it sends. */
export function moveFormSchema(kind: unknown) {
  return isMoveKind(kind) ? MoveFormSchemas[kind] : UnknownMoveSchema;
}

export type MoveFormValue = z.output<(typeof MoveFormSchemas)[MoveKind]>;

/** The move a valid status form asks for. */
export function orderMoveOf(orderId: string, value: MoveFormValue): OrderMove {
  const move: OrderMove = { orderId, expectedStatus: value.expectedStatus, newStatus: moveOfKind(value.kind).to };
  if ("carrier" in value) Object.assign(move, { carrier: value.carrier, trackingNumber: value.trackingNumber });
  if ("reason" in value) move.note = value.reason;
  return move;
}

/** The internal note: blank removes it. */
export const NoteFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    note: z
      .string()
      .trim()
      .max(ORDER_NOTE_MAX_LENGTH, `The note can have at most ${ORDER_NOTE_MAX_LENGTH} characters.`)
      .optional()
      .transform((value) => value ?? ""),
  }),
);

const REFUND_REASON_REQUIRED = "Give the reason for the refund: the customer's e-mail says it.";
const AMOUNT_RULE = "Enter an amount in dollars, such as 12.50.";

/**
 * The refund form (issue 40): units per line (each line's item id hidden beside its count), the shipping, or an
 * amount of the staff's own instead (dollars, to cents); always a reason. The database checks each against what is
 * left.
 */
export const RefundFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      lines: z
        .array(
          z.object({
            itemId: z.string().uuid("That line is not part of this order."),
            quantity: z.coerce
              .number({ invalid_type_error: "Enter a number of units." })
              .int("Enter a whole number of units.")
              .min(0, "Enter a number of units.")
              .max(99)
              .default(0),
          }),
        )
        .max(50)
        .default([]),
      shipping: z.boolean().default(false),
      amount: z
        .string()
        .trim()
        .regex(/^\d{1,6}(\.\d{1,2})?$/, AMOUNT_RULE)
        .optional(),
      reason: requiredText(REFUND_REASON_REQUIRED).max(
        ORDER_CANCEL_REASON_MAX_LENGTH,
        `The reason can have at most ${ORDER_CANCEL_REASON_MAX_LENGTH} characters.`,
      ),
    })
    .refine((value) => value.amount !== undefined || value.shipping || value.lines.some((line) => line.quantity > 0), {
      message: "Choose the units, the shipping or an amount to refund.",
    }),
);

export type RefundFormValue = z.output<typeof RefundFormSchema>;

/** The refund a valid form asks for: the amount in cents, when staff typed one. */
export function orderRefundOf(orderId: string, value: RefundFormValue): OrderRefundRequest {
  return {
    orderId,
    reason: value.reason,
    lines: value.lines.filter((line) => line.quantity > 0),
    shipping: value.shipping,
    amount: value.amount === undefined ? null : Math.round(Number(value.amount) * 100),
  };
}

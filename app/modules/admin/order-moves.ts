// The back office's status buttons (docs/product.md, decision 15): which a status offers, and what a post of one
// asks. The database checks the move again (move_order); this decides what the page shows and reads its forms.

import type { OrderStatus } from "~/backend/ports/orders";
import type { OrderMove } from "~/backend/ports/staff";

export const MOVE_INTENT = "move";
export const REASON_MAX_LENGTH = 500;
export const CARRIER_MAX_LENGTH = 50;
export const TRACKING_MAX_LENGTH = 100;
/** Letters and digits, with spaces or dashes between them (what carriers print); the database checks the same. */
export const TRACKING_PATTERN = "[A-Za-z0-9][A-Za-z0-9 \\-]*";

export type MoveKind = "mark-paid" | "mark-shipped" | "mark-delivered" | "cancel";

export interface MoveButton {
  kind: MoveKind;
  label: string;
  from: readonly OrderStatus[];
  to: OrderStatus;
}

/** In the order they appear on the page. */
export const MOVE_BUTTONS: readonly MoveButton[] = [
  { kind: "mark-paid", label: "Mark as paid", from: ["pending"], to: "paid" },
  { kind: "mark-shipped", label: "Mark as shipped", from: ["paid"], to: "shipped" },
  { kind: "mark-delivered", label: "Mark as delivered", from: ["shipped"], to: "delivered" },
  { kind: "cancel", label: "Cancel order", from: ["pending", "paid"], to: "cancelled" },
];

/** The buttons an order in `status` offers (none once delivered or cancelled). */
export function movesFor(status: OrderStatus): MoveButton[] {
  return MOVE_BUTTONS.filter((button) => button.from.includes(status));
}

export type MoveFieldErrors = Partial<Record<"carrier" | "trackingNumber" | "reason" | "form", string>>;

export type ParsedMove =
  { ok: true; move: OrderMove; kind: MoveKind } | { ok: false; kind: MoveKind | null; errors: MoveFieldErrors };

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * A status form's post: `kind` (the button), `expectedStatus` (what the page showed) and the fields that move
 * needs. A button the status does not offer is refused here with a message; the database would refuse it too.
 */
export function parseMoveForm(orderId: string, formData: FormData): ParsedMove {
  const button = MOVE_BUTTONS.find((candidate) => candidate.kind === formData.get("kind"));
  const expected = formData.get("expectedStatus");
  if (!button)
    return { ok: false, kind: null, errors: { form: "That status change is not one the back office offers." } };
  if (typeof expected !== "string" || !button.from.includes(expected as OrderStatus)) {
    return {
      ok: false,
      kind: button.kind,
      errors: { form: `'${button.label}' is only for an order that is ${button.from.join(" or ")}.` },
    };
  }
  const errors: MoveFieldErrors = {};
  const move: OrderMove = { orderId, expectedStatus: expected as OrderStatus, newStatus: button.to };
  if (button.kind === "mark-shipped") {
    const carrier = text(formData, "carrier");
    const trackingNumber = text(formData, "trackingNumber");
    if (!carrier) errors.carrier = "Enter the carrier.";
    else if (carrier.length > CARRIER_MAX_LENGTH)
      errors.carrier = `The carrier can have at most ${CARRIER_MAX_LENGTH} characters.`;
    if (!trackingNumber) errors.trackingNumber = "Enter the tracking number.";
    else if (trackingNumber.length > TRACKING_MAX_LENGTH || !new RegExp(`^${TRACKING_PATTERN}$`).test(trackingNumber)) {
      errors.trackingNumber = "Use letters and digits (spaces and dashes between them), up to 100 characters.";
    }
    Object.assign(move, { carrier, trackingNumber });
  }
  if (button.kind === "cancel") {
    const reason = text(formData, "reason");
    if (!reason) errors.reason = "Give the reason for cancelling: the customer's e-mail says it.";
    else if (reason.length > REASON_MAX_LENGTH)
      errors.reason = `The reason can have at most ${REASON_MAX_LENGTH} characters.`;
    move.note = reason;
  }
  return Object.keys(errors).length > 0
    ? { ok: false, kind: button.kind, errors }
    : { ok: true, move, kind: button.kind };
}

/** The toast after a move: what happened and whether the customer was told (not when the shop sends no mail). */
export function movedMessage(kind: MoveKind, sendsMail: boolean): string {
  if (!sendsMail) return `${movedWithoutMail[kind]} The shop sends no e-mail, so the customer was not told.`;
  switch (kind) {
    case "mark-paid":
      return "Marked as paid. The customer was e-mailed.";
    case "mark-shipped":
      return "Marked as shipped. The customer was e-mailed the tracking number.";
    case "mark-delivered":
      return "Marked as delivered. The customer was e-mailed.";
    case "cancel":
      return "Order cancelled. The customer was e-mailed the reason.";
  }
}

const movedWithoutMail: Record<MoveKind, string> = {
  "mark-paid": "Marked as paid.",
  "mark-shipped": "Marked as shipped.",
  "mark-delivered": "Marked as delivered.",
  cancel: "Order cancelled.",
};

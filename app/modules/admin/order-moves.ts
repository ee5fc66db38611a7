// The back office's status buttons (docs/product.md, decision 15): which a status offers, and what each tells staff.
// The database checks the move again (move_order); their forms' schemas are in order-forms.ts.

import type { OrderStatus } from "~/backend/ports/orders";

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

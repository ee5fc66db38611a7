// The order's life, stated once (issue 40): every status (its word, its badge colour) and every move between them
// (the back office's button, who may make it, the e-mail it sends, the toast after it). The database states the same
// moves in public.apply_order_move (supabase/migrations; the one place a status changes): the backend contract holds
// this table to it move by move (tests/integration/backend/lifecycle-contract.ts). Refunds, returns and exchanges are
// recorded beside the status, never as statuses of their own: a shopper sees the spec's five statuses and colours.

/** Statuses an order can have (docs/product.md, Rules), in the order an order lives them; new orders are "pending". */
export const ORDER_STATUSES = ["pending", "paid", "shipped", "delivered", "cancelled"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type StatusTone = "yellow" | "green" | "blue" | "purple" | "red" | "gray";

export interface StatusRule {
  /** The status as a word for people. */
  label: string;
  /** Its badge colour (the spec's). */
  tone: StatusTone;
  /** Whether the order's status changes any more from here. */
  final: boolean;
}

export const STATUSES: Readonly<Record<OrderStatus, StatusRule>> = {
  pending: { label: "Pending", tone: "yellow", final: false },
  paid: { label: "Paid", tone: "green", final: false },
  shipped: { label: "Shipped", tone: "blue", final: false },
  delivered: { label: "Delivered", tone: "purple", final: true },
  cancelled: { label: "Cancelled", tone: "red", final: true },
};

/**
 * Who may make a move: staff (the back office, public.move_order), the payment provider (its webhook,
 * public.record_payment_event: a payment, or a payment page that expired or failed), the shopper (leaving the payment
 * page unpaid, public.cancel_unpaid_order).
 */
export type MoveActor = "staff" | "provider" | "shopper";

export type MoveKind = "mark-paid" | "mark-shipped" | "mark-delivered" | "cancel";

export interface MoveRule {
  kind: MoveKind;
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The back office's button. */
  button: string;
  by: readonly MoveActor[];
  /** What staff fill in: the parcel (carrier and tracking number) or the reason the customer is told. */
  needs: "nothing" | "parcel" | "reason";
  /** The outbox kind of the customer's e-mail the move writes in its transaction (app/modules/mail/templates.server.ts). */
  email: `order_${OrderStatus}`;
  /** The toast after staff made it: what happened, and what the customer was told when the shop sends mail. */
  done: string;
  told: string;
}

/** In the order the back office shows their buttons. */
export const MOVES: readonly MoveRule[] = [
  {
    kind: "mark-paid",
    from: ["pending"],
    to: "paid",
    button: "Mark as paid",
    by: ["staff", "provider"],
    needs: "nothing",
    email: "order_paid",
    done: "Marked as paid.",
    told: "The customer was e-mailed.",
  },
  {
    kind: "mark-shipped",
    from: ["paid"],
    to: "shipped",
    button: "Mark as shipped",
    by: ["staff"],
    needs: "parcel",
    email: "order_shipped",
    done: "Marked as shipped.",
    told: "The customer was e-mailed the tracking number.",
  },
  {
    kind: "mark-delivered",
    from: ["shipped"],
    to: "delivered",
    button: "Mark as delivered",
    by: ["staff"],
    needs: "nothing",
    email: "order_delivered",
    done: "Marked as delivered.",
    told: "The customer was e-mailed.",
  },
  {
    kind: "cancel",
    from: ["pending", "paid"],
    to: "cancelled",
    button: "Cancel order",
    by: ["staff", "provider", "shopper"],
    needs: "reason",
    email: "order_cancelled",
    done: "Order cancelled.",
    told: "The customer was e-mailed the reason.",
  },
];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The move from `from` to `to`, or null when the database refuses it. */
export function moveBetween(from: OrderStatus, to: OrderStatus): MoveRule | null {
  return MOVES.find((move) => move.to === to && move.from.includes(from)) ?? null;
}

export function moveOfKind(kind: MoveKind): MoveRule {
  return MOVES.find((move) => move.kind === kind)!;
}

export function isMoveKind(value: unknown): value is MoveKind {
  return MOVES.some((move) => move.kind === value);
}

/** The back office's buttons for an order in `status` (none once delivered or cancelled). */
export function staffMovesFrom(status: OrderStatus): MoveRule[] {
  return MOVES.filter((move) => move.from.includes(status) && move.by.includes("staff"));
}

/** The toast after staff made a move: what happened and whether the customer was told (not when the shop sends no mail). */
export function movedMessage(kind: MoveKind, sendsMail: boolean): string {
  const move = moveOfKind(kind);
  return sendsMail
    ? `${move.done} ${move.told}`
    : `${move.done} The shop sends no e-mail, so the customer was not told.`;
}

/** "Pending", "Shipped": a status as a word for people ("Unknown" for a blank; a status this code does not know, capitalised). */
export function statusLabel(status: string): string {
  if (isOrderStatus(status)) return STATUSES[status].label;
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : "Unknown";
}

/** Badge colours (docs/product.md, Rules): anything this code does not know is gray. */
export function statusTone(status: string): StatusTone {
  return isOrderStatus(status) ? STATUSES[status].tone : "gray";
}

/** The statuses the customer's status e-mails speak of: each move's target. */
export type OrderStep = Exclude<OrderStatus, "pending">;

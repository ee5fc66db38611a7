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

// Returns and exchanges (issue 40, decision 0047): a request beside a delivered order, never a status of it. The
// database states the same states and moves in public.request_return (the shopper's) and public.move_return_request
// (staff's); the backend contract holds this table to them move by move (tests/integration/backend/returns-contract.ts).

/** A request's states, in the order a request lives them; a new request is "requested". */
export const RETURN_STATES = ["requested", "approved", "declined", "received", "refunded", "exchanged"] as const;

export type ReturnState = (typeof RETURN_STATES)[number];

export type ReturnKind = "return" | "exchange";

/** Returns and exchanges are asked within this many days of the order's delivery. */
export const RETURN_WINDOW_DAYS = 30;

export const RETURN_STATE_RULES: Readonly<Record<ReturnState, StatusRule & { shopper: string }>> = {
  requested: {
    label: "Requested",
    tone: "yellow",
    final: false,
    shopper: "We have your request and will answer soon.",
  },
  approved: {
    label: "Approved",
    tone: "blue",
    final: false,
    shopper: "Approved: send the items back as the e-mail says.",
  },
  declined: { label: "Declined", tone: "red", final: true, shopper: "Declined." },
  received: { label: "Received", tone: "purple", final: false, shopper: "We have received the items." },
  refunded: { label: "Refunded", tone: "green", final: true, shopper: "Refunded." },
  exchanged: { label: "Exchange sent", tone: "green", final: true, shopper: "Your exchange is on its way." },
};

export type ReturnMoveKind = "approve" | "decline" | "receive" | "refund" | "send-exchange";

export interface ReturnMoveRule {
  kind: ReturnMoveKind;
  from: readonly ReturnState[];
  to: ReturnState;
  /** The kinds of request the move is for. */
  for: readonly ReturnKind[];
  /** The back office's button. */
  button: string;
  /** Only staff move a request (the shopper only asks: public.request_return). */
  by: readonly MoveActor[];
  /**
   * What staff fill in: instructions and a tracking number (optional), a reason (needed), which lines go back to
   * stock, or whether the shipping is refunded too.
   */
  needs: "instructions" | "reason" | "restock" | "shipping" | "nothing";
  /** The outbox kind of the customer's e-mail the move writes in its transaction. */
  email: `return_${ReturnState}` | "order_refunded";
  /** The toast after it: what happened, and what the customer was told when the shop sends mail. */
  done: string;
  told: string;
}

/** In the order the back office shows their buttons. */
export const RETURN_MOVES: readonly ReturnMoveRule[] = [
  {
    kind: "approve",
    from: ["requested"],
    to: "approved",
    for: ["return", "exchange"],
    button: "Approve",
    by: ["staff"],
    needs: "instructions",
    email: "return_approved",
    done: "Request approved.",
    told: "The customer was e-mailed the return instructions.",
  },
  {
    kind: "decline",
    from: ["requested", "approved"],
    to: "declined",
    for: ["return", "exchange"],
    button: "Decline",
    by: ["staff"],
    needs: "reason",
    email: "return_declined",
    done: "Request declined.",
    told: "The customer was e-mailed the reason.",
  },
  {
    kind: "receive",
    from: ["approved"],
    to: "received",
    for: ["return", "exchange"],
    button: "Mark as received",
    by: ["staff"],
    needs: "restock",
    email: "return_received",
    done: "Marked as received.",
    told: "The customer was e-mailed.",
  },
  {
    kind: "refund",
    from: ["received"],
    to: "refunded",
    for: ["return"],
    button: "Refund the returned items",
    by: ["staff"],
    needs: "shipping",
    email: "order_refunded",
    done: "Returned items refunded.",
    told: "The customer was e-mailed.",
  },
  {
    kind: "send-exchange",
    from: ["received"],
    to: "exchanged",
    for: ["exchange"],
    button: "Send the exchange",
    by: ["staff"],
    needs: "nothing",
    email: "return_exchanged",
    done: "Exchange order made at no charge: ship it like any other order.",
    told: "The customer was e-mailed.",
  },
];

/** The e-mail the shopper's request writes (public.request_return). */
export const RETURN_REQUESTED_EMAIL = "return_requested" as const;

/** Whether staff may attach (or replace) a request's return label now: until the parcel is on its way back
 * (public.attach_return_label checks the same, decision 0048). */
export const takesReturnLabel = (state: ReturnState) => state === "requested" || state === "approved";

export function isReturnState(value: unknown): value is ReturnState {
  return typeof value === "string" && (RETURN_STATES as readonly string[]).includes(value);
}

export function isReturnMoveKind(value: unknown): value is ReturnMoveKind {
  return RETURN_MOVES.some((move) => move.kind === value);
}

export function returnMoveOfKind(kind: ReturnMoveKind): ReturnMoveRule {
  return RETURN_MOVES.find((move) => move.kind === kind)!;
}

/** The move of a `kind` request from `from` to `to`, or null when the database refuses it. */
export function returnMoveBetween(kind: ReturnKind, from: ReturnState, to: ReturnState): ReturnMoveRule | null {
  return RETURN_MOVES.find((move) => move.to === to && move.from.includes(from) && move.for.includes(kind)) ?? null;
}

/** The back office's buttons for a `kind` request in `state`. */
export function staffReturnMovesFrom(kind: ReturnKind, state: ReturnState): ReturnMoveRule[] {
  return RETURN_MOVES.filter(
    (move) => move.from.includes(state) && move.for.includes(kind) && move.by.includes("staff"),
  );
}

/** The toast after staff moved a request. */
export function returnMovedMessage(kind: ReturnMoveKind, sendsMail: boolean): string {
  const move = returnMoveOfKind(kind);
  return sendsMail
    ? `${move.done} ${move.told}`
    : `${move.done} The shop sends no e-mail, so the customer was not told.`;
}

export function returnStateLabel(state: string): string {
  return isReturnState(state) ? RETURN_STATE_RULES[state].label : statusLabel(state);
}

export function returnStateTone(state: string): StatusTone {
  return isReturnState(state) ? RETURN_STATE_RULES[state].tone : "gray";
}

/** When the return window of an order delivered at `deliveredAt` ends (null: not delivered). */
export function returnWindowEnd(deliveredAt: string | null): Date | null {
  if (!deliveredAt) return null;
  const end = new Date(deliveredAt);
  end.setTime(end.getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return end;
}

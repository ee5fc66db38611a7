// Returns and exchanges (issue 40, docs/decisions/0047-returns-and-exchanges.md): requests beside a delivered order,
// read and made through their own database functions. Types only.
import type { OrderStatus, ReturnKind, ReturnState } from "~/modules/orders/lifecycle";

export interface ReturnRequestLine {
  itemId: string;
  quantity: number;
  productName: string;
  variantLabel: string | null;
  sku: string | null;
  /** An exchange's variant of the same product, and its label as it was when asked. */
  exchangeVariantId: string | null;
  exchangeLabel: string | null;
  /** Whether the units went back to stock; null until received. */
  restocked: boolean | null;
}

export interface ReturnRequest {
  id: string;
  orderId: string;
  kind: ReturnKind;
  state: ReturnState;
  /** The customer's words. */
  reason: string;
  requestedBy: "member" | "guest";
  /** Staff's word to the customer: the approval's instructions or the decline's reason. */
  staffNote: string | null;
  /** The return parcel's tracking number, where staff gave one. */
  trackingNumber: string | null;
  /** Whether staff attached the return parcel's label (a PDF: ReturnsPort.label). */
  hasLabel: boolean;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** Cents refunded for it, once refunded. */
  refundAmount: number | null;
  /** The exchange's new order, once sent. */
  exchangeOrder: {
    id: string;
    status: OrderStatus;
    carrier: string | null;
    trackingNumber: string | null;
  } | null;
  lines: ReturnRequestLine[];
}

/** An order's returns: what a request form needs of the order, and its requests. */
export interface OrderReturns {
  orderId: string;
  status: OrderStatus;
  currency: string;
  items: {
    id: string;
    productId: string;
    variantId: string;
    productName: string;
    variantLabel: string | null;
    quantity: number;
    /** The product's other variants, which an exchange may ask for. */
    exchangeOptions: { id: string; label: string; inStock: boolean }[];
  }[];
  /** ISO 8601, or null when not delivered. */
  deliveredAt: string | null;
  /** Oldest first. */
  requests: ReturnRequest[];
}

/** A line of a request: how many units of the order line, and for an exchange the variant wanted. */
export interface ReturnLineInput {
  itemId: string;
  quantity: number;
  variantId?: string | null;
}

/**
 * A shopper's returns, as the request's session: a member proves the order by their account, a guest by `proof`
 * (the e-mailed token or the placing browser's link).
 */
export interface ReturnsPort {
  /** Null when there is no such order or the caller may not read it. */
  forOrder(input: { orderId: string; proof?: string | null }): Promise<OrderReturns | null>;
  /**
   * Asks to return or exchange lines of a delivered order. Refused: "not_found" (not the caller's order),
   * "invalid_input" with a message for the shopper (not delivered, past 30 days, more units than delivered or than
   * earlier requests left, a variant not of the product, no reason).
   */
  request(input: {
    orderId: string;
    proof?: string | null;
    kind: ReturnKind;
    lines: ReturnLineInput[];
    reason: string;
  }): Promise<ReturnRequest>;
  /** A request's return label (a PDF), for the order's owner (or staff); null when there is none or not theirs. */
  label(input: { requestId: string; proof?: string | null }): Promise<Uint8Array | null>;
}

/** A request as /admin/returns lists it: with whose order it is. */
export interface StaffReturnRequest extends ReturnRequest {
  email: string;
  name: string;
  currency: string;
}

/** A staff move (app/modules/orders/lifecycle.ts, RETURN_MOVES). */
export interface ReturnMoveInput {
  requestId: string;
  expectedState: ReturnState;
  newState: ReturnState;
  note?: string | null;
  trackingNumber?: string | null;
  /** On receipt: the lines that go back to stock. */
  restock?: string[];
  /** On refund: the shipping too. */
  shipping?: boolean;
}

/** As the session's user: refused (in the database too, "not_authorized") unless staff. */
export interface StaffReturnsPort {
  /** Newest first; `state` one state or null for all. */
  list(input: {
    state: ReturnState | null;
    limit: number;
    offset: number;
  }): Promise<{ requests: StaffReturnRequest[]; totalCount: number }>;
  /** The order's requests (null: no such order). */
  forOrder(input: { orderId: string }): Promise<OrderReturns | null>;
  /**
   * Moves a request, once, from the state staff saw. Refused: "not_found", "order_changed" (moved meanwhile),
   * "move_not_allowed", "invalid_input" (no reason to decline), "out_of_stock" (the exchange's variant).
   */
  move(input: ReturnMoveInput): Promise<ReturnRequest>;
  /**
   * Attaches (or replaces) the return parcel's label, a PDF of at most RETURN_LABEL_MAX_BYTES, to a request asked or
   * approved (an approved one's customer is e-mailed it again). Refused: "not_found", "order_changed" (moved
   * meanwhile), "move_not_allowed" (past approval), "invalid_input" (not a PDF, too large).
   */
  attachLabel(input: { requestId: string; expectedState: ReturnState; pdf: Uint8Array }): Promise<ReturnRequest>;
}

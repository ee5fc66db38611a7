// The back office (docs/decisions/0029-back-office.md). Each call runs as the session's user, and the database
// refuses it (BackendError "not_authorized") unless that user is staff (a listed address set up by its link: decision 0032).

import type { OrderPayment } from "./order-payment";
import type { Order, OrderStatus, ShippingAddress } from "./orders";
import type { StaffRefund } from "./refunds";

/** An order as the back office's lists show it. */
export interface StaffOrderSummary {
  id: string;
  userId: string | null;
  status: OrderStatus;
  /** Cents, shipping included. */
  totalAmount: number;
  shippingMethod: string;
  shippingAmount: number;
  currency: string;
  email: string;
  firstName: string;
  lastName: string;
  /** ISO 8601. */
  createdAt: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** Units over all lines. */
  itemCount: number;
}

/** An order line as the CSV export carries it: as bought (a later catalogue edit never changes it). */
export interface StaffExportLine {
  sku: string | null;
  productName: string;
  variantLabel: string | null;
  quantity: number;
  /** Cents. */
  pricePerItem: number;
  /** Cents paid for the line after the order's discount. */
  paidAmount: number;
}

/** An order as the CSV export carries it: the list's summary, the address to ship to and the lines to pack. */
export interface StaffOrderExport extends StaffOrderSummary {
  shippingAddress: ShippingAddress;
  /** Cents refunded or being refunded. */
  refundedAmount: number;
  /** The discount code and the cents it took off, or null. */
  discount: { code: string; amountCents: number } | null;
  /** In the order the shopper's cart listed them. */
  lines: StaffExportLine[];
}

/** One entry of an order's timeline, as staff see it. */
export interface TimelineEntry {
  /** ISO 8601. */
  at: string;
  /** "staff", "customer", "system", or a payment provider's name. */
  actorLabel: string;
  /** The acting account's address, when an account acted. */
  actorEmail: string | null;
  fromStatus: OrderStatus | null;
  /** Null for an entry that changed no status (a guest link revoked). */
  toStatus: OrderStatus | null;
  note: string | null;
  details: Record<string, unknown>;
}

export interface StaffOrder extends Order {
  internalNote: string | null;
  /** The guest's order-page link works (not revoked; members have none). */
  guestLinkActive: boolean;
  timeline: TimelineEntry[];
}

export interface StaffOverview {
  /** Orders waiting for staff: to be paid, to be shipped. */
  waiting: { pending: number; paid: number };
  /**
   * The last 30 days in the time zone asked for, oldest first, today last: orders placed (cancelled ones aside)
   * and the revenue (cents) of those paid (paid, shipped or delivered).
   */
  days: { day: string; count: number; revenue: number }[];
  /** The newest orders, newest first. */
  newest: StaffOrderSummary[];
}

export interface OrderFilter {
  /** One status, or null for every order. */
  status: OrderStatus | null;
  /** Order number (with or without '#'), e-mail or name, case-blind; blank for all. */
  search: string;
}

/** A status move, conditional on the status the staff member saw. */
export interface OrderMove {
  orderId: string;
  /** The status the form showed: when the order has moved on since, nothing changes ("order_changed"). */
  expectedStatus: OrderStatus;
  newStatus: OrderStatus;
  /** Required to cancel (the reason, told to the customer). */
  note?: string;
  /** Required to ship. */
  carrier?: string;
  trackingNumber?: string;
}

/**
 * A refund staff ask for (issue 40): lines (each line's units at what was paid for them), the shipping, or an amount of
 * their own (cents) instead of the lines' sum; always a reason, which the customer is told.
 */
export interface OrderRefundRequest {
  orderId: string;
  reason: string;
  lines: { itemId: string; quantity: number }[];
  shipping: boolean;
  amount: number | null;
}

/** A refund made: queued for the card ("pending") or recorded as paid back by hand ("manual", done). */
export interface OrderRefundResult {
  id: string;
  amount: number;
  state: "pending" | "succeeded";
  provider: "stripe" | "manual";
  /** The order's refunds (not failed) with this one, and what is left to refund (cents). */
  refundedAmount: number;
  left: number;
}

export interface NewsletterSubscriber {
  id: string;
  email: string;
  /** ISO 8601. */
  confirmedAt: string;
}

export interface StaffPort {
  /** Whether the session's user is staff now (false for a visitor). */
  isStaff(): Promise<boolean>;
  /** Newest first. `limit` 1 to MAX_STAFF_PAGE_SIZE, `offset` 0 or more (else "invalid_input"). */
  listOrders(
    input: OrderFilter & { limit: number; offset: number },
  ): Promise<{ orders: StaffOrderSummary[]; totalCount: number }>;
  /** Every order the filter shows, newest first, with address and lines, fetched in batches (the CSV export). */
  exportOrders(input: OrderFilter): AsyncIterable<StaffOrderExport>;
  /** Null when there is no such order (or the id is malformed). */
  getOrder(input: { orderId: string }): Promise<StaffOrder | null>;
  /** `timeZone`: an IANA name, e.g. "America/Los_Angeles". */
  overview(input: { timeZone: string }): Promise<StaffOverview>;
  /**
   * Moves the order, writes its timeline entry and e-mails the customer, in one transaction. Refused: "not_found",
   * "order_changed" (the order is no longer in `expectedStatus`), "move_not_allowed" (e.g. pending -> delivered),
   * "invalid_input" (no carrier, tracking number or reason).
   */
  moveOrder(move: OrderMove): Promise<Order>;
  /**
   * Refunds part or all of a paid (shipped, delivered) order, under the order's lock: never beyond what is left, a
   * line's units once. The card's refund is queued (decision 0033), a manual payment's recorded as paid back by hand;
   * the customer is e-mailed. Refused: "not_found", "move_not_allowed" (not paid), "invalid_input" (too much, no
   * reason, a line not the order's).
   */
  refundOrder(refund: OrderRefundRequest): Promise<OrderRefundResult>;
  /** The order's status, card payment and refunds (decisions 0031, 0033); null when there is no such order. */
  orderPayment(input: {
    orderId: string;
  }): Promise<{ status: OrderStatus; payment: OrderPayment; refunds: StaffRefund[] } | null>;
  /**
   * Marks the order's Checkout Session as being closed by staff, before the server expires it at the provider (so that
   * the expiry's event leaves the order to staff's cancel). False when it has no session left to close.
   */
  closePaymentSession(input: { orderId: string }): Promise<boolean>;
  /** Staff's internal note; blank removes it. */
  setNote(input: { orderId: string; note: string }): Promise<void>;
  /** Ends a guest's order-page link and the placing browser's (decision 0034); false when there was none. */
  revokeGuestLink(input: { orderId: string }): Promise<boolean>;
  /** Confirmed subscribers, newest first. */
  listSubscribers(input: {
    limit: number;
    offset: number;
  }): Promise<{ subscribers: NewsletterSubscriber[]; totalCount: number }>;
  exportSubscribers(): AsyncIterable<NewsletterSubscriber>;
}

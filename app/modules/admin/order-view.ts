import type { OrderStatus } from "~/backend/ports/orders";
import type { ImageAsset } from "~/content/images";
import type { MoveKind } from "~/modules/orders/lifecycle";

// The order page's contract: the intents its forms post (their schemas: order-forms.ts) and what its loader sends.

export const MOVE_INTENT = "move";
export const NOTE_INTENT = "note";
export const REVOKE_GUEST_LINK_INTENT = "revoke-guest-link";
export const REFUND_INTENT = "refund";

/**
 * One order as the back office's order page shows it, formatted on the server (money, dates, who did what): what
 * the loader sends and the page's components (`app/components/admin-order-*.tsx`) draw.
 */
export interface AdminOrderView {
  id: string;
  number: string;
  status: OrderStatus;
  placedAt: string;
  email: string;
  customer: "Member" | "Guest";
  phone: string;
  address: string[];
  items: {
    id: string;
    productId: string;
    name: string;
    /** The variant bought, where the product had several; and its SKU. */
    variant: string | null;
    sku: string | null;
    image: ImageAsset | null;
    quantity: number;
    unitPrice: string;
    lineTotal: string;
  }[];
  subtotal: string;
  shipping: string;
  /** The discount code and what it took off ("−$15.00"), or null. */
  discount: { code: string; amount: string } | null;
  total: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  internalNote: string;
  guestLinkActive: boolean;
  timeline: {
    key: string;
    at: string;
    iso: string;
    who: string;
    /** "Placed (Pending)", "Paid → Shipped"; null for an entry that only notes something. */
    change: string | null;
    note: string | null;
    tracking: string | null;
  }[];
  /** The status buttons this order offers now. */
  moves: { kind: MoveKind; label: string }[];
  /** What cancelling does to its payment (a refund queued, a payment page closed), when it does anything. */
  cancelEffect: string | null;
  /** "Refunded $X" or "Partly refunded $X" beside the status; null when nothing was refunded. */
  refunded: string | null;
  /** The refund form (issue 40): null when the order cannot be refunded (not paid, or nothing left). */
  refund: {
    /** What is left to refund, e.g. "$40.00"; and where it goes. */
    left: string;
    to: "card" | "by hand";
    lines: { itemId: string; name: string; unitsLeft: number; perUnit: string }[];
    /** What is left of the shipping, when there is any. */
    shippingLeft: string | null;
  } | null;
}

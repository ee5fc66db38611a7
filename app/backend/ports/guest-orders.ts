// A guest's order page and the placing browser's link to its order (decision 0034): no session, a token instead.

import type { Order } from "./orders";

/** What a guest's order page shows: status, tracking, items; no address, no e-mail. */
export type GuestOrder = Pick<
  Order,
  | "id"
  | "status"
  | "totalAmount"
  | "refundedAmount"
  | "shippingMethod"
  | "shippingAmount"
  | "discount"
  | "currency"
  | "createdAt"
  | "carrier"
  | "trackingNumber"
  | "items"
  | "statusHistory"
>;

/** What the browser that placed an order sees of it (decision 0034): the guest's view and where it ships. */
export type BrowserOrder = GuestOrder & Pick<Order, "shippingAddress">;

export interface GuestOrdersPort {
  /** Null for an unknown, malformed or revoked token. */
  get(input: { token: string }): Promise<GuestOrder | null>;
  /**
   * A link to the order for the browser that has just placed it, proved by the checkout form's idempotency key: the
   * token for its cookie, or null (no such order for that key, placed too long ago, or revoked by staff).
   */
  issueBrowserLink(input: { orderId: string; idempotencyKey: string }): Promise<string | null>;
  /** The order for the browser holding one of its links; null for a wrong, malformed or revoked token. */
  getForBrowser(input: { orderId: string; token: string }): Promise<BrowserOrder | null>;
}

// Orders as the shopper places and reads them (decision 0028: one order per cart).

import type { shippingMethodIds } from "~/backend/constants";
import type { ImageAsset } from "~/content/images";
import type { OrderStatus } from "~/modules/orders/lifecycle";
import type { StoredCartLine } from "./carts";

/** The statuses and their moves: app/modules/orders/lifecycle.ts. */
export type { OrderStatus };

export type ShippingMethodId = (typeof shippingMethodIds)[number];

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** An order line, with what was bought as it was when the order was placed (a later edit never changes it). */
export interface OrderItem {
  id: string;
  productId: string;
  /** What the cart line named: the variant (a one-variant product's has the product's id). */
  variantId: string;
  quantity: number;
  /** Cents. */
  pricePerItem: number;
  productName: string;
  /** "22 inch / Honey Blonde" where the shopper chose between variants, else null. */
  variantLabel: string | null;
  sku: string | null;
  /** The cover image as it was; null when the product had none. */
  image: ImageAsset | null;
  /**
   * Cents paid for the whole line after the order's discount (its share taken off; the list total when there was
   * none): what a refund of this line gives back.
   */
  paidAmount: number;
}

/** The discount code an order used (issue 41), as it was when the order was placed. */
export interface OrderDiscount {
  /** The code's text, as staff saved it. */
  code: string;
  /** The code's id, while the code exists. */
  codeId: string | null;
  /** Cents taken off the order in all: the items' part and `onShippingCents`. */
  amountCents: number;
  /** The part of `amountCents` taken off the shipping line (a free-shipping code). */
  onShippingCents: number;
}

/** One status change in an order's history (its placing is the first, from null to "pending"). */
export interface OrderStatusChange {
  /** ISO 8601. */
  at: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
}

export interface Order {
  id: string;
  /** Null for a guest order. */
  userId: string | null;
  status: OrderStatus;
  /** Cents: the items' subtotal plus `shippingAmount`, less the discount. */
  totalAmount: number;
  /** Cents refunded or being refunded (the refunds not failed): beside the status, never a status (issue 40). */
  refundedAmount: number;
  shippingMethod: ShippingMethodId;
  /** Cents, priced by the database from the method and the items' subtotal. */
  shippingAmount: number;
  /** Set when the order shipped. */
  carrier: string | null;
  trackingNumber: string | null;
  /** Oldest first; may be empty where the backend answered before the order committed (place). */
  statusHistory: OrderStatusChange[];
  /** Lower case ISO 4217 code, e.g. "usd". */
  currency: string;
  email: string;
  shippingAddress: ShippingAddress;
  /** ISO 8601. */
  createdAt: string;
  /** In the order the shopper's cart listed them. */
  items: OrderItem[];
  /** Null: no code. */
  discount: OrderDiscount | null;
}

export interface PlaceOrderInput {
  /** The signed-in shopper, or null for a guest. */
  userId: string | null;
  /** Product ids and quantities only: the database prices every line from its price list. */
  items: StoredCartLine[];
  shippingAddress: ShippingAddress;
  /** Priced by the database for the address's country (a US method abroad, or International at home, is refused). */
  shippingMethod: ShippingMethodId;
  email: string;
  /** Issued with the checkout form (16-200 characters, unguessable): a repeated key returns the first order. */
  idempotencyKey: string;
  /**
   * The discount code to apply (by id: DiscountCodesPort.find) and the discount the shopper was shown, in cents.
   * The database checks the code again and computes the discount itself: "discount_refused" when the code no longer
   * applies, "discount_mismatch" when its amount is not the one shown. Nothing is ordered then.
   */
  discount?: { codeId: string; amountCents: number } | null;
}

/** One page of a user's orders. */
export interface OrderPage {
  /** Newest first, with items; empty when `offset` is past the last order. */
  orders: Order[];
  /** The user's orders in all (for "Page X of Y"). */
  totalCount: number;
}

export interface OrdersPort {
  /**
   * A member's order is their stored cart: `items` must be exactly what it holds, else BackendError "cart_changed"
   * (e.g. another session of theirs has just ordered it), and the cart is emptied with the order, in one
   * transaction, so one cart never makes two orders. A repeated key answers with its first order before that check.
   */
  place(input: PlaceOrderInput): Promise<Order>;
  /** Every order, newest first, with items. Screens use `listPageForUser`: a member may have thousands. */
  listForUser(input: { userId: string }): Promise<Order[]>;
  /**
   * At most `limit` (1 to MAX_ORDERS_PAGE_SIZE) orders, newest first, skipping the first `offset` (0 or more);
   * the database pages and counts. Other limits or offsets throw BackendError "invalid_input".
   */
  listPageForUser(input: { userId: string; limit: number; offset: number }): Promise<OrderPage>;
}

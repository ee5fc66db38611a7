// The backend port: everything the shop asks of its backend, as types only. Adapters (embedded PGlite,
// PostgreSQL, Supabase) implement it; `~/backend/backend.server` picks one from the environment, and no
// code outside app/backend knows which. See docs/decisions/0003-backend-port.md.

import type { ImageAsset } from "~/content/images";
import type { CatalogueReader, StaffCataloguePort } from "./catalogue-port";
import type { orderStatuses, shippingMethodIds } from "./constants";
import type {
  ChargeEventInput,
  ChargeEventOutcome,
  QueuedRefund,
  RefundAttemptOutcome,
  StaffRefund,
} from "./refund-port";

/** The backend, opened once per process. */
export interface Backend {
  /** One line for the start-up log, e.g. "embedded (PGlite at ./data/pglite)". */
  readonly description: string;
  readonly capabilities: BackendCapabilities;
  /** Counters for per-client limits (sign-in floods): shared by every instance where the backend can. */
  readonly rateLimits: RateLimitsPort;
  /**
   * The backend as seen by one HTTP request: it reads that request's cookies and puts the Set-Cookie headers its
   * response must carry into `responseHeaders`: the request's response cookie jar (the load context's), which the
   * server adds to whatever response the request ends with, so routes never carry them by hand. The same Request,
   * or the same jar, gives the same object.
   */
  forRequest(request: Request, responseHeaders?: Headers): RequestBackend;
  /**
   * The e-mail outbox this process's mail sender drains (decision 0016), or null when it cannot reach it (Supabase
   * without SUPABASE_SERVICE_ROLE_KEY).
   */
  readonly outbox: OutboxPort | null;
  /**
   * What a payment provider's signed word and the payment step change, outside any shopper's session (decision
   * 0031), or null when the backend cannot reach it (Supabase without SUPABASE_SERVICE_ROLE_KEY).
   */
  readonly payments: PaymentsPort | null;
  /** The active catalogue as the shop reads it (decision 0036): the storefront holds it in memory. */
  readonly catalogue: CatalogueReader;
  /**
   * Writes the staff list (STAFF_EMAILS) and the addresses told of each new order (ORDERS_EMAIL) to the database,
   * replacing the previous lists. Returns how many listed addresses are confirmed accounts, or null when this
   * backend cannot write them (Supabase without SUPABASE_SERVICE_ROLE_KEY).
   */
  syncStaff(input: { staffEmails: readonly string[]; orderRecipients: readonly string[] }): Promise<number | null>;
  /**
   * A new one-time staff set-up token (decision 0032) for each listed address whose staff place no account has
   * claimed (`email`: that address only); each replaces the address's previous token. Null where `syncStaff` is.
   */
  issueStaffSetupTokens(input?: { email?: string }): Promise<{ email: string; token: string }[] | null>;
  /** Throws a BackendError when the backend cannot serve requests. */
  ping(): Promise<void>;
  /**
   * The sign-in providers switched on in the backend's own OAuth (`capabilities.hostedOAuth`), as its
   * settings say now (Supabase: Authentication > Providers); none where the backend hosts no OAuth.
   */
  hostedOAuthProviders(): Promise<readonly OAuthProvider[]>;
  close(): Promise<void>;
}

/** What differs between backends in ways a screen must say, instead of which adapter runs. */
export interface BackendCapabilities {
  /** The backend sends e-mail: sign-up confirmation and password-recovery links. */
  readonly sendsEmail: boolean;
  /**
   * Those links work in any browser. False on Supabase: its links carry a PKCE code that only the browser that asked
   * for the link can use (it holds the verifier), so pages tell the shopper to open it there.
   */
  readonly linksWorkInAnyBrowser: boolean;
  /**
   * Google sign-in runs through the backend's own OAuth redirect (`startOAuth`, then
   * `exchangeCodeForSession` on the callback). When false, the app verifies Google itself
   * (remix-auth-google) and calls `signInWithVerifiedIdentity`.
   */
  readonly hostedOAuth: boolean;
}

export interface RequestBackend {
  readonly auth: AuthPort;
  readonly carts: CartsPort;
  readonly profiles: ProfilesPort;
  readonly orders: OrdersPort;
  readonly wishlist: WishlistPort;
  readonly newsletter: NewsletterPort;
  /** The back office's data, as the session's user: every call is refused (in the database too) unless staff. */
  readonly staff: StaffPort;
  /** The back office's products, variants and stock, as the session's user: refused (in the database too) unless staff. */
  readonly staffCatalogue: StaffCataloguePort;
  /** A guest's order page, opened by the token its confirmation e-mail carried or by the placing browser's link. */
  readonly guestOrders: GuestOrdersPort;
  /**
   * The jar its Set-Cookie (and cache) headers go into: a session issued, refreshed or ended. Every response of a
   * request that used `auth` must carry them (the server adds them: see forRequest).
   */
  readonly responseHeaders: Headers;
  /**
   * The signed-in member's data functions, bound to the user of this request's verified session: they take no
   * `userId`. Throws BackendError "not_authenticated" for a visitor.
   */
  member(): Promise<MemberBackend>;
}

/** A request's data ports: what each adapter's data half builds for one request. */
export type RequestDataPorts = Omit<RequestBackend, "auth" | "responseHeaders" | "member">;

// ---------------------------------------------------------------------------------------------------
// Auth. Failures throw BackendError with a message fit to show the shopper.

export interface AuthUser {
  id: string;
  email: string;
  /** From the sign-up or identity-provider metadata; the editable name lives in the profile. */
  fullName: string | null;
  avatarUrl: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface SignUpResult {
  /**
   * The new account. Where addresses are confirmed by e-mail, an address that has an account already gets the same
   * answer as a new one, with a stand-in user (its id belongs to nobody), and its owner an e-mail saying so.
   */
  user: AuthUser;
  /** False when the backend first wants the address confirmed by e-mail (no session yet). */
  signedIn: boolean;
}

export type OAuthProvider = "google";

export interface AuthPort {
  /** The signed-in user, or null. Refreshes a session close to expiry (Set-Cookie in responseHeaders). */
  getUser(): Promise<AuthUser | null>;
  signUp(input: {
    email: string;
    password: string;
    fullName?: string;
    emailRedirectTo?: string;
  }): Promise<SignUpResult>;
  signInWithPassword(input: { email: string; password: string }): Promise<AuthUser>;
  /** Ends the session on the backend and clears the cookie. Signed out already: no-op. */
  signOut(): Promise<void>;
  /**
   * Ends every session of the signed-in user, on every device, and clears this cookie. Signed out already: no-op.
   * Other devices are signed out on their next request.
   */
  signOutEverywhere(): Promise<void>;
  /**
   * Only where `capabilities.sendsEmail`: a new address-confirmation link for an account that signed up and
   * has not confirmed yet. Answers the same whatever the address (unknown, confirmed, throttled).
   */
  resendConfirmation(input: { email: string; emailRedirectTo: string }): Promise<void>;
  /** Only where `capabilities.sendsEmail`; otherwise throws BackendError "not_supported". */
  requestPasswordReset(input: { email: string; redirectTo: string }): Promise<void>;
  /**
   * Whether this session may set a new password without the current one: it was opened by a password-recovery link
   * less than RECOVERY_GRANT_MINUTES ago and has set none since, and the password has not changed since. Decided
   * by the backend (never by a cookie the browser could keep and replay).
   */
  hasRecoveryGrant(): Promise<boolean>;
  /**
   * Sets a new password with this session's recovery grant, which it uses up (BackendError "recovery_required"
   * without one). Keeps this session, ends every other one, and makes unused reset links stop working.
   */
  resetPassword(input: { password: string }): Promise<AuthUser>;
  /**
   * A signed-in user changing the password: `currentPassword` must be right (else BackendError
   * "invalid_credentials", and nothing changes). Like resetPassword, it keeps this session, ends the others, and
   * ends any recovery grant and unused reset link of the account.
   */
  changePassword(input: { currentPassword: string; password: string }): Promise<AuthUser>;
  /** Only where `capabilities.hostedOAuth`: the URL to redirect the browser to. */
  startOAuth(input: { provider: OAuthProvider; redirectTo: string }): Promise<{ url: string }>;
  /**
   * Finishes OAuth (where `capabilities.hostedOAuth`), e-mail confirmation or recovery links (`?code=`): signs the
   * link's account in; a recovery link's session gets the recovery grant.
   */
  exchangeCodeForSession(input: { code: string }): Promise<AuthUser>;
  /**
   * The address of the account an e-mailed link's `code` signs in, without using the link; null when the backend
   * cannot tell (Supabase: its links work only in the browser that asked for them) or the link does not work.
   */
  emailLinkAccount(input: { code: string }): Promise<{ email: string } | null>;
  /**
   * Only where `!capabilities.hostedOAuth`: signs in the owner of an e-mail address that the identity
   * provider has verified, creating the account on the first visit. Never pass an unverified address.
   */
  signInWithVerifiedIdentity(input: {
    provider: OAuthProvider;
    email: string;
    fullName?: string | null;
    avatarUrl?: string | null;
  }): Promise<AuthUser>;
  /** The listed address a staff set-up token opens (decision 0032), or null when it is unknown, used or expired. */
  staffSetupAccount(input: { token: string }): Promise<{ email: string } | null>;
  /**
   * Uses a staff set-up token: sets the password of the account with its address (creating it, confirmed), ends
   * every session of that account, claims the staff place and signs this browser in. BackendError "invalid_link"
   * when the token no longer works.
   */
  completeStaffSetup(input: { token: string; password: string }): Promise<AuthUser>;
}

// ---------------------------------------------------------------------------------------------------
// Rate limits.

/** At most `points` hits per `durationSeconds` for one key (e.g. one client address). */
export interface RateLimitRule {
  /** Names the counter: rules with the same name share it. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimitsPort {
  /** True when the counters live in the database, so that every app instance counts together. */
  readonly shared: boolean;
  /**
   * Counts one hit for `key` against every rule. Returns 0 when all allow it, else the seconds until the
   * strictest refusing rule allows again. A counter store that fails lets the hit through (and logs it).
   */
  hit(rules: readonly RateLimitRule[], key: string): Promise<number>;
  /** Forgets the hits of `key` on `rule`: a rule of one point held for a task's length is a lease it gives back. */
  release(rule: RateLimitRule, key: string): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------
// Data. Every function names its owner (`userId`); the database checks it again with row-level security.
// Both adapters run a call as the user of the request's verified session (SQL: the transaction's role and JWT
// subject; Supabase: the session's access token), never as the `userId` argument: an argument naming anyone
// else is refused (BackendError "not_authenticated"). `userId: null` (a guest order) runs as anon.

export interface StoredCartLine {
  productId: string;
  quantity: number;
}

export interface CartLineChange extends StoredCartLine {
  /** The line hit MAX_CART_LINE_QUANTITY and holds less than asked for. */
  capped: boolean;
}

export interface CartsPort {
  /** Lines in the order they were first added. */
  list(input: { userId: string }): Promise<StoredCartLine[]>;
  /** Adds to the line's quantity (creating it), atomically: concurrent adds all count. */
  add(input: { userId: string; productId: string; quantity: number }): Promise<CartLineChange>;
  /** Sets the line's quantity; 0 or less removes the line (then `quantity` is 0). */
  setQuantity(input: { userId: string; productId: string; quantity: number }): Promise<CartLineChange>;
  /** Returns whether there was such a line to remove. */
  remove(input: { userId: string; productId: string }): Promise<boolean>;
  clear(input: { userId: string }): Promise<void>;
  /**
   * Adds a visitor's lines to the stored cart in one transaction: quantities add up (capped per line),
   * lines for products the database does not sell are skipped. Returns the whole cart.
   */
  merge(input: { userId: string; lines: StoredCartLine[] }): Promise<StoredCartLine[]>;
  /** Deletes lines whose product is not in `productIds` (the catalogue); returns the deleted ids. */
  removeProductsNotIn(input: { userId: string; productIds: readonly string[] }): Promise<string[]>;
}

export interface Profile {
  id: string;
  email: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProfilesPort {
  get(input: { userId: string }): Promise<Profile | null>;
  /** Blank clears the name. At most PROFILE_NAME_MAX_LENGTH characters. */
  updateFullName(input: { userId: string; fullName: string }): Promise<Profile>;
}

export type OrderStatus = (typeof orderStatuses)[number];

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
  /** Cents: the items' subtotal plus `shippingAmount`. */
  totalAmount: number;
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

export interface WishlistPort {
  /** Product ids, most recently added first. */
  list(input: { userId: string }): Promise<string[]>;
  add(input: { userId: string; productId: string }): Promise<void>;
  /** Returns whether the product was in the wishlist. */
  remove(input: { userId: string; productId: string }): Promise<boolean>;
  /** Returns whether the product is in the wishlist afterwards. */
  toggle(input: { userId: string; productId: string }): Promise<boolean>;
  /** Adds a visitor's wishlist in one transaction, skipping unknown products; returns the whole list. */
  merge(input: { userId: string; productIds: readonly string[] }): Promise<string[]>;
}

export interface NewsletterPort {
  /**
   * One row per address, case-insensitive; subscribing again is not an error. The subscription stays pending
   * until the e-mailed link is followed (double opt-in).
   */
  subscribe(input: { email: string }): Promise<void>;
  /** The confirmation link's token: false when unknown, used or expired. */
  confirm(input: { token: string }): Promise<boolean>;
  /** An unsubscribe link's token (again is fine): false when it was never issued. */
  unsubscribe(input: { token: string }): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------
// The back office (docs/decisions/0029-back-office.md). Each call runs as the session's user, and the database
// refuses it (BackendError "not_authorized") unless that user is staff (a listed address set up by its link: decision 0032).

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
  /** Every order the filter shows, newest first, fetched in batches (the CSV export). */
  exportOrders(input: OrderFilter): AsyncIterable<StaffOrderSummary>;
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

/** What a guest's order page shows: status, tracking, items; no address, no e-mail. */
export type GuestOrder = Pick<
  Order,
  | "id"
  | "status"
  | "totalAmount"
  | "shippingMethod"
  | "shippingAmount"
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

// ---------------------------------------------------------------------------------------------------
// A member's data, bound to the session's user (RequestBackend.member()): what routes use.

/** A port's functions without their `userId` (an input that held nothing else may be left out). */
type BoundToMember<Port> = {
  [Name in keyof Port]: Port[Name] extends (input: infer Input) => infer Result
    ? keyof Omit<Input, "userId"> extends never
      ? (input?: Omit<Input, "userId">) => Result
      : (input: Omit<Input, "userId">) => Result
    : never;
};

export interface MemberBackend {
  /** The signed-in user's id, as the verified session says. */
  readonly userId: string;
  readonly carts: BoundToMember<CartsPort>;
  readonly profiles: BoundToMember<ProfilesPort>;
  readonly orders: BoundToMember<OrdersPort>;
  readonly wishlist: BoundToMember<WishlistPort>;
}

// ---------------------------------------------------------------------------------------------------
// The e-mail outbox (decision 0016): messages written in the transaction of the event that causes them.

export interface OutboxMessage {
  id: string;
  /** Which template renders it. */
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  /** A link's one-time token, present until the message is sent or given up. */
  secret: string | null;
  /** Delivery attempts so far, this one included. */
  attempts: number;
  /** ISO 8601. */
  createdAt: string;
  /** This claim's token: only its holder may renew or finish the message (another claim has another token). */
  claim: string;
}

export type OutboxOutcome =
  { outcome: "sent" } | { outcome: "retry"; error: string; retryAt: Date } | { outcome: "failed"; error: string };

export interface OutboxPort {
  /** Due messages, each leased to the caller for `leaseSeconds` (other senders skip them meanwhile). */
  claim(input: { limit: number; leaseSeconds: number }): Promise<OutboxMessage[]>;
  /**
   * Extends the lease of a claim still held to `leaseSeconds` from now. False when the claim was lost (its lease ran
   * out and another sender claimed the message, or the message is finished): the caller holds nothing then.
   */
  renew(input: { id: string; claim: string; leaseSeconds: number }): Promise<boolean>;
  /** Records the attempt's outcome. False, and nothing changes, when `claim` is no longer the message's claim. */
  finish(input: { id: string; claim: string } & OutboxOutcome): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------------
// Payments by a hosted checkout (decision 0031): privileged, server-side only, never bound to a shopper's session.
// Every caller has already checked what it acts on: a provider's event by its signature, a shopper's order by the
// signed cookie of the browser that placed it.

export type PaymentProviderName = "stripe";

export interface OrderPayment {
  /** Null: no card payment was started (the manual provider). */
  provider: PaymentProviderName | null;
  /** The hosted checkout session the shopper was last sent to. */
  sessionId: string | null;
  /** The provider's id of the payment once made (Stripe: the PaymentIntent, pi_...). */
  reference: string | null;
}

export interface PaymentOrder extends Order {
  payment: OrderPayment;
}

/** What one provider event did (as recorded), or "duplicate" when its id was recorded before. */
export type PaymentEventOutcome =
  | "paid"
  | "cancelled"
  | "recorded"
  | "already_paid"
  | "paid_after_cancel"
  | "not_pending"
  | "other_session"
  | "amount_mismatch"
  | "unknown_order"
  | "closed_by_staff"
  | "duplicate";

export interface PaymentEventInput {
  provider: PaymentProviderName;
  /** The provider's event id: each is acted on once. */
  eventId: string;
  eventType: string;
  orderId: string | null;
  sessionId: string | null;
  /** paid: the session's payment succeeded; failed: it expired or failed; none: only record the event. */
  action: "paid" | "failed" | "none";
  /** With "paid": the payment's reference, and the amount (cents) and currency it was for. */
  reference?: string | null;
  amount?: number | null;
  currency?: string | null;
}

export interface PaymentsPort {
  /** The order with its payment, or null when there is none. */
  order(input: { orderId: string }): Promise<PaymentOrder | null>;
  /** The shopper was sent to this session to pay the order; false when the order is no longer pending. */
  attachSession(input: { orderId: string; provider: PaymentProviderName; sessionId: string }): Promise<boolean>;
  /** Records one verified event by its id, once, and acts on it in the same transaction. */
  recordEvent(input: PaymentEventInput): Promise<PaymentEventOutcome>;
  /**
   * The shopper left the payment page of `sessionId`: a still-pending order paid through it is cancelled. Returns
   * the order as it is afterwards (possibly paid meanwhile), or null.
   */
  cancelUnpaid(input: { orderId: string; sessionId: string }): Promise<PaymentOrder | null>;
  /** Records one verified charge event (a refund or dispute made at the provider) by its id, once. */
  recordChargeEvent(input: ChargeEventInput): Promise<ChargeEventOutcome>;
  /** The refund queue (decision 0033): the next due refund, leased to the caller for `leaseSeconds`, or null. */
  claimRefund(input: { leaseSeconds: number }): Promise<QueuedRefund | null>;
  /** Records the provider's answer; false, and nothing changes, when `claim` is no longer the refund's claim. */
  finishRefund(input: { id: string; claim: string } & RefundAttemptOutcome): Promise<boolean>;
}

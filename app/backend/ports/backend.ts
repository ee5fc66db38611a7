// The backend port: everything the shop asks of its backend, as types only, one module a port in this folder and
// their aggregate here. Adapters (embedded PGlite, PostgreSQL, Supabase) implement it; `~/backend/backend.server`
// picks one from the environment, and no code outside app/backend knows which. See docs/decisions/0003-backend-port.md.
// A new port: its own module here, and one line in Backend, RequestBackend or MemberBackend.

import type { AddressesPort } from "./addresses";
import type { AuthPort, OAuthProvider } from "./auth";
import type { CartsPort } from "./carts";
import type { CatalogueReader, StaffCataloguePort } from "./catalogue";
import type { CatalogueImageFiles, StaffCatalogueImagesPort } from "./catalogue-images";
import type { StaffCustomersPort } from "./customers";
import type { DiscountCodesPort, StaffDiscountsPort } from "./discounts";
import type { GuestOrdersPort } from "./guest-orders";
import type { NewsletterPort } from "./newsletter";
import type { OrdersPort } from "./orders";
import type { OutboxPort } from "./outbox";
import type { PaymentsPort } from "./payments";
import type { ProfilesPort } from "./profiles";
import type { RateLimitsPort } from "./rate-limits";
import type { ReturnsPort, StaffReturnsPort } from "./returns";
import type { StaffShippingPort } from "./shipping";
import type { StaffPort } from "./staff";
import type { WishlistPort } from "./wishlist";

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
  /**
   * Discount codes as the shop's server looks them up for a shopper (decision 0042), outside any shopper's session so
   * that no shopper can list or guess them in the database; null when the backend cannot (Supabase without
   * SUPABASE_SERVICE_ROLE_KEY): the shop then offers no discount field.
   */
  readonly discountCodes: DiscountCodesPort | null;
  /** The active catalogue as the shop reads it (decision 0036): the storefront holds it in memory. */
  readonly catalogue: CatalogueReader;
  /** The renditions of photos uploaded in the back office, as the shop serves them (decision 0038). */
  readonly catalogueImages: CatalogueImageFiles;
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

/**
 * The data ports (carts to guestOrders). Every function names its owner (`userId`); the database checks it again with
 * row-level security. Both adapters run a call as the user of the request's verified session (SQL: the transaction's
 * role and JWT subject; Supabase: the session's access token), never as the `userId` argument: an argument naming
 * anyone else is refused (BackendError "not_authenticated"). `userId: null` (a guest order) runs as anon.
 */
export interface RequestBackend {
  readonly auth: AuthPort;
  readonly carts: CartsPort;
  readonly profiles: ProfilesPort;
  /** A member's saved addresses (decision 0044). */
  readonly addresses: AddressesPort;
  readonly orders: OrdersPort;
  readonly wishlist: WishlistPort;
  readonly newsletter: NewsletterPort;
  /** The back office's data, as the session's user: every call is refused (in the database too) unless staff. */
  readonly staff: StaffPort;
  /** The back office's products, variants and stock, as the session's user: refused (in the database too) unless staff. */
  readonly staffCatalogue: StaffCataloguePort;
  /** The back office's shipping rates, as the session's user: refused (in the database too) unless staff. */
  readonly staffShipping: StaffShippingPort;
  /** The back office's customers and their notes, as the session's user: refused (in the database too) unless staff. */
  readonly staffCustomers: StaffCustomersPort;
  /** The back office's discount codes and welcome offer, as the session's user: refused (in the database too) unless staff. */
  readonly staffDiscounts: StaffDiscountsPort;
  /** Return requests (issue 40), as the session's user: refused (in the database too) unless staff. */
  readonly staffReturns: StaffReturnsPort;
  /** A product's photos (upload, reorder, remove), as the session's user: refused (in the database too) unless staff. */
  readonly staffCatalogueImages: StaffCatalogueImagesPort;
  /** A guest's order page, opened by the token its confirmation e-mail carried or by the placing browser's link. */
  readonly guestOrders: GuestOrdersPort;
  /**
   * Returns and exchanges of a delivered order, as the session's user: a member's own order by their account, a
   * guest's by the token of their order page (decision 0047).
   */
  readonly returns: ReturnsPort;
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
  readonly addresses: BoundToMember<AddressesPort>;
  readonly orders: BoundToMember<OrdersPort>;
  readonly wishlist: BoundToMember<WishlistPort>;
}

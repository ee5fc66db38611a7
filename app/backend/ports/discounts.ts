// Discount codes (issue 41, docs/decisions/0042-discount-codes.md). Codes are staff-only data: the shop's server looks
// one up for a shopper (DiscountCodesPort, outside any shopper's session), staff manage them (StaffDiscountsPort), and
// place_order applies one in the order's transaction (PlaceOrderInput.discount).
import type { DiscountKind, DiscountRule, DiscountStatus } from "~/modules/discounts/rules";
import type { OrderStatus } from "./orders";

/** A code as the shop's server reads it for a shopper: its rules and uses, and this customer's earlier use. */
export interface DiscountCodeState extends DiscountRule {
  /** This customer (the e-mail address asked about, any case, or the member) has an order with it, not cancelled. */
  usedByCustomer: boolean;
}

/**
 * The lookup the shop's server makes (as the database owner; on Supabase with the service role): never a shopper's
 * own call, so nobody lists or guesses codes through the database. Null on Supabase without SUPABASE_SERVICE_ROLE_KEY.
 */
export interface DiscountCodesPort {
  /**
   * The code a shopper typed (any case), or the one with `id` (the shopper's applied code); null when there is none.
   * `email`/`userId`: whose earlier use `usedByCustomer` says (null: nobody's known yet).
   */
  find(input: {
    code?: string;
    id?: string;
    email: string | null;
    userId: string | null;
  }): Promise<DiscountCodeState | null>;
}

/** Where a code comes from: the back office, or the welcome offer (one per newly confirmed subscriber). */
export type DiscountSource = "staff" | "welcome";

/** What staff save for a code. */
export interface DiscountCodeInput {
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  minimumSubtotalCents: number;
  startsOn: string | null;
  endsOn: string | null;
  /** The shop's time zone (SHOP_TIME_ZONE): the days are its days. */
  timeZone: string;
  usageLimit: number | null;
  oncePerCustomer: boolean;
  categories: string[];
  productIds: string[];
  variantIds: string[];
}

/** A code in the back office's list: its rules, status and uses. */
export interface StaffDiscountCode extends DiscountRule {
  source: DiscountSource;
  /** The subscriber a welcome code was made for. */
  welcomeEmail: string | null;
  /** Every save and status change moves it on; a save from an older one is refused. */
  version: number;
  /** Cents given in all, by the orders that used it and were not cancelled. */
  givenCents: number;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** One order that used a code. */
export interface StaffDiscountUse {
  orderId: string;
  email: string;
  member: boolean;
  status: OrderStatus;
  /** The discount it got, in cents. */
  amountCents: number;
  totalAmountCents: number;
  /** ISO 8601. */
  usedAt: string;
  /** When the order was cancelled and the use given back; null while it counts. */
  releasedAt: string | null;
}

export interface StaffDiscountCodeDetail extends StaffDiscountCode {
  /** Newest first, at most 200. */
  uses: StaffDiscountUse[];
}

/** The welcome offer: a personal one-use code for each newly confirmed newsletter subscriber, while it is on. */
export interface WelcomeOffer {
  enabled: boolean;
  kind: "percent" | "amount";
  percentOff: number | null;
  amountOffCents: number | null;
  /** How many days a code lasts, the day it is made included. */
  validDays: number;
  timeZone: string;
  version: number;
  /** ISO 8601. */
  updatedAt: string;
  updatedBy: string | null;
  /** Welcome codes made so far, and how many of them were used. */
  issued: number;
  used: number;
}

export type WelcomeOfferInput = Pick<
  WelcomeOffer,
  "enabled" | "kind" | "percentOff" | "amountOffCents" | "validDays" | "timeZone"
>;

/** The back office's codes, as the session's user: every call is refused (in the database too) unless staff. */
export interface StaffDiscountsPort {
  /** Newest first; `search` matches the code (or a welcome code's address) anywhere, case-blind, up to 200 chars. */
  listCodes(input: {
    source: DiscountSource;
    search: string;
    limit: number;
    offset: number;
  }): Promise<{ codes: StaffDiscountCode[]; totalCount: number }>;
  /** Null when there is no such code (or the id is malformed). */
  getCode(input: { id: string }): Promise<StaffDiscountCodeDetail | null>;
  /**
   * Creates (`id` null) or updates a code; returns its id and version. Refused: "id_taken" (another code has that
   * text, any case), "product_changed" (saved by someone else since `expectedVersion`), "not_found", "invalid_input".
   */
  saveCode(input: {
    id: string | null;
    code: DiscountCodeInput;
    expectedVersion: number | null;
  }): Promise<{ id: string; version: number }>;
  /** Pause, resume ("active") or end a code; refused as saveCode is, and "invalid_input" once it has ended. */
  setStatus(input: { id: string; status: DiscountStatus; expectedVersion: number }): Promise<{ version: number }>;
  welcomeOffer(): Promise<WelcomeOffer>;
  /** "product_changed" when someone saved it since `expectedVersion`: nothing is changed. */
  saveWelcomeOffer(input: { offer: WelcomeOfferInput; expectedVersion: number }): Promise<WelcomeOffer>;
}

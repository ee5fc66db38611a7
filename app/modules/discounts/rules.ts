// What a discount code gives a cart, and every reason it gives nothing (issue 41, docs/decisions/0042-discount-codes.md).
// Pure: the cart, checkout and their tests call it; public.place_order computes the same in SQL in the order's
// transaction (supabase/migrations/20261205000100_discount_codes.sql), and the backend contract holds the two equal.
//
// Money is whole cents. Rounding happens once per order, never per line:
// - percent off: the discount is round-half-up(eligible items' subtotal × percent ÷ 100), in integers:
//   floor((subtotal × percent + 50) / 100);
// - a fixed amount off: the amount, but never more than the eligible items' subtotal;
// - free shipping: the shipping line's amount; the items are untouched.
// The items' discount is then shared between the eligible lines in proportion to their totals: each line gets the
// whole cents of its share, and the cents left over go one each to the lines with the largest remainders (the first
// line first on a tie), so the lines' shares add up to the discount exactly. A line's "paid" amount (its total less
// its share) is what a refund of that line gives back.

import { formatLongDate } from "~/modules/dates";
import { formatCents } from "~/modules/money";

/** percent: whole percents off the eligible items; amount: cents off them; free_shipping: the shipping line. */
export type DiscountKind = "percent" | "amount" | "free_shipping";

/** active: can be used; paused: not now (staff may resume it); ended: never again. */
export type DiscountStatus = "active" | "paused" | "ended";

/** A code as its rules say, and how many uses it has had (the database's row, as the app reads it). */
export interface DiscountRule {
  id: string;
  /** Upper case, as staff saved it; shoppers may type it in any case. */
  code: string;
  kind: DiscountKind;
  /** 1-100, for "percent". */
  percentOff: number | null;
  /** Cents, for "amount". */
  amountOffCents: number | null;
  /** The eligible items must come to at least this (0: no minimum). */
  minimumSubtotalCents: number;
  /** YYYY-MM-DD in `timeZone`, from the start of that day; null: from now on. */
  startsOn: string | null;
  /** YYYY-MM-DD in `timeZone`, to the end of that day (inclusive); null: no end. */
  endsOn: string | null;
  /** The shop's time zone (SHOP_TIME_ZONE) when the code was saved: the days are that zone's. */
  timeZone: string;
  /** Uses in all (orders not cancelled); null: no limit. */
  usageLimit: number | null;
  timesUsed: number;
  /** One use per customer: by the order's e-mail address (any case), and by the member's account. */
  oncePerCustomer: boolean;
  /** Empty lists: every product. Otherwise a line counts when its category, product or variant is listed. */
  categories: readonly string[];
  productIds: readonly string[];
  variantIds: readonly string[];
  status: DiscountStatus;
}

/** A cart line as the rules read it (every figure from the catalogue, never from the shopper). */
export interface DiscountLine {
  variantId: string;
  productId: string;
  category: string;
  unitCents: number;
  quantity: number;
}

export interface DiscountCart {
  lines: readonly DiscountLine[];
  /** The chosen method's shipping amount, or null where none is chosen yet (the cart). */
  shippingCents: number | null;
}

/** Why a code gives nothing, in the order the rules check them (the database checks them in the same order). */
export type DiscountRefusalReason =
  | "unknown"
  | "paused"
  | "ended"
  | "not_started"
  | "expired"
  | "used_up"
  | "used_by_customer"
  | "not_eligible"
  | "below_minimum";

export const DISCOUNT_REFUSAL_REASONS: readonly DiscountRefusalReason[] = [
  "unknown",
  "paused",
  "ended",
  "not_started",
  "expired",
  "used_up",
  "used_by_customer",
  "not_eligible",
  "below_minimum",
];

export interface DiscountRefusal {
  ok: false;
  reason: DiscountRefusalReason;
  /** As the shopper typed it (unknown) or as saved. */
  code: string;
  /** For the message: the day it starts or ended, the minimum and what the cart has of eligible items. */
  startsOn?: string;
  endsOn?: string;
  minimumSubtotalCents?: number;
  eligibleSubtotalCents?: number;
}

export interface DiscountLineShare {
  variantId: string;
  /** The line's list total (unit × quantity). */
  totalCents: number;
  /** Its share of the items' discount. */
  discountCents: number;
  /** What is paid for it: total less its share. */
  paidCents: number;
}

export interface AppliedDiscount {
  ok: true;
  code: string;
  kind: DiscountKind;
  /** Off the items. */
  itemsCents: number;
  /** Off the shipping line (free shipping; 0 while no method is chosen). */
  shippingCents: number;
  /** itemsCents + shippingCents: the order's discount line. */
  totalCents: number;
  /** Free shipping, whichever method is chosen. */
  freeShipping: boolean;
  /** The items' subtotal the code counts (its scope). */
  eligibleSubtotalCents: number;
  /** Every line of the cart, in its order. */
  lines: DiscountLineShare[];
}

export type DiscountOutcome = AppliedDiscount | DiscountRefusal;

/** What a code may be: letters, digits, '-' and '_', 3 to 40 characters, case aside. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
export const CODE_MAX_LENGTH = 40;

/** A typed code as it is compared: trimmed and upper case; null when it cannot be a code at all. */
export function normalizeCode(typed: string): string | null {
  const code = typed.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** Today's date (YYYY-MM-DD) in an IANA time zone. */
export function dateInZone(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Whether a line is one the code counts. */
export function lineIsEligible(
  rule: Pick<DiscountRule, "categories" | "productIds" | "variantIds">,
  line: DiscountLine,
): boolean {
  if (rule.categories.length === 0 && rule.productIds.length === 0 && rule.variantIds.length === 0) return true;
  return (
    rule.categories.includes(line.category) ||
    rule.productIds.includes(line.productId) ||
    rule.variantIds.includes(line.variantId)
  );
}

/** round-half-up(cents × percent ÷ 100), in integers (exact for every order the shop can hold). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * Shares `total` between `weights` in proportion (largest remainder): whole cents each, adding up to `total`; the
 * cents left over go to the largest remainders, the earliest first on a tie. Weights of 0 get 0.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const remainders = weights.map((weight, index) => ({ index, remainder: (total * weight) % sum }));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What the code gives the cart now, or why not. `usedByCustomer`: the database's word that this customer (the
 * order's e-mail address, or the member) has an order with the code already. An empty cart is "not_eligible".
 */
export function evaluateDiscount(
  rule: DiscountRule,
  cart: DiscountCart,
  { now, usedByCustomer }: { now: Date; usedByCustomer: boolean },
): DiscountOutcome {
  const refuse = (reason: DiscountRefusalReason, details: Partial<DiscountRefusal> = {}): DiscountRefusal => ({
    ok: false,
    reason,
    code: rule.code,
    ...details,
  });
  if (rule.status === "paused") return refuse("paused");
  if (rule.status === "ended") return refuse("ended");
  const today = dateInZone(now, rule.timeZone);
  if (rule.startsOn !== null && today < rule.startsOn) return refuse("not_started", { startsOn: rule.startsOn });
  if (rule.endsOn !== null && today > rule.endsOn) return refuse("expired", { endsOn: rule.endsOn });
  if (rule.usageLimit !== null && rule.timesUsed >= rule.usageLimit) return refuse("used_up");
  if (rule.oncePerCustomer && usedByCustomer) return refuse("used_by_customer");

  const totals = cart.lines.map((line) => line.unitCents * line.quantity);
  const eligible = cart.lines.map((line) => lineIsEligible(rule, line));
  const eligibleSubtotalCents = totals.reduce((sum, total, index) => sum + (eligible[index] ? total : 0), 0);
  if (!eligible.some(Boolean)) return refuse("not_eligible");
  if (eligibleSubtotalCents < rule.minimumSubtotalCents) {
    return refuse("below_minimum", { minimumSubtotalCents: rule.minimumSubtotalCents, eligibleSubtotalCents });
  }

  const itemsCents =
    rule.kind === "percent"
      ? percentOf(eligibleSubtotalCents, rule.percentOff ?? 0)
      : rule.kind === "amount"
        ? Math.min(rule.amountOffCents ?? 0, eligibleSubtotalCents)
        : 0;
  const shippingCents = rule.kind === "free_shipping" ? (cart.shippingCents ?? 0) : 0;
  const shares = allocate(
    itemsCents,
    totals.map((total, index) => (eligible[index] ? total : 0)),
  );
  return {
    ok: true,
    code: rule.code,
    kind: rule.kind,
    itemsCents,
    shippingCents,
    totalCents: itemsCents + shippingCents,
    freeShipping: rule.kind === "free_shipping",
    eligibleSubtotalCents,
    lines: cart.lines.map((line, index) => ({
      variantId: line.variantId,
      totalCents: totals[index]!,
      discountCents: shares[index]!,
      paidCents: totals[index]! - shares[index]!,
    })),
  };
}

/**
 * The same discount for another shipping amount (the checkout's method choice, with JavaScript): only free shipping
 * depends on it.
 */
export function withShipping(applied: AppliedDiscount, shippingCents: number): AppliedDiscount {
  if (!applied.freeShipping) return applied;
  return { ...applied, shippingCents, totalCents: applied.itemsCents + shippingCents };
}

/** One clear sentence per reason, for the shopper, naming the code. */
export function refusalMessage(refusal: Omit<DiscountRefusal, "ok">): string {
  const code = refusal.code;
  switch (refusal.reason) {
    case "unknown":
      return `There is no discount code "${code}". Check how it is spelled.`;
    case "paused":
      return `The code ${code} cannot be used at the moment.`;
    case "ended":
      return `The code ${code} has ended.`;
    case "not_started":
      return `The code ${code} starts on ${refusal.startsOn ? formatLongDate(refusal.startsOn) : "a later day"}.`;
    case "expired":
      return `The code ${code} expired${refusal.endsOn ? ` on ${formatLongDate(refusal.endsOn)}` : ""}.`;
    case "used_up":
      return `The code ${code} has been used as many times as it can be.`;
    case "used_by_customer":
      return `The code ${code} has already been used with this e-mail address or account: it works once per customer.`;
    case "not_eligible":
      return `The code ${code} is for other products than the ones in your cart.`;
    case "below_minimum":
      return `The code ${code} needs ${formatCents(refusal.minimumSubtotalCents ?? 0)} of eligible items; your cart has ${formatCents(
        refusal.eligibleSubtotalCents ?? 0,
      )}.`;
  }
}

/** "15% off", "$10.00 off", "Free shipping": what a code gives, as the shopper's summary line names it. */
export function discountDescription(rule: Pick<DiscountRule, "kind" | "percentOff" | "amountOffCents">): string {
  if (rule.kind === "percent") return `${rule.percentOff ?? 0}% off`;
  if (rule.kind === "amount") return `${formatCents(rule.amountOffCents ?? 0)} off`;
  return "Free shipping";
}

import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";

import { getBackend } from "~/backend/backend.server";
import { discountRefusalReason, isBackendError } from "~/backend/errors";
import type { AuthUser } from "~/backend/ports/auth";
import type { DiscountCodeState } from "~/backend/ports/discounts";
import { flashCookie, signedCookie, type ResponseJar } from "~/http/cookies.server";
import type { CartLine } from "~/modules/cart/cart";
import { findChoice } from "~/modules/catalog/catalog.server";
import { refusedByRateLimit } from "~/modules/limits/rate-limits.server";
import { toCents } from "~/modules/money";
import {
  discountDescription,
  evaluateDiscount,
  normalizeCode,
  refusalMessage,
  type AppliedDiscount,
  type DiscountLine,
  type DiscountOutcome,
  type DiscountRefusalReason,
} from "./rules";

// The shopper's discount code (issue 41, decision 0042): the code applied to this browser's cart lives in a signed
// cookie (its id and text, nothing a shopper could change to their advantage: the database checks the code again when
// the order is placed). The cart, the checkout and place_order compute what it gives with the same rules.

/** The code applied in this browser, for as long as a visitor's cart lives. */
const appliedCookie = signedCookie("discount_code", { maxAge: 60 * 60 * 24 * 30 });
const appliedSchema = z.object({ id: z.string().uuid(), code: z.string().min(1).max(40) });
export type AppliedCode = z.infer<typeof appliedSchema>;

/**
 * What the discount field shows after a post (with JavaScript too: the root loader reads it after every action): the
 * refusal and the code as typed, or nothing.
 */
const flashSchema = z.object({ error: z.string().max(300), typed: z.string().max(60) });
export type DiscountFlash = z.infer<typeof flashSchema>;
const discountFlash = flashCookie("discount-form", flashSchema);

export const setDiscountFlash = (context: ResponseJar, flash: DiscountFlash) => discountFlash.set(context, flash);
export const takeDiscountFlash = (request: Request, context: ResponseJar) => discountFlash.take(request, context);

export async function readAppliedCode(request: Request): Promise<AppliedCode | null> {
  const parsed = appliedSchema.safeParse(await appliedCookie.read(request));
  return parsed.success ? parsed.data : null;
}

export const rememberAppliedCode = (context: ResponseJar, code: AppliedCode) => appliedCookie.write(context, code);
export const forgetAppliedCode = (context: ResponseJar) => appliedCookie.clear(context);

/** The cart's lines as the rules read them: the variant, its product and category, its price in cents. */
export function discountLinesOf(lines: readonly CartLine[]): DiscountLine[] {
  return lines.map((line) => ({
    variantId: line.productId,
    productId: findChoice(line.productId)?.product.id ?? line.productId,
    category: line.category,
    unitCents: toCents(line.price),
    quantity: line.quantity,
  }));
}

/** What the cart and checkout show of the applied code (the page's JavaScript reprices free shipping by the method). */
export type CartDiscountView =
  | {
      code: string;
      applies: true;
      description: string;
      /** Off the items. */
      itemsCents: number;
      /** The shipping line goes too, whichever method. */
      freeShipping: boolean;
    }
  | { code: string; applies: false; description: string; message: string };

/** Whose earlier use counts: the member (and their address), or the address a guest typed (null: none yet). */
export interface DiscountCustomer {
  email: string | null;
  userId: string | null;
}

export const customerOf = (user: AuthUser | null, typedEmail?: string | null): DiscountCustomer => ({
  email: typedEmail && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(typedEmail.trim()) ? typedEmail.trim() : (user?.email ?? null),
  userId: user?.id ?? null,
});

/** The shop's lookup of codes, or null where the backend has none (Supabase without its service role key). */
async function discountCodes() {
  return (await getBackend()).discountCodes;
}

/** Whether this shop takes discount codes at all (the field is shown only then). */
export async function takesDiscountCodes(): Promise<boolean> {
  return (await discountCodes()) !== null;
}

function evaluate(state: DiscountCodeState, lines: readonly CartLine[], shippingCents: number | null): DiscountOutcome {
  return evaluateDiscount(
    state,
    { lines: discountLinesOf(lines), shippingCents },
    { now: new Date(), usedByCustomer: state.usedByCustomer },
  );
}

function toView(state: DiscountCodeState, outcome: DiscountOutcome): CartDiscountView {
  const description = discountDescription(state);
  return outcome.ok
    ? {
        code: state.code,
        applies: true,
        description,
        itemsCents: outcome.itemsCents,
        freeShipping: outcome.freeShipping,
      }
    : { code: state.code, applies: false, description, message: refusalMessage(outcome) };
}

/**
 * The applied code as the cart shows it now, or null (none applied, or it no longer exists: then it is forgotten).
 * A code that does not apply to the cart as it is stays applied, with the reason (the cart may change).
 */
export async function cartDiscount(
  request: Request,
  jar: ResponseJar,
  lines: readonly CartLine[],
  customer: DiscountCustomer,
): Promise<CartDiscountView | null> {
  const applied = await readAppliedCode(request);
  const codes = applied ? await discountCodes() : null;
  if (!applied || !codes) return null;
  const state = await codes.find({ id: applied.id, ...customer });
  if (!state) {
    await forgetAppliedCode(jar);
    return null;
  }
  return toView(state, evaluate(state, lines, null));
}

export type ApplyOutcome =
  | { kind: "applied"; view: CartDiscountView }
  | { kind: "refused"; message: string; status: number; headers?: Record<string, string> };

/**
 * A code the shopper typed, for their cart: counted against the client's tries first (decision 0042: guessing costs a
 * rate-limited try, a refused flood costs next to nothing), then looked up and applied when it gives something now.
 */
export async function applyTypedCode(
  context: AppLoadContext,
  typed: string,
  lines: readonly CartLine[],
  customer: DiscountCustomer,
): Promise<ApplyOutcome> {
  const codes = await discountCodes();
  if (!codes) return { kind: "refused", status: 503, message: "Discount codes cannot be used in this shop right now." };
  if (typed.trim() === "") return { kind: "refused", status: 400, message: "Enter a discount code." };
  const refusal = await refusedByRateLimit(context, "discountCode");
  if (refusal) return { kind: "refused", status: 429, message: refusal.message, headers: refusal.headers };
  const code = normalizeCode(typed);
  const state = code ? await codes.find({ code, ...customer }) : null;
  if (!state) {
    return {
      kind: "refused",
      status: 400,
      message: refusalMessage({ reason: "unknown", code: typed.trim().slice(0, 40) }),
    };
  }
  const outcome = evaluate(state, lines, null);
  if (!outcome.ok) return { kind: "refused", status: 409, message: refusalMessage(outcome) };
  await rememberAppliedCode(context, { id: state.id, code: state.code });
  return { kind: "applied", view: toView(state, outcome) };
}

/** The discount to place the order with: the applied code checked again for the order as it will be placed. */
export type OrderDiscount =
  | { kind: "none" }
  | { kind: "apply"; codeId: string; code: string; applied: AppliedDiscount }
  /** It stopped applying since the shopper saw it: forgotten, and the order not placed. */
  | { kind: "dropped"; message: string };

export async function discountForOrder(
  request: Request,
  jar: ResponseJar,
  lines: readonly CartLine[],
  shippingCents: number,
  customer: DiscountCustomer,
): Promise<OrderDiscount> {
  const applied = await readAppliedCode(request);
  const codes = applied ? await discountCodes() : null;
  if (!applied || !codes) return { kind: "none" };
  const state = await codes.find({ id: applied.id, ...customer });
  const outcome = state
    ? evaluate(state, lines, shippingCents)
    : ({ ok: false, reason: "unknown", code: applied.code } as const);
  if (!outcome.ok) {
    await forgetAppliedCode(jar);
    return { kind: "dropped", message: droppedMessage(applied.code, refusalMessage(outcome)) };
  }
  return { kind: "apply", codeId: applied.id, code: applied.code, applied: outcome };
}

/** "Your discount code X was removed: <why>." */
export function droppedMessage(code: string, why: string): string {
  return `Your discount code ${code} was removed: ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
}

/**
 * When place_order refused the code after all (its last use went a moment ago, say): what to tell the shopper, with
 * the code forgotten; null for any other error.
 */
export async function droppedByDatabase(error: unknown, jar: ResponseJar, code: string): Promise<string | null> {
  if (isBackendError(error, "discount_mismatch")) {
    return "Your discount changed since the page showed it. Please check your order summary and place your order again.";
  }
  const reason = discountRefusalReason(error) as DiscountRefusalReason | null;
  if (!isBackendError(error, "discount_refused")) return null;
  await forgetAppliedCode(jar);
  return droppedMessage(code, refusalMessage({ reason: reason ?? "unknown", code }));
}

// The back office's discount forms (/admin/discounts, decision 0042): a code's editor and the welcome offer, checked
// by one zod schema each in the browser and the action; the list's rows. The page's components never import this
// module statically: the browser loads the schemas on the first focus inside a form (useZodForm). The bounds are the
// database's too (supabase/migrations/20261205000100_discount_codes.sql).
import { z } from "zod";

import type {
  DiscountCodeInput,
  DiscountSource,
  StaffDiscountCode,
  WelcomeOffer,
  WelcomeOfferInput,
} from "~/backend/ports/discounts";
import { refusingControlCharacters } from "~/forms/form-text";
import { dollarsField, parseDollars } from "~/modules/admin/shipping-rates";
import { productCategories } from "~/modules/catalog/product";
import { formatCents } from "~/modules/money";
import { CODE_PATTERN, dateInZone, discountDescription, type DiscountRule } from "./rules";

export const ADMIN_DISCOUNTS_PAGE_SIZE = 25;
export const DISCOUNT_SEARCH_MAX_LENGTH = 200;
export const SAVE_CODE_INTENT = "save-code";
export const CODE_STATUS_INTENT = "code-status";
export const MAX_AMOUNT_CENTS = 100_000_000;
export const MAX_USAGE_LIMIT = 1_000_000;
export const MAX_SCOPE_ENTRIES = 200;

export const categoryLabels: Record<(typeof productCategories)[number], string> = {
  "clip-in": "Clip-in extensions",
  "tape-in": "Tape-in extensions",
  wigs: "Wigs",
  accessories: "Accessories",
};

/**
 * A checkbox per category, each a field of its own (the forms kit refuses a plain name sent twice: decision 0027).
 */
export const CATEGORY_FIELDS = {
  "clip-in": "categoryClipIn",
  "tape-in": "categoryTapeIn",
  wigs: "categoryWigs",
  accessories: "categoryAccessories",
} as const satisfies Record<(typeof productCategories)[number], string>;

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Dollars typed ("10", "$10.50", "1,000"), as cents from `min` to `max`; `label` names the field in its messages. */
function dollars(label: string, min: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((text, context) => {
        const cents = parseDollars(text);
        if (cents === null) {
          context.addIssue({ code: "custom", message: `Enter ${label} in dollars, like 10 or 12.50.` });
          return z.NEVER;
        }
        if (cents < min || cents > MAX_AMOUNT_CENTS) {
          context.addIssue({
            code: "custom",
            message: `${label[0]!.toUpperCase()}${label.slice(1)} must be from ${formatCents(min)} to ${formatCents(MAX_AMOUNT_CENTS)}.`,
          });
          return z.NEVER;
        }
        return cents;
      })
      .optional(),
  );
}

/** A whole number typed, from `min` to `max`. */
function wholeNumber(message: string, min: number, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  );
}

/** A day from a date field (YYYY-MM-DD), a real one. */
const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date like 2026-12-31.")
    .refine((text) => {
      const parsed = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
    }, "That day does not exist.")
    .optional(),
);

/** Ids or SKUs, one a line or separated by commas or spaces (a blank field is none). */
const list = (what: string) =>
  z
    .string()
    .optional()
    .transform((text) => [...new Set((text ?? "").split(/[\s,]+/).filter(Boolean))])
    .refine((entries) => entries.length <= MAX_SCOPE_ENTRIES, `At most ${MAX_SCOPE_ENTRIES} ${what}.`)
    .refine(
      (entries) => entries.every((entry) => entry.length <= 64),
      `A ${what.slice(0, -1)} has at most 64 characters.`,
    );

export const DiscountCodeFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      code: z
        .string({ required_error: "Give the code shoppers will type." })
        .trim()
        .min(1, "Give the code shoppers will type.")
        .transform((text) => text.toUpperCase())
        .refine(
          (text) => CODE_PATTERN.test(text),
          "A code has 3 to 40 letters, digits, dashes or underscores (no spaces), starting with a letter or digit.",
        ),
      kind: z.enum(["percent", "amount", "free_shipping"], {
        errorMap: () => ({ message: "Choose what the code gives." }),
      }),
      percentOff: wholeNumber("The percentage is a whole number from 1 to 100.", 1, 100),
      amountOff: dollars("the amount off", 1),
      minimum: dollars("the minimum", 0),
      startsOn: day,
      endsOn: day,
      usageLimit: wholeNumber(
        `The limit is a whole number from 1 to ${MAX_USAGE_LIMIT.toLocaleString("en-US")}.`,
        1,
        MAX_USAGE_LIMIT,
      ),
      oncePerCustomer: checkbox,
      appliesTo: z.enum(["all", "chosen"]).default("all"),
      categoryClipIn: checkbox,
      categoryTapeIn: checkbox,
      categoryWigs: checkbox,
      categoryAccessories: checkbox,
      products: list("products"),
      variants: list("variants"),
      // The version the form was drawn from (blank for a new code): a save made since is refused, not overwritten.
      version: z.preprocess(
        blankToUndefined,
        z.coerce.number({ message: "This form is out of date: reload the page." }).int().min(1).optional(),
      ),
    })
    .superRefine((value, context) => {
      if (value.kind === "percent" && value.percentOff === undefined) {
        context.addIssue({ code: "custom", path: ["percentOff"], message: "Give the percentage off, from 1 to 100." });
      }
      if (value.kind === "amount" && value.amountOff === undefined) {
        context.addIssue({ code: "custom", path: ["amountOff"], message: "Give the amount off, in dollars." });
      }
      if (value.startsOn && value.endsOn && value.endsOn < value.startsOn) {
        context.addIssue({ code: "custom", path: ["endsOn"], message: "The last day comes on or after the first." });
      }
      if (
        value.appliesTo === "chosen" &&
        chosenCategories(value).length === 0 &&
        value.products.length === 0 &&
        value.variants.length === 0
      ) {
        context.addIssue({
          code: "custom",
          path: ["appliesTo"],
          message: "Choose a category, or list products or variants, for the code to apply to.",
        });
      }
    }),
);

/** The categories ticked. */
function chosenCategories(value: Record<(typeof CATEGORY_FIELDS)[keyof typeof CATEGORY_FIELDS], boolean>): string[] {
  return productCategories.filter((category) => value[CATEGORY_FIELDS[category]]);
}

export type DiscountCodeFormValue = z.output<typeof DiscountCodeFormSchema>;

/** What the catalogue says of the ids and SKUs typed: the variant an SKU (or id) names, whether a product exists. */
export interface ScopeLookup {
  productExists(id: string): boolean;
  /** The variant's id for an SKU (any case) or a variant id; undefined when there is none. */
  variantOf(skuOrId: string): string | undefined;
}

/**
 * What the form saves, or the fields the catalogue refuses (an unknown product id or SKU), by name. `timeZone`: the
 * shop's (SHOP_TIME_ZONE), which the days are read in.
 */
export function discountCodeInput(
  value: DiscountCodeFormValue,
  timeZone: string,
  lookup: ScopeLookup,
): { input: DiscountCodeInput } | { errors: Record<string, string[]> } {
  const chosen = value.appliesTo === "chosen";
  const products = chosen ? value.products : [];
  const variants = chosen ? value.variants.map((entry) => [entry, lookup.variantOf(entry)] as const) : [];
  const errors: Record<string, string[]> = {};
  const unknownProducts = products.filter((id) => !lookup.productExists(id));
  if (unknownProducts.length > 0) errors.products = [`No product has the id ${unknownProducts.join(", ")}.`];
  const unknownVariants = variants.filter(([, id]) => id === undefined).map(([entry]) => entry);
  if (unknownVariants.length > 0) errors.variants = [`No variant has the SKU ${unknownVariants.join(", ")}.`];
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      code: value.code,
      kind: value.kind,
      percentOff: value.kind === "percent" ? (value.percentOff ?? null) : null,
      amountOffCents: value.kind === "amount" ? (value.amountOff ?? null) : null,
      minimumSubtotalCents: value.minimum ?? 0,
      startsOn: value.startsOn ?? null,
      endsOn: value.endsOn ?? null,
      timeZone,
      usageLimit: value.usageLimit ?? null,
      oncePerCustomer: value.oncePerCustomer,
      categories: chosen ? chosenCategories(value) : [],
      productIds: products,
      variantIds: [...new Set(variants.map(([, id]) => id!))],
    },
  };
}

/** The editor's fields for a stored code (SKUs for its variants, where the catalogue still has them), or a new one. */
export function discountCodeFormDefaults(
  code: StaffDiscountCode | null,
  skuOf: (variantId: string) => string | undefined,
): Record<string, string> {
  if (!code) return { kind: "percent", appliesTo: "all", products: "", variants: "", version: "" };
  const chosen = code.categories.length > 0 || code.productIds.length > 0 || code.variantIds.length > 0;
  return {
    code: code.code,
    kind: code.kind,
    percentOff: code.percentOff === null ? "" : String(code.percentOff),
    amountOff: code.amountOffCents === null ? "" : dollarsField(code.amountOffCents),
    minimum: code.minimumSubtotalCents === 0 ? "" : dollarsField(code.minimumSubtotalCents),
    startsOn: code.startsOn ?? "",
    endsOn: code.endsOn ?? "",
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    oncePerCustomer: code.oncePerCustomer ? "on" : "",
    appliesTo: chosen ? "chosen" : "all",
    ...Object.fromEntries(
      productCategories.map((category) => [CATEGORY_FIELDS[category], code.categories.includes(category) ? "on" : ""]),
    ),
    products: code.productIds.join("\n"),
    variants: code.variantIds.map((id) => skuOf(id) ?? id).join("\n"),
    version: String(code.version),
  };
}

export const WelcomeOfferFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      enabled: checkbox,
      kind: z.enum(["percent", "amount"], { errorMap: () => ({ message: "Choose a percentage or an amount." }) }),
      percentOff: wholeNumber("The percentage is a whole number from 1 to 100.", 1, 100),
      amountOff: dollars("the amount off", 1),
      validDays: z
        .string({ required_error: "A code lasts 1 to 365 days." })
        .trim()
        .regex(/^\d{1,3}$/, "A code lasts 1 to 365 days.")
        .transform(Number)
        .pipe(z.number().min(1, "A code lasts 1 to 365 days.").max(365, "A code lasts 1 to 365 days.")),
      version: z.coerce.number({ message: "This form is out of date: reload the page." }).int().min(1),
    })
    .superRefine((value, context) => {
      if (value.kind === "percent" && value.percentOff === undefined) {
        context.addIssue({ code: "custom", path: ["percentOff"], message: "Give the percentage off, from 1 to 100." });
      }
      if (value.kind === "amount" && value.amountOff === undefined) {
        context.addIssue({ code: "custom", path: ["amountOff"], message: "Give the amount off, in dollars." });
      }
    }),
);

export type WelcomeOfferFormValue = z.output<typeof WelcomeOfferFormSchema>;

export function welcomeOfferInput(value: WelcomeOfferFormValue, timeZone: string): WelcomeOfferInput {
  return {
    enabled: value.enabled,
    kind: value.kind,
    percentOff: value.kind === "percent" ? (value.percentOff ?? null) : null,
    amountOffCents: value.kind === "amount" ? (value.amountOff ?? null) : null,
    validDays: value.validDays,
    timeZone,
  };
}

export function welcomeOfferFormDefaults(offer: WelcomeOffer): Record<string, string> {
  return {
    enabled: offer.enabled ? "on" : "",
    kind: offer.kind,
    percentOff: offer.percentOff === null ? "" : String(offer.percentOff),
    amountOff: offer.amountOffCents === null ? "" : dollarsField(offer.amountOffCents),
    validDays: String(offer.validDays),
    version: String(offer.version),
  };
}

/** A code's state as staff read it: Active, Scheduled, Expired, Used up, Paused, Ended. */
export function codeStateLabel(rule: DiscountRule, now: Date): string {
  if (rule.status === "paused") return "Paused";
  if (rule.status === "ended") return "Ended";
  const today = dateInZone(now, rule.timeZone);
  if (rule.startsOn && today < rule.startsOn) return "Scheduled";
  if (rule.endsOn && today > rule.endsOn) return "Expired";
  if (rule.usageLimit !== null && rule.timesUsed >= rule.usageLimit) return "Used up";
  return "Active";
}

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** The code's rules in one line: what it gives, its minimum, scope, days and limits. */
export function codeRulesLine(rule: DiscountRule): string {
  const parts = [discountDescription(rule)];
  if (rule.minimumSubtotalCents > 0) parts.push(`from ${formatCents(rule.minimumSubtotalCents)}`);
  const scoped = rule.categories.length + rule.productIds.length + rule.variantIds.length;
  parts.push(
    scoped === 0
      ? "every product"
      : [
          ...rule.categories.map((category) => categoryLabels[category as keyof typeof categoryLabels] ?? category),
          ...(rule.productIds.length
            ? [`${rule.productIds.length} product${rule.productIds.length === 1 ? "" : "s"}`]
            : []),
          ...(rule.variantIds.length
            ? [`${rule.variantIds.length} variant${rule.variantIds.length === 1 ? "" : "s"}`]
            : []),
        ].join(", "),
  );
  if (rule.startsOn || rule.endsOn) {
    parts.push(
      rule.startsOn && rule.endsOn
        ? `${shortDate(rule.startsOn)} to ${shortDate(rule.endsOn)}`
        : rule.startsOn
          ? `from ${shortDate(rule.startsOn)}`
          : `until ${shortDate(rule.endsOn!)}`,
    );
  }
  if (rule.oncePerCustomer) parts.push("once per customer");
  return parts.join(" · ");
}

export interface AdminDiscountRow {
  id: string;
  code: string;
  rules: string;
  state: string;
  /** "3 uses", "3 of 10 uses". */
  uses: string;
  given: string;
  welcomeEmail: string | null;
}

export function toAdminDiscountRow(code: StaffDiscountCode, now: Date): AdminDiscountRow {
  const uses = `${code.timesUsed}${code.usageLimit === null ? "" : ` of ${code.usageLimit}`} ${
    code.timesUsed === 1 && code.usageLimit === null ? "use" : "uses"
  }`;
  return {
    id: code.id,
    code: code.code,
    rules: codeRulesLine(code),
    state: codeStateLabel(code, now),
    uses,
    given: formatCents(code.givenCents),
    welcomeEmail: code.welcomeEmail,
  };
}

/** The list's tab (`?source=welcome`) and search (`?q=`). */
export function parseDiscountListQuery(searchParams: URLSearchParams): { source: DiscountSource; search: string } {
  return {
    source: searchParams.get("source") === "welcome" ? "welcome" : "staff",
    search: (searchParams.get("q") ?? "").trim().slice(0, DISCOUNT_SEARCH_MAX_LENGTH),
  };
}

export const StatusFormSchema = /* @__PURE__ */ z.object({
  status: z.enum(["active", "paused", "ended"]),
  version: z.coerce.number().int().min(1),
});

import { z } from "zod";

import type { ShippingMethodId } from "~/backend/ports/orders";
import type { ShippingRates, ShippingRatesInput } from "~/backend/ports/shipping";
import { refusingControlCharacters } from "~/forms/form-text";

// The back office's shipping rates form (/admin/shipping, decision 0039): each method's price and Standard's
// free-shipping threshold, typed in dollars, saved in cents. The bounds are the database's too
// (supabase/migrations/20261203000300_shipping_rates_in_the_back_office.sql). The page's component never imports
// this module statically: the browser loads the schema on the first focus inside the form (useZodForm).

/** A method costs $0.00 (free) to $1,000.00. */
export const MAX_SHIPPING_AMOUNT_CENTS = 100_000;
/** The free-shipping threshold is $1.00 to $100,000.00 of items. */
export const MIN_FREE_FROM_CENTS = 100;
export const MAX_FREE_FROM_CENTS = 10_000_000;

/** The form's price fields, in the shipping page's order, with the method each one prices. */
export const RATE_FIELDS = [
  { name: "standard", method: "standard", label: "Standard" },
  { name: "express", method: "express", label: "Express" },
  { name: "overnight", method: "overnight", label: "Overnight" },
  { name: "international", method: "international", label: "International" },
] as const satisfies ReadonlyArray<{ name: string; method: ShippingMethodId; label: string }>;

/** "9.99", "$9.99", "1,000" or "1000.5": dollars with at most two decimals; commas only between thousands. */
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Whole cents from what staff typed, without floating-point drift; null when it is not an amount in dollars. */
export function parseDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(",", ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** "9.99", "200.00": cents as the form's fields show them (no dollar sign: the label says it). */
export function dollarsField(cents: number): string {
  return (cents / 100).toFixed(2);
}

const usd = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** A dollar field: required, an amount with at most two decimals, between `min` and `max` cents. */
function dollarsWithin(label: string, min: number, max: number) {
  const required = `Enter ${label} in dollars, like ${dollarsField(min === 0 ? 999 : 20_000)}.`;
  return z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents === null) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Enter ${label} in dollars and cents, like ${dollarsField(min === 0 ? 999 : 20_000)}: digits, at most two after the point.`,
        });
        return z.NEVER;
      }
      if (cents < min || cents > max) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `${label[0]!.toUpperCase()}${label.slice(1)} must be from ${usd(min)} to ${usd(max)}.`,
        });
        return z.NEVER;
      }
      return cents;
    });
}

const methodPrice = (label: string) => dollarsWithin(`the ${label} price`, 0, MAX_SHIPPING_AMOUNT_CENTS);

export const ShippingRatesFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    standard: methodPrice("Standard"),
    express: methodPrice("Express"),
    overnight: methodPrice("Overnight"),
    international: methodPrice("International"),
    freeFrom: dollarsWithin("the free-shipping threshold", MIN_FREE_FROM_CENTS, MAX_FREE_FROM_CENTS),
    // The rates' version the form was drawn from: a save made since is refused rather than overwritten.
    version: z.coerce
      .number({ invalid_type_error: "This form is out of date: reload the page." })
      .int("This form is out of date: reload the page.")
      .nonnegative("This form is out of date: reload the page."),
  }),
);

export type ShippingRatesFormValue = z.output<typeof ShippingRatesFormSchema>;

/** What the form saves, from its checked value. */
export function shippingRatesInput(value: ShippingRatesFormValue): ShippingRatesInput {
  return {
    amountsCents: {
      standard: value.standard,
      express: value.express,
      overnight: value.overnight,
      international: value.international,
    },
    freeFromCents: value.freeFrom,
  };
}

/** The form's fields as the rates now are: each price in dollars, the threshold, and the version. */
export function shippingRatesFormDefaults(rates: ShippingRates): Record<string, string> {
  return {
    ...Object.fromEntries(
      RATE_FIELDS.map((field) => [field.name, dollarsField(rates.prices[field.method].amountCents)]),
    ),
    freeFrom: dollarsField(rates.prices.standard.freeFromCents ?? 20_000),
    version: String(rates.version),
  };
}

/** The toast after a save: what the shop now charges, in one sentence. */
export function savedRatesMessage(rates: ShippingRates): string {
  const prices = RATE_FIELDS.map((field) => `${field.label} ${usd(rates.prices[field.method].amountCents)}`);
  const free = rates.prices.standard.freeFromCents;
  return `${prices.join(", ")}${free === null ? "" : `; free Standard shipping from ${usd(free)}`}. The shop shows them within a few seconds.`;
}

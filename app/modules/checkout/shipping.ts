import type { ShippingMethodId } from "~/backend/ports/orders";
import type { ShippingPrice, ShippingRates } from "~/backend/ports/shipping";
import { shippingMethods, type ShippingMethod, type ShippingRegion } from "~/content/shipping";

// The checkout's shipping rules, the same as place_order's (supabase/migrations/20261202000100_...): which methods
// an address may use, and what each costs for an items subtotal at the rates of public.shipping_rates (the
// catalogue's copy in memory: currentShippingRates). The database prices the order again; these say what the page
// shows before it is placed.

/** Only what the pages need of the rates: each method's price. */
export type ShippingPrices = ShippingRates["prices"];

/** Standard's free-shipping threshold in cents (the one the pages promise), or null when no method is ever free. */
export function freeShippingFromCents(prices: ShippingPrices): number | null {
  return prices.standard.freeFromCents;
}

/** "$200" for whole dollars, "$150.50" otherwise: the threshold as the pages' sentences say it. */
export function formatThreshold(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars.toLocaleString("en-US")}` : `$${dollars.toFixed(2)}`;
}

/** "Free shipping on orders over $200": the sentence of the product page and the shop's descriptions. */
export function freeShippingLine(prices: ShippingPrices, lead = "Free shipping"): string | null {
  const from = freeShippingFromCents(prices);
  return from === null ? null : `${lead} on orders over ${formatThreshold(from)}`;
}

/**
 * The country field is free text: 'United States', 'USA', 'U.S.' and the like are the US, anything else abroad.
 * public.shipping_region says the same (a test holds the two together).
 */
export function shippingRegion(country: string): ShippingRegion {
  const letters = country.replace(/[^A-Za-z]/g, "").toLowerCase();
  return ["us", "usa", "unitedstates", "unitedstatesofamerica"].includes(letters) ? "us" : "international";
}

/** A known method by id; anything else (a crafted post, `__proto__`) is undefined. */
export function findShippingMethod(id: unknown): ShippingMethod | undefined {
  return shippingMethods.find((method) => method.id === id);
}

/** What a method costs for an items subtotal: Standard is free from its threshold ($200.00 as the shop starts). */
export function shippingAmountCents(price: ShippingPrice, subtotalCents: number): number {
  return price.freeFromCents !== null && subtotalCents >= price.freeFromCents ? 0 : price.amountCents;
}

export interface ShippingChoice {
  id: ShippingMethodId;
  name: string;
  deliveryTime: string;
  amountCents: number;
}

/** The methods an address in `country` may choose, priced for the subtotal, in the shipping page's order. */
export function shippingChoices(prices: ShippingPrices, country: string, subtotalCents: number): ShippingChoice[] {
  const region = shippingRegion(country);
  return shippingMethods
    .filter((method) => method.region === region)
    .map((method) => ({
      id: method.id,
      name: method.name,
      deliveryTime: method.deliveryTime,
      amountCents: shippingAmountCents(prices[method.id], subtotalCents),
    }));
}

/** The method to show chosen: the one asked for when the address may use it, else the region's first (Standard in the US). */
export function chosenShippingMethod(country: string, asked: unknown): ShippingMethodId {
  const region = shippingRegion(country);
  const method = findShippingMethod(asked);
  if (method && method.region === region) return method.id;
  return shippingMethods.find((candidate) => candidate.region === region)?.id ?? "standard";
}

/** Why an address may not use a method, in the words the database uses too; null when it may. */
export function shippingMethodProblem(country: string, id: unknown): string | null {
  const method = findShippingMethod(id);
  if (!method) return "Please choose a shipping method.";
  if (method.region === shippingRegion(country)) return null;
  return method.region === "us"
    ? "This shipping method is for US addresses: please choose International shipping."
    : "International shipping is for addresses outside the United States.";
}

export interface CheckoutTotals {
  subtotalCents: number;
  shippingCents: number;
  /** Tax stays $0.00 (docs/product.md, decision 16). */
  taxCents: 0;
  totalCents: number;
}

/** The summary's figures for a cart subtotal and a method. */
export function checkoutTotals(
  prices: ShippingPrices,
  subtotalCents: number,
  methodId: ShippingMethodId,
): CheckoutTotals {
  const method = findShippingMethod(methodId);
  const shippingCents = method ? shippingAmountCents(prices[method.id], subtotalCents) : 0;
  return { subtotalCents, shippingCents, taxCents: 0, totalCents: subtotalCents + shippingCents };
}

/** "Standard", "Express": a stored method's name, for orders, e-mails and the confirmation. */
export function shippingMethodName(id: string): string {
  return findShippingMethod(id)?.name ?? id;
}

import type { ShippingMethodId } from "~/backend/ports/orders";
import { shippingMethods, type ShippingMethod, type ShippingRegion } from "~/content/shipping";

// The checkout's shipping rules, the same as place_order's (supabase/migrations/20261127000200_...): which methods
// an address may use, and what each costs for an items subtotal. The database prices the order again; these say
// what the page shows before it is placed.

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

/** What the method costs for an items subtotal: Standard is free from $200.00. */
export function shippingAmountCents(method: ShippingMethod, subtotalCents: number): number {
  return method.freeFromCents !== undefined && subtotalCents >= method.freeFromCents ? 0 : method.amountCents;
}

export interface ShippingChoice {
  id: ShippingMethodId;
  name: string;
  deliveryTime: string;
  amountCents: number;
}

/** The methods an address in `country` may choose, priced for the subtotal, in the shipping page's order. */
export function shippingChoices(country: string, subtotalCents: number): ShippingChoice[] {
  const region = shippingRegion(country);
  return shippingMethods
    .filter((method) => method.region === region)
    .map((method) => ({
      id: method.id,
      name: method.name,
      deliveryTime: method.deliveryTime,
      amountCents: shippingAmountCents(method, subtotalCents),
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
export function checkoutTotals(subtotalCents: number, methodId: ShippingMethodId): CheckoutTotals {
  const method = findShippingMethod(methodId);
  const shippingCents = method ? shippingAmountCents(method, subtotalCents) : 0;
  return { subtotalCents, shippingCents, taxCents: 0, totalCents: subtotalCents + shippingCents };
}

/** "Standard", "Express": a stored method's name, for orders, e-mails and the confirmation. */
export function shippingMethodName(id: string): string {
  return findShippingMethod(id)?.name ?? id;
}

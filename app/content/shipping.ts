import type { ShippingMethodId } from "~/backend/ports/orders";

/**
 * Shipping: the methods and rates that the shipping page lists and the checkout charges (docs/product.md, decision 16),
 * and the shipping page's other figures. The database prices an order's shipping from public.shipping_rates, which
 * mirrors `shippingMethods` (a test keeps the two equal; a change here ships with a migration that upserts the rows).
 */

export type ShippingRegion = "us" | "international";

export interface ShippingMethod {
  id: ShippingMethodId;
  name: string;
  /** Where it goes: US addresses, or every other country. */
  region: ShippingRegion;
  amountCents: number;
  /** The items subtotal, in cents, from which the method is free; never free when absent. */
  freeFromCents?: number;
  deliveryTime: string;
  note: string;
}

/** Items subtotals from this amount ship free by Standard ("free shipping on orders over $200"). */
export const FREE_SHIPPING_FROM_CENTS = 20_000;

/** In the order the checkout offers them; the first of a region is its default. */
export const shippingMethods: readonly ShippingMethod[] = [
  {
    id: "standard",
    name: "Standard",
    region: "us",
    amountCents: 999,
    freeFromCents: FREE_SHIPPING_FROM_CENTS,
    deliveryTime: "5-7 business days",
    note: "Tracked, to every US address",
  },
  {
    id: "express",
    name: "Express",
    region: "us",
    amountCents: 1999,
    deliveryTime: "2-3 business days",
    note: "Tracked, priority handling",
  },
  {
    id: "overnight",
    name: "Overnight",
    region: "us",
    amountCents: 3999,
    deliveryTime: "1 business day",
    note: "Tracked, no P.O. boxes",
  },
  {
    id: "international",
    name: "International",
    region: "international",
    amountCents: 2999,
    deliveryTime: "7-14 business days",
    note: "Flat rate to every other country; duties and taxes paid on delivery",
  },
];

/** The methods for US addresses, and the one flat rate for every other country. */
export const usShippingMethods = shippingMethods.filter((method) => method.region === "us");
export const internationalShipping = shippingMethods.find((method) => method.region === "international")!;

/** US dollars, for the pages' sentences ("free shipping on orders over $200"). */
export const freeShippingThreshold = FREE_SHIPPING_FROM_CENTS / 100;

/** Orders above this total (US dollars) need a signature on delivery. */
export const signatureRequiredOver = 500;

export interface ProcessingTime {
  orderType: string;
  time: string;
}

export const processingTimes: ProcessingTime[] = [
  { orderType: "Standard orders", time: "1-2 business days" },
  { orderType: "Custom color or cut orders", time: "3-5 business days" },
  { orderType: "Sale items", time: "2-3 business days" },
];

/** Orders placed after this time ship the next business day. */
export const dispatchCutoff = "2 PM PST";

import type { ShippingMethodId } from "~/backend/ports/orders";

/**
 * Shipping: the methods that the shipping page lists and the checkout offers (docs/product.md, decision 16), and the
 * shipping page's other figures. What each method costs, and Standard's free-shipping threshold, are not here: they
 * live in public.shipping_rates only (staff edit them at /admin/shipping; decision 0039), which place_order charges
 * from and every instance reads with its catalogue (currentShippingRates in catalog.server.ts).
 */

export type ShippingRegion = "us" | "international";

export interface ShippingMethod {
  id: ShippingMethodId;
  name: string;
  /** Where it goes: US addresses, or every other country (public.shipping_rates.region says the same). */
  region: ShippingRegion;
  deliveryTime: string;
  note: string;
}

/** In the order the checkout offers them; the first of a region is its default. */
export const shippingMethods: readonly ShippingMethod[] = [
  {
    id: "standard",
    name: "Standard",
    region: "us",
    deliveryTime: "5-7 business days",
    note: "Tracked, to every US address",
  },
  {
    id: "express",
    name: "Express",
    region: "us",
    deliveryTime: "2-3 business days",
    note: "Tracked, priority handling",
  },
  { id: "overnight", name: "Overnight", region: "us", deliveryTime: "1 business day", note: "Tracked, no P.O. boxes" },
  {
    id: "international",
    name: "International",
    region: "international",
    deliveryTime: "7-14 business days",
    note: "Flat rate to every other country; duties and taxes paid on delivery",
  },
];

/** The methods for US addresses, and the one flat rate for every other country. */
export const usShippingMethods = shippingMethods.filter((method) => method.region === "us");
export const internationalShipping = shippingMethods.find((method) => method.region === "international")!;

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

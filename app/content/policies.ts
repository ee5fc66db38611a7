/**
 * Shipping and returns figures (spec section 9). The shipping, returns and FAQ pages all read them
 * from here, so a changed figure cannot disagree between pages.
 */

/** Orders above this subtotal (US dollars) may choose free standard-speed shipping. */
export const freeShippingThreshold = 200;

/** Orders above this total (US dollars) need a signature on delivery. */
export const signatureRequiredOver = 500;

export interface ShippingOption {
  method: string;
  /** US dollars; 0 means free. */
  cost: number;
  deliveryTime: string;
  note: string;
}

export const shippingOptions: ShippingOption[] = [
  { method: "Standard", cost: 9.99, deliveryTime: "5-7 business days", note: "Tracked, to every US address" },
  { method: "Express", cost: 19.99, deliveryTime: "2-3 business days", note: "Tracked, priority handling" },
  { method: "Overnight", cost: 39.99, deliveryTime: "1 business day", note: "Tracked, no P.O. boxes" },
  {
    method: "Free Shipping",
    cost: 0,
    deliveryTime: "5-7 business days",
    note: `Orders over $${freeShippingThreshold}; not available internationally`,
  },
];

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

export const internationalShipping = {
  deliveryTime: "7-14 business days",
  rates: "calculated at checkout",
} as const;

export const returnPolicy = {
  windowDays: 30,
  refundTime: "5-7 business days",
  labelWithin: "24 hours",
  exchangeWindowDays: 30,
  nonReturnable: [
    "Worn items",
    "Items with a custom color or cut",
    "Items with heat or chemical damage",
    "Opened care products",
    "Final-sale items",
  ],
} as const;

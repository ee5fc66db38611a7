/**
 * Returns figures (spec section 9). The returns, terms and FAQ pages all read them from here, so a changed figure
 * cannot disagree between pages. Shipping's are in shipping.ts.
 */

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

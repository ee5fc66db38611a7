// The checkout form's discount-code controls (issue 41): its field and the intents of its plain (no-JavaScript) posts,
// which post the whole form so that the checkout's action keeps everything typed.

export const CHECKOUT_APPLY_DISCOUNT = "apply-discount";
export const CHECKOUT_REMOVE_DISCOUNT = "remove-discount";
/** The checkout form's field for a code (the checkout's action reads it by this name). */
export const CHECKOUT_DISCOUNT_FIELD = "discountCode";

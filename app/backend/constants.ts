// Limits the database enforces too (see supabase/migrations); shared by both sides of the app.

/** Most units of one product in one cart line (spec: "no maximum", so we pick a sane one). */
export const MAX_CART_LINE_QUANTITY = 99;

/** Most lines in one order. */
export const MAX_ORDER_LINES = 50;

export const PROFILE_NAME_MAX_LENGTH = 200;

/** The embedded backend's rule, and Supabase's as supabase/config.toml sets it; the new-password fields say it. */
export const MIN_PASSWORD_LENGTH = 8;

/** Most orders one `listPageForUser` call returns: a page, never a member's whole history. */
export const MAX_ORDERS_PAGE_SIZE = 100;

/** How long a password-recovery link's session may set a new password without the current one. */
export const RECOVERY_GRANT_MINUTES = 15;
/** Shipping methods (the database's shipping_rates, with their rates; their names: app/content/shipping.ts). */
export const shippingMethodIds = ["standard", "express", "overnight", "international"] as const;
/** Most rows one back-office page (or export batch) reads. */
export const MAX_STAFF_PAGE_SIZE = 1000;
/** How long a staff set-up link printed at start-up works (decision 0032); a restart makes a new one. */
export const STAFF_SETUP_LINK_HOURS = 24;
/** The back office's order forms (decision 0029): apply_order_move checks carrier, tracking number and note too. */
export const ORDER_CARRIER_MAX_LENGTH = 50;
export const ORDER_TRACKING_MAX_LENGTH = 100;
/** Letters and digits, with spaces or dashes between them (what carriers print); the database checks the same. */
export const ORDER_TRACKING_PATTERN = "[A-Za-z0-9][A-Za-z0-9 \\-]*";
/** Below the database's 2000: the reason goes into the customer's e-mail. */
export const ORDER_CANCEL_REASON_MAX_LENGTH = 500;
export const ORDER_NOTE_MAX_LENGTH = 2000;

/** The most a return label (a PDF) may be: a carrier's label is tens of KB; the database checks it too. */
export const RETURN_LABEL_MAX_BYTES = 1024 * 1024;

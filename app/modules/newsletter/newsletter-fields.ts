// The footer form's field names and message, without zod: the form is on every page, and the browser checks
// the address with the input's own rules (type="email", required); newsletter-form.ts checks it on the server.
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";
/** A field people never see (hidden, out of the tab order, no autofill) that simple bots fill in. */
export const HONEYPOT_FIELD = "company";
/** The longest address accepted (RFC 5321's path limit, rounded up as most shops do). */
export const EMAIL_MAX_LENGTH = 320;

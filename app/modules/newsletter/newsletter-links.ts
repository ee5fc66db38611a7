// The newsletter's e-mailed links (decision 0016): what their pages say, and the token's shape.

/** 64 hex characters (public.new_link_token); anything else is refused before the database is asked. */
export function readLinkToken(value: FormDataEntryValue | string | null | undefined): string | null {
  return typeof value === "string" && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

export const newsletterLinkCopy = {
  confirm: {
    title: "Confirm your subscription",
    message: "Receive the Luxe Strands newsletter at this address, about once a month?",
  },
  confirmed: { title: "Subscription confirmed", message: "Thank you! You will now receive our newsletter." },
  unsubscribe: { title: "Unsubscribe", message: "Stop receiving the Luxe Strands newsletter at this address?" },
  unsubscribed: { title: "You are unsubscribed", message: "You will receive no more newsletters from us." },
  invalid: {
    title: "This link does not work",
    message: "This link is invalid, has already been used or has expired. Subscribe again from the foot of any page.",
  },
} as const;

/**
 * The two e-mailed links, each a page with one button whose POST does the change (so that a mail scanner that opens
 * every link changes nothing, decision 0027): where it posts, what it asks and what it says once done.
 */
export const newsletterLinks = {
  /** The double opt-in; it works once, for 7 days. */
  confirm: {
    path: "/newsletter/confirm",
    ask: "confirm",
    done: "confirmed",
    button: "Yes, subscribe me",
    malformedStatus: 410,
  },
  /** In every newsletter e-mail; again is fine. */
  unsubscribe: {
    path: "/newsletter/unsubscribe",
    ask: "unsubscribe",
    done: "unsubscribed",
    button: "Unsubscribe",
    malformedStatus: 400,
  },
} as const;

export type NewsletterLink = keyof typeof newsletterLinks;
export type NewsletterLinkOutcome = (typeof newsletterLinks)[NewsletterLink]["done"] | "invalid";

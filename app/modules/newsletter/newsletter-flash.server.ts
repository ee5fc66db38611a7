import { z } from "zod";

import { flashCookie, type ResponseJar } from "~/http/cookies.server";

/** What the footer form shows after a refused plain-HTML post: the message and what the shopper typed. */
export const newsletterFlashSchema = z.object({ error: z.string().max(200), typed: z.string().max(320) });
export type NewsletterFlash = z.infer<typeof newsletterFlashSchema>;

/**
 * Without JavaScript the form posts, and the answer is a redirect back to the page it was on: this flash
 * cookie carries the message and the typed address to that page, read once by the root loader.
 */
const newsletterCookie = flashCookie("newsletter-form", newsletterFlashSchema);

export function setNewsletterFlash(context: ResponseJar, flash: NewsletterFlash): Promise<void> {
  return newsletterCookie.set(context, flash);
}

/** The pending flash, read once, or null. */
export function takeNewsletterFlash(request: Request, context: ResponseJar): Promise<NewsletterFlash | null> {
  return newsletterCookie.take(request, context);
}

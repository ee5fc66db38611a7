import { z } from "zod";
import { signedCookie } from "~/utils/cookies.server";

/** What the footer form shows after a refused plain-HTML post: the message and what the shopper typed. */
export const newsletterFlashSchema = z.object({ error: z.string().max(200), typed: z.string().max(320) });
export type NewsletterFlash = z.infer<typeof newsletterFlashSchema>;

/**
 * Without JavaScript the form posts, and the answer is a redirect back to the page it was on: this flash
 * cookie carries the message and the typed address to that page, read once by the root loader.
 */
const newsletterCookie = signedCookie("newsletter-form", { maxAge: 60 * 5 });

export async function newsletterFlashHeader(flash: NewsletterFlash): Promise<string> {
  return newsletterCookie.write(flash);
}

/** The pending flash, and the Set-Cookie that clears it (null when there is none). */
export async function readNewsletterFlash(request: Request): Promise<{ flash: NewsletterFlash | null; clearHeader: string | null }> {
  const { value, clearHeader } = await newsletterCookie.take(request, newsletterFlashSchema);
  return { flash: value, clearHeader };
}

import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/utils/env.server";

/** What the footer form shows after a refused plain-HTML post: the message and what the shopper typed. */
export const newsletterFlashSchema = z.object({ error: z.string().max(200), typed: z.string().max(320) });
export type NewsletterFlash = z.infer<typeof newsletterFlashSchema>;

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * Without JavaScript the form posts, and the answer is a redirect back to the page it was on: this flash
 * cookie carries the message and the typed address to that page, read once by the root loader.
 */
function newsletterCookie() {
  const env = getEnv();
  cookie ??= createCookie("newsletter-form", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: "/",
    maxAge: 60 * 5,
    secrets: env.sessionSecrets,
  });
  return cookie;
}

export async function newsletterFlashHeader(flash: NewsletterFlash): Promise<string> {
  return newsletterCookie().serialize(flash);
}

/** The pending flash, and the Set-Cookie that clears it (null when there is none). */
export async function readNewsletterFlash(request: Request): Promise<{ flash: NewsletterFlash | null; clearHeader: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("newsletter-form=")) return { flash: null, clearHeader: null };
  const value = await newsletterCookie()
    .parse(header)
    .catch(() => null);
  const parsed = newsletterFlashSchema.safeParse(value);
  return { flash: parsed.success ? parsed.data : null, clearHeader: await newsletterCookie().serialize("", { maxAge: 0 }) };
}

import { z } from "zod";
import { signedCookie } from "~/utils/cookies.server";
import { refusingControlCharacters } from "~/utils/form-text";

/** The longest address a form takes (auth-schemas.ts): a crafted post cannot bloat the cookie. */
const EMAIL_MAX_LENGTH = 320;

/**
 * The address a shopper typed, for the next form that asks for it: what a post answered with a redirect to /auth
 * (the "Resend confirmation email" form) had in its address field, shown again by the sign-in form there; and the
 * address of a failed sign-in, which "Forgot password?" opens with. A flash cookie, read once by the /auth or
 * /forgot-password loader, so that the address stays out of the URL (and so out of logs and browser history).
 */
const typedEmailCookie = signedCookie("auth-email", { maxAge: 60 * 5 });

/** It came from a form: text an address field would take, or nothing. */
const typedEmailSchema = refusingControlCharacters(z.object({ email: z.string().min(1).max(EMAIL_MAX_LENGTH) }));

/** Set-Cookie carrying the address typed, or null when there is none to carry. */
export async function typedEmailHeader(typed: FormDataEntryValue | null): Promise<string | null> {
  if (typeof typed !== "string" || typed.trim() === "") return null;
  return typedEmailCookie.write({ email: typed.trim().slice(0, EMAIL_MAX_LENGTH) });
}

/** The pending address, and the Set-Cookie that clears it (null when there is none). */
export async function readTypedEmail(request: Request): Promise<{ email: string | null; clearHeader: string | null }> {
  const { value, clearHeader } = await typedEmailCookie.take(request, typedEmailSchema);
  return { email: value?.email ?? null, clearHeader };
}

import { z } from "zod";

import { refusingControlCharacters } from "~/forms/form-text";
import { flashCookie, type ResponseJar } from "~/http/cookies.server";

/** The longest address a form takes (auth-schemas.ts): a crafted post cannot bloat the cookie. */
const EMAIL_MAX_LENGTH = 320;

/**
 * The address a shopper typed, for the next form that asks for it: what a post answered with a redirect to /auth
 * (the "Resend confirmation email" form) had in its address field, shown again by the sign-in form there; and the
 * address of a failed sign-in, which "Forgot password?" opens with. A flash cookie, read once by the /auth or
 * /forgot-password loader, so that the address stays out of the URL (and so out of logs and browser history).
 */
const typedEmailCookie = flashCookie(
  "auth-email",
  // It came from a form: text an address field would take, or nothing.
  refusingControlCharacters(z.object({ email: z.string().min(1).max(EMAIL_MAX_LENGTH) })),
);

/** Carries the address typed to the next page; nothing when none was typed. */
export async function carryTypedEmail(context: ResponseJar, typed: FormDataEntryValue | null): Promise<void> {
  if (typeof typed !== "string" || typed.trim() === "") return;
  await typedEmailCookie.set(context, { email: typed.trim().slice(0, EMAIL_MAX_LENGTH) });
}

/** The pending address, read once, or null. */
export async function takeTypedEmail(request: Request, context: ResponseJar): Promise<string | null> {
  return (await typedEmailCookie.take(request, context))?.email ?? null;
}

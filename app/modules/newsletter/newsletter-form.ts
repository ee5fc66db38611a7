import { z } from "zod";

import { formFields, refusingControlCharacters, repeatedFieldProblem } from "~/forms/form-text";
import { EMAIL_MAX_LENGTH, HONEYPOT_FIELD, INVALID_EMAIL_MESSAGE } from "~/modules/newsletter/newsletter-fields";

export { HONEYPOT_FIELD, INVALID_EMAIL_MESSAGE };

/** The footer form's contract, checked by the action (the browser checks only the input's own rules first). */
export const newsletterSchema = refusingControlCharacters(
  z.object({
    // trim and toLowerCase run before the checks, in order: " Ada@Example.COM " is stored as "ada@example.com".
    email: z
      .string({ required_error: INVALID_EMAIL_MESSAGE })
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE)
      .email(INVALID_EMAIL_MESSAGE),
  }),
);

export type NewsletterSubmission =
  | { kind: "subscribe"; email: string }
  | { kind: "invalid"; error: string; typed: string }
  /** The honeypot was filled: answer as if subscribed, store nothing. */
  | { kind: "bot" };

export function parseNewsletterForm(formData: FormData): NewsletterSubmission {
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot !== "") return { kind: "bot" };
  const raw = formData.get("email");
  const parsed = newsletterSchema.safeParse(formFields(formData, ["email"]));
  if (parsed.success) return { kind: "subscribe", email: parsed.data.email };
  return {
    kind: "invalid",
    error: repeatedFieldProblem(parsed.error.issues) ?? parsed.error.issues[0]?.message ?? INVALID_EMAIL_MESSAGE,
    // Kept so the shopper can correct it; capped so an absurd post cannot bloat the flash cookie.
    typed: typeof raw === "string" ? raw.slice(0, EMAIL_MAX_LENGTH) : "",
  };
}

/**
 * Double opt-in (decision 0016): nothing arrives until the e-mailed link is followed. A shop that sends no e-mail
 * keeps the confirmation in its outbox until mail is set up, and promises none.
 */
export function subscribedNotice(sendsMail: boolean) {
  return {
    title: "Subscribed!",
    description: sendsMail
      ? "Please check your email to confirm your subscription."
      : "Your address is kept: we will ask you to confirm it once our newsletter starts.",
  };
}

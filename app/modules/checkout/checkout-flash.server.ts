import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { checkoutFieldNames } from "~/modules/checkout/shipping-schema";
import { signedCookie } from "~/utils/cookies.server";

/**
 * What the checkout page shows after a post answered with a redirect (post/redirect/get, decision 0028): what the
 * shopper typed and what was refused. A flash cookie under /checkout, read once by its loader, so that the browser's
 * history holds a GET of the page, not a POST that Back would offer to send again.
 */
const checkoutFormCookie = signedCookie("checkout-form", { maxAge: 60 * 5, path: "/checkout" });

const flashSchema = z.object({
  values: z.record(z.string().max(4_000)),
  errors: z.record(z.array(z.string().max(300)).max(5)),
});
export type CheckoutFlash = z.infer<typeof flashSchema>;

/**
 * Bytes of typed text a flash may carry: with the messages, base64 and the signature, the cookie stays well under
 * the 4 KB a browser keeps. Only absurd input (a pasted page in one field) goes past it.
 */
const TYPED_BYTES_BUDGET = 2_000;

/** The form's own fields as posted (the first value of each; none of what a crafted post adds), cut to fit a cookie. */
export function typedCheckoutValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of checkoutFieldNames) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return fitToBudget(values);
}

/** Halves the longest value until the whole fits: what is kept of an over-long field still reads as what was typed. */
function fitToBudget(values: Record<string, string>): Record<string, string> {
  const fitted = { ...values };
  const size = () => Buffer.byteLength(JSON.stringify(fitted));
  while (size() > TYPED_BYTES_BUDGET) {
    const [longest] = Object.entries(fitted).sort(([, a], [, b]) => b.length - a.length);
    if (!longest) break;
    fitted[longest[0]] = Array.from(longest[1]).slice(0, Math.floor(Array.from(longest[1]).length / 2)).join("");
  }
  return fitted;
}

export async function checkoutFlashHeader(flash: CheckoutFlash): Promise<string> {
  return checkoutFormCookie.write(flash);
}

/**
 * The pending flash as conform's last result (the values, and the errors when there are any), and the Set-Cookie
 * that clears it (null when there is none).
 */
export async function takeCheckoutFlash(
  request: Request,
): Promise<{ lastResult: SubmissionResult<string[]> | null; clearHeader: string | null }> {
  const { value, clearHeader } = await checkoutFormCookie.take(request, flashSchema);
  if (!value) return { lastResult: null, clearHeader };
  const refused = Object.values(value.errors).some((messages) => messages.length > 0);
  return {
    lastResult: refused ? { status: "error", initialValue: value.values, error: value.errors } : { initialValue: value.values },
    clearHeader,
  };
}

import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";

import { flashCookie, type ResponseJar } from "~/http/cookies.server";
import { savedAddressFieldNames } from "~/modules/checkout/saved-address-choice";
import { checkoutFieldNames } from "~/modules/checkout/shipping-schema";

/**
 * What the checkout page shows after a post answered with a redirect (post/redirect/get, decision 0028): what the
 * shopper typed and what was refused. A flash cookie under /checkout, read once by its loader, so that the browser's
 * history holds a GET of the page, not a POST that Back would offer to send again.
 */
const flashSchema = z.object({
  values: z.record(z.string().max(4_000)),
  errors: z.record(z.array(z.string().max(300)).max(5)),
});
export type CheckoutFlash = z.infer<typeof flashSchema>;

const checkoutFormCookie = flashCookie("checkout-form", flashSchema, { maxAge: 60 * 5, path: "/checkout" });

/**
 * Bytes of typed text a flash may carry: with the messages, base64 and the signature, the cookie stays well under
 * the 4 KB a browser keeps. Only absurd input (a pasted page in one field) goes past it.
 */
const TYPED_BYTES_BUDGET = 2_000;

/** The form's own fields as posted (the first value of each; none of what a crafted post adds), cut to fit a cookie. */
export function typedCheckoutValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...checkoutFieldNames, ...savedAddressFieldNames]) {
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
    fitted[longest[0]] = Array.from(longest[1])
      .slice(0, Math.floor(Array.from(longest[1]).length / 2))
      .join("");
  }
  return fitted;
}

export function setCheckoutFlash(context: ResponseJar, flash: CheckoutFlash): Promise<void> {
  return checkoutFormCookie.set(context, flash);
}

/** The pending flash, read once, as conform's last result (the values, and the errors when there are any), or null. */
export async function takeCheckoutFlash(
  request: Request,
  context: ResponseJar,
): Promise<SubmissionResult<string[]> | null> {
  const value = await checkoutFormCookie.take(request, context);
  if (!value) return null;
  const refused = Object.values(value.errors).some((messages) => messages.length > 0);
  return refused
    ? { status: "error", initialValue: value.values, error: value.errors }
    : { initialValue: value.values };
}

import { z } from "zod";

import { shippingMethodIds } from "~/backend/constants";
import { refusingControlCharacters } from "~/forms/form-text";
import { shippingMethodProblem } from "~/modules/checkout/shipping";

const FORM_EXPIRED = "This form has expired. Please reload the page.";
const CHOOSE_SHIPPING = "Please choose a shipping method.";

/**
 * A text field: trimmed, required with the spec's message, and at most `max` characters. Longer text is refused with
 * a message that names the field (the page renders no `maxlength`, which would cut a paste short without a word).
 */
const text = (label: string, required: string, max: number, min = 1) =>
  z
    .string({ required_error: required })
    .trim()
    .min(min, required)
    .max(max, `${label} must be ${max} characters or fewer.`);

/** Who and where an order goes: the checkout's fields, and a member's saved address (decision 0044). */
export const addressFields = () => ({
  firstName: text("First name", "First name is required", 100),
  lastName: text("Last name", "Last name is required", 100),
  phone: text("Phone", "Valid phone number is required", 30, 10),
  address: text("Address", "Address is required", 200),
  city: text("City", "City is required", 100),
  state: text("State", "State is required", 100),
  zipCode: text("ZIP code", "Valid zip code is required", 12, 5),
  country: text("Country", "Country is required", 100),
});

/**
 * The checkout form (docs/product.md, Rules: every field with its own message, and the shipping method). Used by
 * the action through conform's parseWithZod and in the browser through useForm, so both sides say the same thing.
 * Marked pure so that the checkout page's own code leaves zod out: the browser loads it on demand (useZodForm).
 */
export const shippingSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      ...addressFields(),
      email: text("Email", "Valid email is required", 254).pipe(z.string().email("Valid email is required")),
      shippingMethod: z.enum(shippingMethodIds, { errorMap: () => ({ message: CHOOSE_SHIPPING }) }),
      /** Issued with the form; a repeated submission with the same key returns the first order. */
      idempotencyKey: z.string({ required_error: FORM_EXPIRED }).regex(/^[A-Za-z0-9_-]{16,200}$/, FORM_EXPIRED),
    })
    // A US method for an address abroad, or International at home: said on the method, before the database says it.
    .superRefine((form, context) => {
      const problem = shippingMethodProblem(form.country, form.shippingMethod);
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, path: ["shippingMethod"], message: problem });
    }),
);
export type ShippingForm = z.infer<typeof shippingSchema>;

/** The form's fields, in the order the page shows them (what a refused post keeps). */
export const checkoutFieldNames = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "country",
  "shippingMethod",
  "idempotencyKey",
] as const satisfies ReadonlyArray<keyof ShippingForm>;

export const DEFAULT_COUNTRY = "United States";

import { z } from "zod";
import { refusingControlCharacters } from "~/utils/form-text";

const required = (message: string, max = 100) => z.string({ required_error: message }).trim().min(1, message).max(max, "This is too long.");
const FORM_EXPIRED = "This form has expired. Please reload the page.";

/**
 * The checkout form (spec 5: every rule and message as written). Used by the action through conform's
 * parseWithZod and in the browser through useForm, so both sides say the same thing. Marked pure so that the
 * checkout page's own code leaves zod out: the browser loads it on demand (useZodForm).
 */
export const shippingSchema = /* @__PURE__ */ refusingControlCharacters(z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: z.string({ required_error: "Valid email is required" }).trim().max(254, "This is too long.").email("Valid email is required"),
  phone: z.string({ required_error: "Valid phone number is required" }).trim().min(10, "Valid phone number is required").max(30, "This is too long."),
  address: required("Address is required", 200),
  city: required("City is required"),
  state: required("State is required"),
  zipCode: z.string({ required_error: "Valid zip code is required" }).trim().min(5, "Valid zip code is required").max(12, "This is too long."),
  country: required("Country is required"),
  /** Issued with the form; a repeated submission with the same key returns the first order. */
  idempotencyKey: z
    .string({ required_error: FORM_EXPIRED })
    .regex(/^[A-Za-z0-9_-]{16,200}$/, FORM_EXPIRED),
}));
export type ShippingForm = z.infer<typeof shippingSchema>;

export const DEFAULT_COUNTRY = "United States";

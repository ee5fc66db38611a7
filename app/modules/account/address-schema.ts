import { z } from "zod";

import type { ShippingAddress } from "~/backend/ports/orders";
import { refusingControlCharacters } from "~/forms/form-text";
import { addressFields } from "~/modules/checkout/shipping-schema";

/**
 * A member's saved address on /profile (decision 0044): the checkout's address fields with the checkout's messages,
 * and whether it becomes the default. Marked pure, like the checkout's schema, so the page's own code leaves zod out.
 */
export const savedAddressSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    ...addressFields(),
    makeDefault: z.literal("on").optional(),
  }),
);
export type SavedAddressForm = z.infer<typeof savedAddressSchema>;

/** The fields of an address, in the order the forms show them. */
export const addressFieldNames = [
  "firstName",
  "lastName",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "country",
] as const satisfies ReadonlyArray<keyof ShippingAddress>;

/** The address part of a form's values (or a saved address): what an order ships to. */
export function addressOf(values: Partial<Record<keyof ShippingAddress, unknown>>): ShippingAddress {
  return Object.fromEntries(
    addressFieldNames.map((name) => [name, typeof values[name] === "string" ? values[name] : ""]),
  ) as unknown as ShippingAddress;
}

/** The same address, as a shopper would read it: each field trimmed, letter case kept. */
export function sameAddress(
  a: Partial<Record<keyof ShippingAddress, unknown>>,
  b: Partial<Record<keyof ShippingAddress, unknown>>,
): boolean {
  const left = addressOf(a);
  const right = addressOf(b);
  return addressFieldNames.every((name) => left[name].trim() === right[name].trim());
}

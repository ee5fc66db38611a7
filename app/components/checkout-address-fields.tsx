import type { FieldMetadata } from "@conform-to/react";

import { TextField } from "./form-field";

/** The checkout's address fields, in the order the form shows them (two columns from the small breakpoint). */
const ADDRESS_FIELDS = [
  { name: "firstName", label: "First Name", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "address", label: "Address", autoComplete: "address-line1", className: "sm:col-span-2" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "state", label: "State", autoComplete: "address-level1" },
  { name: "zipCode", label: "ZIP Code", autoComplete: "postal-code" },
  { name: "country", label: "Country", autoComplete: "country-name" },
] as const satisfies readonly {
  name: string;
  label: string;
  type?: "email" | "tel";
  autoComplete: string;
  className?: string;
}[];

type AddressFieldName = (typeof ADDRESS_FIELDS)[number]["name"];

/**
 * Who and where the order goes: conform's fields of the shipping schema. A saved address on /profile (decision 0044)
 * draws the same fields, those its form has (no e-mail), under its own legend.
 */
export function CheckoutAddressFields<FormSchema extends Record<string, unknown>>({
  fields,
  firstInvalid,
  legend = "Shipping Information",
}: {
  fields: Partial<Record<AddressFieldName, FieldMetadata<string | undefined, FormSchema, string[]>>>;
  firstInvalid: string | undefined;
  legend?: string;
}) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-sand-200 p-6">
      <legend className="px-2 text-lg font-semibold text-ink">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {ADDRESS_FIELDS.map(({ name, ...attributes }) => {
          const field = fields[name];
          return field && <TextField key={name} field={field} firstInvalid={firstInvalid} {...attributes} />;
        })}
      </div>
    </fieldset>
  );
}

import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { CheckboxField, FormErrors, TextAreaField, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { productCategories } from "~/modules/catalog/product";
import {
  CATEGORY_FIELDS,
  categoryLabels,
  SAVE_CODE_INTENT,
  type DiscountCodeFormSchema,
} from "~/modules/discounts/admin-form";
import { AdminPanel } from "./admin-panel";

/** A conform field as a group of radio buttons, each row a 44 px touch target, with the group's errors. */
export function RadioGroupField<Value, Schema extends Record<string, unknown>>({
  legend,
  field,
  options,
  firstInvalid,
}: {
  legend: string;
  field: FieldMetadata<Value, Schema, string[]>;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  firstInvalid: string | undefined;
}) {
  const errors = field.errors ?? [];
  return (
    <fieldset aria-describedby={errors.length ? field.errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-x-6">
        {options.map((option, index) => {
          const { key: _key, ...props } = getInputProps(field, { type: "radio", value: option.value });
          const id = `${field.id}-${option.value}`;
          return (
            <label key={option.value} htmlFor={id} className="inline-flex min-h-11 items-center gap-2 text-sm text-ink">
              <input
                {...props}
                id={id}
                // The first field the server refused gets the cursor, as TextField's do.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus={firstInvalid === field.name && index === 0}
                className="size-5 accent-brand-700"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {errors.length ? (
        <ul id={field.errorId} className="mt-1 text-sm font-medium text-red-700">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/**
 * A discount code's editor (/admin/discounts/new and /admin/discounts/:id): what it gives, from how much, when, how
 * often and for which products, in one form the server checks with DiscountCodeFormSchema. Every field shows at once
 * (the ones a kind does not use are simply ignored), so it works the same without JavaScript.
 */
export function AdminDiscountForm({
  path,
  creating,
  defaults,
  constraint,
  lastResult,
  timeZone,
}: {
  path: string;
  creating: boolean;
  defaults: Record<string, string>;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The shop's time zone, which the days are read in. */
  timeZone: string;
}) {
  const busy = useIsPosting(path);
  const [form, fields, firstInvalid, formEngine] = useZodForm<typeof DiscountCodeFormSchema>({
    id: "discount-code",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/discounts/admin-form").then((module) => module.DiscountCodeFormSchema),
    constraint,
    lastResult,
    defaultValue: defaults,
  });
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      {formEngine}
      <input type="hidden" name="intent" value={SAVE_CODE_INTENT} />
      <input type="hidden" name={fields.version.name} value={defaults.version ?? ""} />
      <FormErrors id={form.errorId} errors={form.errors} />

      <AdminPanel id="code-gives-heading" title="What it gives">
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Code"
            field={fields.code}
            firstInvalid={firstInvalid}
            autoComplete="off"
            hint="What shoppers type, in any case: letters, digits, - and _."
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <RadioGroupField
              legend="The discount"
              field={fields.kind}
              firstInvalid={firstInvalid}
              options={[
                { value: "percent", label: "A percentage off" },
                { value: "amount", label: "An amount off" },
                { value: "free_shipping", label: "Free shipping" },
              ]}
            />
          </div>
          <TextField
            label="Percentage off (for a percentage)"
            field={fields.percentOff}
            firstInvalid={firstInvalid}
            hint="A whole number from 1 to 100, of the items the code is for."
          />
          <TextField
            label="Amount off ($, for an amount)"
            field={fields.amountOff}
            firstInvalid={firstInvalid}
            hint="Never more than the items the code is for."
          />
          <TextField
            label="Minimum of those items ($, optional)"
            field={fields.minimum}
            firstInvalid={firstInvalid}
            hint="The items the code is for must come to this or more."
          />
        </div>
      </AdminPanel>

      <AdminPanel id="code-when-heading" title="When and how often">
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <DayField label="First day (optional)" field={fields.startsOn} firstInvalid={firstInvalid} />
          <DayField label="Last day (optional)" field={fields.endsOn} firstInvalid={firstInvalid} />
          <p className="text-xs text-ink-muted sm:col-span-2">
            Whole days in the shop&rsquo;s time zone ({timeZone}), both included.
          </p>
          <TextField
            label="Uses in all (optional)"
            field={fields.usageLimit}
            firstInvalid={firstInvalid}
            hint="Orders that used it; a cancelled order gives its use back. Blank: no limit."
          />
          <CheckboxField
            label="One use per customer (by e-mail address, member or guest)"
            field={fields.oncePerCustomer}
            className="sm:pt-6"
          />
        </div>
      </AdminPanel>

      <AdminPanel id="code-scope-heading" title="Products it is for">
        <div className="mt-3 space-y-4">
          <RadioGroupField
            legend="Applies to"
            field={fields.appliesTo}
            firstInvalid={firstInvalid}
            options={[
              { value: "all", label: "Every product" },
              { value: "chosen", label: "Chosen categories, products or variants" },
            ]}
          />
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-ink">Categories</legend>
            <div className="grid gap-x-6 sm:grid-cols-2">
              {productCategories.map((category) => (
                <CheckboxField
                  key={category}
                  label={categoryLabels[category]}
                  field={fields[CATEGORY_FIELDS[category]]}
                />
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextAreaField
              label="Products (their ids, one a line)"
              textareaProps={{
                ...getTextareaProps(fields.products),
                rows: 3,
                autoFocus: firstInvalid === fields.products.name,
              }}
              errors={fields.products.errors}
              errorId={fields.products.errorId}
              hint="Every variant of each; the id is in the product's address, e.g. clip-1."
            />
            <TextAreaField
              label="Variants (their SKUs, one a line)"
              textareaProps={{
                ...getTextareaProps(fields.variants),
                rows: 3,
                autoFocus: firstInvalid === fields.variants.name,
              }}
              errors={fields.variants.errors}
              errorId={fields.variants.errorId}
            />
          </div>
          <p className="text-xs text-ink-muted">A cart line counts when its category, product or variant is chosen.</p>
        </div>
      </AdminPanel>

      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {creating ? "Create code" : "Save code"}
      </button>
    </Form>
  );
}

/** A day, with the browser's date picker (a plain text field of YYYY-MM-DD where it has none). */
function DayField<Value, Schema extends Record<string, unknown>>({
  label,
  field,
  firstInvalid,
}: {
  label: string;
  field: FieldMetadata<Value, Schema, string[]>;
  firstInvalid: string | undefined;
}) {
  return (
    <TextField
      label={label}
      field={field}
      firstInvalid={firstInvalid}
      placeholder="2026-12-31"
      renderControl={(props) => <input {...props} type="date" className="input" />}
    />
  );
}

import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useRef } from "react";

import { CheckboxField, FormErrors, SelectField, TextAreaField, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import {
  MAX_VARIANTS,
  SAVE_PRODUCT_INTENT,
  type productFormDefaults,
  type ProductFormSchema,
} from "~/modules/admin/product-forms";
import { productStatusLabels } from "~/modules/admin/product-list";
import { productCategories, productStatuses, type ProductCategory } from "~/modules/catalog/product";
import { AdminPanel } from "./admin-panel";

const categoryLabels: Record<ProductCategory, string> = {
  "clip-in": "Clip-in extensions",
  "tape-in": "Tape-in extensions",
  wigs: "Wigs",
  accessories: "Accessories",
};

type Fields = ReturnType<typeof useZodForm<typeof ProductFormSchema>>[1];

/** The variants as stored, by id: a stored tracked count changes only through the stock form. */
export type StoredVariants = Record<string, { stockOnHand: number | null }>;

/**
 * The product editor (issue 38): every field of a product, its options and its variants, in one form that the server
 * checks with ProductFormSchema. Adding or removing a variant is conform's list intent: without JavaScript the server
 * draws the form again with the row added or gone and nothing saved; with it, conform does so in place.
 */
export function AdminProductForm({
  path,
  creating,
  version,
  defaults,
  storedVariants,
  constraint,
  lastResult,
}: {
  path: string;
  creating: boolean;
  version: number | null;
  defaults: ReturnType<typeof productFormDefaults>;
  storedVariants: StoredVariants;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPosting(path);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "product",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/product-forms").then((module) => module.ProductFormSchema),
    constraint,
    lastResult,
    defaultValue: defaults,
  });
  const variants = fields.variants.getFieldList();
  const rowKeys = useVariantRowKeys(variants.map((variant) => variant.key));
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      {formEngine}
      <input type="hidden" name="intent" value={SAVE_PRODUCT_INTENT} />
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />

      <AdminPanel id="product-details-heading" title="Details">
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField label="Name" field={fields.name} firstInvalid={firstInvalid} className="sm:col-span-2" />
          {creating ? (
            <TextField
              label="Id (in the product's address)"
              field={fields.id}
              firstInvalid={firstInvalid}
              hint="Lower-case letters, digits and dashes. Leave blank to make it from the name. It cannot change later."
              className="sm:col-span-2"
            />
          ) : null}
          <TextAreaField
            label="Description"
            textareaProps={{
              ...getTextareaProps(fields.description),
              rows: 5,
              autoFocus: firstInvalid === fields.description.name,
            }}
            errors={fields.description.errors}
            errorId={fields.description.errorId}
            className="sm:col-span-2"
          />
          <SelectField
            label="Category"
            field={fields.category}
            options={productCategories.map((value) => ({ value, label: categoryLabels[value] }))}
            firstInvalid={firstInvalid}
          />
          <SelectField
            label="Status"
            field={fields.status}
            options={productStatuses.map((value) => ({ value, label: productStatusLabels[value] }))}
            firstInvalid={firstInvalid}
          />
          <TextField label="Colour" field={fields.color} firstInvalid={firstInvalid} />
          <TextField label="Length (optional)" field={fields.length} firstInvalid={firstInvalid} />
          <TextField label="Texture (optional)" field={fields.texture} firstInvalid={firstInvalid} />
          <TextField
            label="Position in the shop's order"
            field={fields.featuredPosition}
            firstInvalid={firstInvalid}
            hint="Lower comes first; the home page shows the first four active products. Blank: last."
          />
          <TextField label="Rating (0 to 5)" field={fields.rating} firstInvalid={firstInvalid} />
          <TextField label="Review count" field={fields.reviewCount} firstInvalid={firstInvalid} />
          <CheckboxField label="Show the New badge" field={fields.isNew} />
          <CheckboxField label="Show the Sale badge" field={fields.isSale} />
          <TextAreaField
            label="Features (one per line)"
            textareaProps={{
              ...getTextareaProps(fields.features),
              rows: 4,
              autoFocus: firstInvalid === fields.features.name,
            }}
            errors={fields.features.errors}
            errorId={fields.features.errorId}
          />
          <TextAreaField
            label='Specifications (one "Name: Value" per line)'
            textareaProps={{
              ...getTextareaProps(fields.specifications),
              rows: 4,
              autoFocus: firstInvalid === fields.specifications.name,
            }}
            errors={fields.specifications.errors}
            errorId={fields.specifications.errorId}
          />
        </div>
      </AdminPanel>

      <AdminPanel id="product-options-heading" title="Options">
        <p className="mt-1 text-sm text-ink-muted">
          What a shopper chooses between, e.g. Length and Shade. Each variant has a value for each option.
        </p>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <TextField label="First option" field={fields.option1} firstInvalid={firstInvalid} />
          <TextField label="Second option (optional)" field={fields.option2} firstInvalid={firstInvalid} />
          <TextField label="Third option (optional)" field={fields.option3} firstInvalid={firstInvalid} />
        </div>
      </AdminPanel>

      <AdminPanel id="product-variants-heading" title="Variants">
        <FormErrors
          id={fields.variants.errorId}
          errors={fields.variants.errors ?? undefined}
          className="mt-3 rounded-lg p-3"
        />
        <ol className="mt-3 space-y-4">
          {variants.map((variant, index) => (
            <VariantFields
              key={rowKeys[index]}
              fields={variant.getFieldset()}
              index={index}
              optionNames={optionLabels(fields)}
              stored={storedVariants[String(variant.getFieldset().id.initialValue ?? "")]}
              firstInvalid={firstInvalid}
              removeButton={
                variants.length > 1 ? form.remove.getButtonProps({ name: fields.variants.name, index }) : null
              }
            />
          ))}
        </ol>
        {variants.length < MAX_VARIANTS ? (
          <button
            {...form.insert.getButtonProps({ name: fields.variants.name, defaultValue: { trackStock: "on" } })}
            className="btn-outline mt-4"
          >
            Add a variant
          </button>
        ) : null}
      </AdminPanel>

      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {creating ? "Create product" : "Save product"}
        </button>
      </div>
    </Form>
  );
}

/**
 * The variant rows' React keys. Before conform runs a row's key is its index. conform gives each list item a random key
 * when it starts (on the first focus in the form) and keeps it as items move; taking those keys at the start would
 * remount every row and lose what was typed before conform arrived. So each item conform started with keeps its row's
 * first key, wherever it moves; only an item added since takes conform's own.
 */
function useVariantRowKeys(conformKeys: Array<string | undefined>): string[] {
  const started = useRef<Map<string, string> | null>(null);
  if (started.current === null && conformKeys.length > 0 && conformKeys.every(Boolean))
    started.current = new Map(conformKeys.map((key, index) => [key!, String(index)]));
  return conformKeys.map((key, index) => (key ? (started.current?.get(key) ?? key) : String(index)));
}

/** The options' names as the form holds them, for the variants' value labels. */
function optionLabels(fields: Fields): string[] {
  return [fields.option1, fields.option2, fields.option3].map(
    (field, index) => String(field.value ?? field.initialValue ?? "").trim() || `Option ${index + 1}`,
  );
}

type VariantFieldset = ReturnType<Fields["variants"]["getFieldList"]>[number] extends { getFieldset: () => infer F }
  ? F
  : never;

function VariantFields({
  fields,
  index,
  optionNames,
  stored,
  firstInvalid,
  removeButton,
}: {
  fields: VariantFieldset;
  index: number;
  optionNames: string[];
  stored: { stockOnHand: number | null } | undefined;
  firstInvalid: string | undefined;
  removeButton: Record<string, unknown> | null;
}) {
  const tracked = stored !== undefined && stored.stockOnHand !== null;
  return (
    <li className="rounded-xl border border-sand-200 bg-sand-50 p-3">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Variant {index + 1}</legend>
        <input type="hidden" name={fields.id.name} value={String(fields.id.initialValue ?? "")} />
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {([fields.value1, fields.value2, fields.value3] as const).map((field, option) => (
            <TextField key={field.name} label={optionNames[option]} field={field} firstInvalid={firstInvalid} />
          ))}
          <TextField label="SKU" field={fields.sku} firstInvalid={firstInvalid} />
          <TextField label="Price ($)" field={fields.price} firstInvalid={firstInvalid} />
          <TextField label="Compare-at price ($, optional)" field={fields.compareAt} firstInvalid={firstInvalid} />
          <CheckboxField label="Track stock" field={fields.trackStock} />
          {tracked ? (
            <p className="text-sm text-ink-muted sm:pt-7">
              {stored.stockOnHand} on hand: change it under Stock.
              <input type="hidden" name={fields.stock.name} value={String(stored.stockOnHand)} />
            </p>
          ) : (
            <TextField label="Units on hand (when tracked)" field={fields.stock} firstInvalid={firstInvalid} />
          )}
          <TextField label="Low-stock alert at (optional)" field={fields.lowStock} firstInvalid={firstInvalid} />
        </div>
        {removeButton ? (
          <button {...removeButton} className="btn-outline mt-3 text-red-700">
            Remove variant {index + 1}
          </button>
        ) : null}
      </fieldset>
    </li>
  );
}

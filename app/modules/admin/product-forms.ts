import { z } from "zod";

import type { ProductInput, VariantInput } from "~/backend/ports/catalogue";
import { refusingControlCharacters } from "~/forms/form-text";
import {
  PRODUCT_ID_MAX_LENGTH,
  PRODUCT_ID_PATTERN,
  productCategories,
  productStatuses,
  type Product,
} from "~/modules/catalog/product";

// The back office's product editor and stock forms (issue 38): one zod schema per form, used by conform on both
// sides, with the limits the database checks too (20261202000100_catalogue_in_the_database.sql). The editor's
// components never import this module statically: the browser loads it on the first focus inside the form.

export const SAVE_PRODUCT_INTENT = "save-product";
export const CHANGE_STOCK_INTENT = "change-stock";

export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
const MAX_FEATURES = 20;
const MAX_SPECIFICATIONS = 30;
const MAX_STOCK = 1_000_000;
const MAX_PRICE_CENTS = 100_000_000;
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A required text field, trimmed: conform sends a blank one as absent, and one of spaces is blank too. */
const requiredText = (label: string, max: number) =>
  z
    .string({ required_error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} can have at most ${max} characters.`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `The ${label} can have at most ${max} characters.`).optional();

/** "$1,234.50", "1234.5" or "12": whole cents, or undefined for text that is not an amount. */
export function parseDollars(text: string): number | undefined {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]!.replace(/,/g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

const dollars = (label: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents === undefined || cents > MAX_PRICE_CENTS) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: `Enter the ${label} in dollars, e.g. 129.99.` });
        return z.NEVER;
      }
      return cents;
    });

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(min, `The ${label} must be between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}.`)
    .max(max, `The ${label} must be between ${min.toLocaleString("en-US")} and ${max.toLocaleString("en-US")}.`);

const VariantFieldsSchema = z.object({
  /** Kept for an existing variant (hidden); a new one gets its id from the product's and its options. */
  id: z.string().regex(PRODUCT_ID_PATTERN, "This variant's id is not valid.").optional(),
  sku: z
    .string({ required_error: "Enter the SKU." })
    .trim()
    .min(1, "Enter the SKU.")
    .regex(
      SKU_PATTERN,
      "Use letters, digits, dots, dashes and underscores (up to 64), starting with a letter or digit.",
    ),
  value1: optionalText("option value", 60),
  value2: optionalText("option value", 60),
  value3: optionalText("option value", 60),
  price: dollars("price").optional(),
  compareAt: dollars("compare-at price").optional(),
  trackStock: z.boolean().optional(),
  stock: wholeNumber("stock", 0, MAX_STOCK).optional(),
  lowStock: wholeNumber("low-stock alert", 0, MAX_STOCK).optional(),
});

const ProductFieldsSchema = z.object({
  /** Only when creating: blank takes it from the name. */
  id: z
    .string()
    .trim()
    .max(PRODUCT_ID_MAX_LENGTH, `The id can have at most ${PRODUCT_ID_MAX_LENGTH} characters.`)
    .regex(PRODUCT_ID_PATTERN, "Use lower-case letters, digits and dashes, starting with a letter or digit.")
    .optional(),
  name: requiredText("name", 120),
  description: requiredText("description", 5000),
  category: z.enum(productCategories, { errorMap: () => ({ message: "Choose a category." }) }),
  length: optionalText("length", 60),
  color: requiredText("colour", 60),
  texture: optionalText("texture", 60),
  features: z
    .string()
    .optional()
    .transform((text) => lines(text))
    .refine((features) => features.length <= MAX_FEATURES, `List at most ${MAX_FEATURES} features.`)
    .refine((features) => features.every((line) => line.length <= 200), "Keep each feature to 200 characters."),
  specifications: z
    .string()
    .optional()
    .transform((text, context) => {
      const pairs = lines(text).map((line) => {
        const colon = line.indexOf(":");
        return colon > 0 ? ([line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as [string, string]) : null;
      });
      if (pairs.some((pair) => !pair || !pair[1])) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: 'Write each specification as "Name: Value".' });
        return z.NEVER;
      }
      if (pairs.length > MAX_SPECIFICATIONS) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `List at most ${MAX_SPECIFICATIONS} specifications.`,
        });
        return z.NEVER;
      }
      return pairs as Array<[string, string]>;
    }),
  rating: z.coerce
    .number({ invalid_type_error: "Enter a rating from 0 to 5." })
    .min(0, "Enter a rating from 0 to 5.")
    .max(5, "Enter a rating from 0 to 5.")
    .optional(),
  reviewCount: wholeNumber("review count", 0, 10_000_000).optional(),
  isNew: z.boolean().optional(),
  isSale: z.boolean().optional(),
  status: z.enum(productStatuses, { errorMap: () => ({ message: "Choose a status." }) }),
  featuredPosition: wholeNumber("position", 0, 1_000_000).optional(),
  option1: requiredText("first option's name (e.g. Length)", 40),
  option2: optionalText("option name", 40),
  option3: optionalText("option name", 40),
  variants: z
    .array(VariantFieldsSchema)
    .min(1, "A product needs at least one variant.")
    .max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants.`),
});

export const ProductFormSchema = refusingControlCharacters(ProductFieldsSchema.superRefine(checkVariants));

export type ProductFormValue = z.output<typeof ProductFieldsSchema>;
type VariantFields = z.output<typeof VariantFieldsSchema>;

const lines = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const optionNames = (value: Pick<ProductFormValue, "option1" | "option2" | "option3">) =>
  [value.option1, value.option2, value.option3].filter((name): name is string => Boolean(name));

const optionValues = (variant: VariantFields, count: number) =>
  [variant.value1, variant.value2, variant.value3].slice(0, count).map((value) => value ?? "");

/** What one field cannot say: every option has a value, each choice is one variant, SKUs differ, prices make sense. */
function checkVariants(form: ProductFormValue, context: z.RefinementCtx) {
  if (!form.option2 && form.option3)
    context.addIssue({ code: "custom", path: ["option2"], message: "Name the second option before the third." });
  const names = optionNames(form);
  const seenChoices = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  form.variants.forEach((variant, index) => {
    const at = (field: string) => ["variants", index, field];
    optionValues(variant, names.length).forEach((optionValue, option) => {
      if (!optionValue)
        context.addIssue({ code: "custom", path: at(`value${option + 1}`), message: `Enter its ${names[option]}.` });
    });
    const choice = optionValues(variant, names.length).join("\u0000").toLowerCase();
    if (seenChoices.has(choice))
      context.addIssue({
        code: "custom",
        path: at("value1"),
        message: `Variant ${seenChoices.get(choice)! + 1} has the same options.`,
      });
    else seenChoices.set(choice, index);
    const sku = variant.sku.toLowerCase();
    if (seenSkus.has(sku))
      context.addIssue({ code: "custom", path: at("sku"), message: `Variant ${seenSkus.get(sku)! + 1} has this SKU.` });
    else seenSkus.set(sku, index);
    if (variant.price === undefined)
      context.addIssue({ code: "custom", path: at("price"), message: "Enter the price in dollars, e.g. 129.99." });
    else if (variant.compareAt !== undefined && variant.compareAt <= variant.price)
      context.addIssue({
        code: "custom",
        path: at("compareAt"),
        message: "The compare-at price must be above the price.",
      });
  });
}

/** "Silky Straight Wig, 22″!" -> "silky-straight-wig-22": a readable id for a new product or variant. */
export function slugify(text: string, max = PRODUCT_ID_MAX_LENGTH): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/**
 * The product to save, from the form and the product as stored (null when creating): its images and each kept
 * variant's own images stay as they are (the photos page changes them); a new variant's id is made from the
 * product's and its options, so that its URL reads well.
 */
export function toProductInput(value: ProductFormValue, current: Product | null): ProductInput {
  const id = current?.id ?? (value.id || slugify(value.name));
  const names = optionNames(value);
  const taken = new Set(value.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const variants = value.variants.map((variant): VariantInput => {
    const values = optionValues(variant, names.length);
    const kept = current?.variants.find((existing) => existing.id === variant.id);
    const variantId =
      kept?.id ?? uniqueId(value.variants.length === 1 ? id : `${id}-${slugify(values.join(" "))}`, taken);
    taken.add(variantId);
    return {
      id: variantId,
      sku: variant.sku,
      optionValues: values,
      priceCents: variant.price!,
      compareAtCents: variant.compareAt ?? null,
      trackStock: Boolean(variant.trackStock),
      stockOnHand: variant.trackStock ? (kept?.stockOnHand ?? variant.stock ?? 0) : null,
      lowStockThreshold: variant.trackStock ? (variant.lowStock ?? null) : null,
      imageIds: kept?.images.map((image) => image.id) ?? [],
    };
  });
  return {
    id,
    name: value.name,
    description: value.description,
    category: value.category,
    length: value.length || null,
    color: value.color,
    texture: value.texture || null,
    rating: value.rating ?? current?.rating ?? 0,
    reviewCount: value.reviewCount ?? current?.reviewCount ?? 0,
    isNew: Boolean(value.isNew),
    isSale: Boolean(value.isSale),
    features: value.features,
    specifications: value.specifications,
    options: names,
    status: value.status,
    featuredPosition: value.featuredPosition ?? current?.featuredPosition ?? null,
    images: current?.images.map((image) => ({ id: image.id, alt: image.alt })) ?? [],
    variants,
  };
}

function uniqueId(wanted: string, taken: ReadonlySet<string>): string {
  const base = slugify(wanted) || "variant";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base.slice(0, PRODUCT_ID_MAX_LENGTH - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The editor's fields for a stored product (or a new one's starting values). */
export function productFormDefaults(product: Product | null) {
  if (!product)
    return {
      status: "draft",
      category: "clip-in",
      option1: "Length",
      option2: "Shade",
      variants: [{ trackStock: "on" }],
    };
  const amount = (dollarsValue: number | undefined) => dollarsValue?.toFixed(2);
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    length: product.length,
    color: product.color,
    texture: product.texture,
    features: product.features.join("\n"),
    specifications: product.specifications.map(([name, value]) => `${name}: ${value}`).join("\n"),
    rating: String(product.rating),
    reviewCount: String(product.reviewCount),
    isNew: product.isNew ? "on" : undefined,
    isSale: product.isSale ? "on" : undefined,
    status: product.status,
    featuredPosition: String(product.featuredPosition),
    option1: product.options[0],
    option2: product.options[1],
    option3: product.options[2],
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      value1: variant.optionValues[0],
      value2: variant.optionValues[1],
      value3: variant.optionValues[2],
      price: amount(variant.price),
      compareAt: amount(variant.originalPrice),
      trackStock: variant.stockOnHand === null ? undefined : "on",
      stock: variant.stockOnHand === null ? undefined : String(variant.stockOnHand),
      lowStock: variant.lowStockThreshold === null ? undefined : String(variant.lowStockThreshold),
    })),
  };
}

/** Setting or adjusting one tracked variant's count, with the reason the stock history keeps. */
export const StockFormSchema = refusingControlCharacters(
  z.object({
    variantId: z.string({ required_error: "Choose a variant." }).regex(PRODUCT_ID_PATTERN, "Choose a variant."),
    mode: z.enum(["set", "adjust"], { errorMap: () => ({ message: "Choose set or adjust." }) }),
    amount: z.coerce
      .number({ required_error: "Enter a number of units.", invalid_type_error: "Enter a whole number of units." })
      .int("Enter a whole number of units.")
      .min(-MAX_STOCK, "Enter a number of units up to 1,000,000.")
      .max(MAX_STOCK, "Enter a number of units up to 1,000,000."),
    note: requiredText("reason (e.g. Restocked from supplier)", 500),
    expectedCount: z.coerce.number().int().min(0).max(MAX_STOCK).optional(),
  }),
);

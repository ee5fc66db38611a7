import type { z } from "zod";

import type { ProductInput, VariantInput } from "~/backend/ports/catalogue";
import type { Product, ProductVariant } from "~/modules/catalog/product";
import { FIELD_COLUMNS, groupFormValue, readProductCsv, type ImportGroup, type RowRefusal } from "./product-csv";
import { ProductFormSchema, toProductInput, type ProductFormValue } from "./product-forms";

// What a product CSV would change (issue 38, decision 0040): each product of the file checked by the editor's own
// schema, compared with the stored product field by field. Nothing here writes: the preview shows this plan, and the
// confirmation applies the same plan, made again from the same file, when the catalogue has not moved meanwhile.

export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

export interface StockChange {
  variantId: string;
  sku: string;
  from: number;
  to: number;
}

export interface PlannedProduct {
  id: string;
  name: string;
  /** The line of the file its first row is on. */
  line: number;
  kind: "create" | "change" | "same";
  /** Field by field, old -> new (stock counts are `stock`). Empty for a new product. */
  changes: FieldChange[];
  /** The save to make (a new product, or any field but a tracked count), at the version the plan was made from. */
  save: { input: ProductInput; expectedVersion: number | null } | null;
  /** Tracked counts to set, each through the stock path with the count the plan saw. */
  stock: StockChange[];
  variantCount: number;
}

export interface ImportPlan {
  products: PlannedProduct[];
  /** Bad rows by line: when there is any, nothing is applied. */
  refusals: RowRefusal[];
  /** Products of the shop the file does not name: left as they are. */
  untouched: number;
}

/** The plan for a file against the catalogue as it is now (every product, any status). */
export function planImport(text: string, catalogue: readonly Product[]): ImportPlan {
  const { groups, refusals } = readProductCsv(text);
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const variantOwner = new Map(catalogue.flatMap((p) => p.variants.map((v) => [v.id, p.id] as const)));
  const skuOwner = new Map(catalogue.flatMap((p) => p.variants.map((v) => [v.sku.toLowerCase(), p.id] as const)));
  const products: PlannedProduct[] = [];
  for (const group of groups) {
    const current = byId.get(group.handle) ?? null;
    const groupRefusals: RowRefusal[] = [];
    const planned = planProduct(group, current, groupRefusals, { variantOwner, skuOwner });
    if (groupRefusals.length > 0 || !planned) refusals.push(...groupRefusals);
    else products.push(planned);
  }
  refusals.sort((a, b) => a.line - b.line);
  const named = new Set(groups.map((group) => group.handle));
  return { products, refusals, untouched: catalogue.filter((product) => !named.has(product.id)).length };
}

const RESERVED_HANDLES = new Set(["new", "import", "export-csv"]);

interface Owners {
  variantOwner: ReadonlyMap<string, string>;
  skuOwner: ReadonlyMap<string, string>;
}

function planProduct(
  group: ImportGroup,
  current: Product | null,
  refusals: RowRefusal[],
  { variantOwner, skuOwner }: Owners,
): PlannedProduct | null {
  const first = group.rows[0]!;
  // The back office's own paths under /admin/products: a product with such an id could not be opened in the editor.
  if (!current && RESERVED_HANDLES.has(group.handle))
    refusals.push({
      line: first.line,
      message: `Handle: "${group.handle}" is a word the back office uses; choose another.`,
    });
  const fields = groupFormValue(group, current, refusals);
  group.rows.forEach((row) => {
    const variantId = row.cell("Variant ID");
    if (variantId && !current?.variants.some((variant) => variant.id === variantId)) {
      const owner = variantOwner.get(variantId);
      refusals.push({
        line: row.line,
        message: owner
          ? `Variant ID: "${variantId}" is a variant of another product (${owner}).`
          : `Variant ID: "${variantId}" is not a variant of this product; leave it blank for a new variant.`,
      });
    }
    const owner = skuOwner.get(row.cell("Variant SKU").toLowerCase());
    if (owner && owner !== group.handle)
      refusals.push({ line: row.line, message: `Variant SKU: "${row.cell("Variant SKU")}" is used by ${owner}.` });
  });
  // The stored variants the file does not list are kept as they are, after the listed ones.
  const listed = new Set(group.rows.map((row) => row.cell("Variant ID")).filter(Boolean));
  const kept = (current?.variants ?? []).filter((variant) => !listed.has(variant.id));
  const parsed = ProductFormSchema.safeParse({ ...fields, variants: [...fields.variants, ...kept.map(keptFields)] });
  if (!parsed.success) {
    refusals.push(...parsed.error.issues.map((issue) => issueRefusal(issue, group, kept)));
    return null;
  }
  if (refusals.length > 0) return null;
  const value = parsed.data as ProductFormValue;
  const input = toProductInput(value, current);
  const changes = current ? productChanges(current, input) : [];
  const stock = current ? stockChanges(current, input, value, group.rows.length) : [];
  return {
    id: input.id,
    name: input.name,
    line: first.line,
    kind: !current ? "create" : changes.length + stock.length > 0 ? "change" : "same",
    changes,
    save: !current || changes.length > 0 ? { input, expectedVersion: current?.version ?? null } : null,
    stock,
    variantCount: input.variants.length,
  };
}

const amount = (dollars: number | undefined) => (dollars === undefined ? "" : dollars.toFixed(2));

/** A stored variant the file does not list, as the form would hold it. */
function keptFields(variant: ProductVariant) {
  return {
    id: variant.id,
    sku: variant.sku,
    value1: variant.optionValues[0],
    value2: variant.optionValues[1],
    value3: variant.optionValues[2],
    price: amount(variant.price),
    compareAt: variant.originalPrice === undefined ? undefined : amount(variant.originalPrice),
    trackStock: variant.stockOnHand !== null,
    stock: variant.stockOnHand === null ? undefined : String(variant.stockOnHand),
    lowStock: variant.lowStockThreshold === null ? undefined : String(variant.lowStockThreshold),
  };
}

/** The schema's issue as a refusal of the row it is about, naming the column. */
function issueRefusal(issue: z.ZodIssue, group: ImportGroup, kept: readonly ProductVariant[]): RowRefusal {
  const [head, index, field] = issue.path;
  const first = group.rows[0]!;
  if (head === "variants" && typeof index === "number") {
    const row = group.rows[index];
    const column = typeof field === "string" ? FIELD_COLUMNS[field] : undefined;
    const where = column ? `${column}: ` : "";
    if (row) return { line: row.line, message: `${where}${issue.message}` };
    const sku = kept[index - group.rows.length]?.sku;
    return { line: first.line, message: `${where}${issue.message} (variant ${sku}, kept: it is not in the file)` };
  }
  const column = typeof head === "string" ? FIELD_COLUMNS[head] : undefined;
  return { line: first.line, message: `${column ? `${column}: ` : ""}${issue.message}` };
}

const text = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : (value / 100).toFixed(2);

/** Every field of the product and of its kept variants that the save would change, old -> new. */
export function productChanges(current: Product, input: ProductInput): FieldChange[] {
  const changes: FieldChange[] = [];
  const compare = (field: string, from: string, to: string) => {
    if (from !== to) changes.push({ field, from, to });
  };
  compare("Title", current.name, input.name);
  compare("Description", current.description, input.description);
  compare("Category", current.category, input.category);
  compare("Status", current.status, input.status);
  compare(
    "Featured position",
    text(current.featuredPosition),
    text(input.featuredPosition ?? current.featuredPosition),
  );
  compare("New", text(Boolean(current.isNew)), text(input.isNew));
  compare("Sale", text(Boolean(current.isSale)), text(input.isSale));
  compare("Length", text(current.length), text(input.length));
  compare("Colour", current.color, input.color);
  compare("Texture", text(current.texture), text(input.texture));
  compare("Options", current.options.join(" / "), input.options.join(" / "));
  for (const variant of input.variants) {
    const stored = current.variants.find((candidate) => candidate.id === variant.id);
    if (!stored) {
      changes.push({ field: `New variant ${variant.sku}`, from: "", to: newVariantText(variant) });
      continue;
    }
    const label = (field: string) => `${stored.sku}: ${field}`;
    compare(label("SKU"), stored.sku, variant.sku);
    compare(label("Options"), stored.optionValues.join(" / "), variant.optionValues.join(" / "));
    compare(label("Price"), amount(stored.price), cents(variant.priceCents));
    compare(label("Compare-at price"), amount(stored.originalPrice), cents(variant.compareAtCents));
    compare(label("Stock tracked"), text(stored.stockOnHand !== null), text(variant.trackStock));
    if (stored.stockOnHand === null && variant.trackStock)
      compare(label("Stock on hand"), "", text(variant.stockOnHand));
    compare(label("Low-stock threshold"), text(stored.lowStockThreshold), text(variant.lowStockThreshold));
  }
  return changes;
}

function newVariantText(variant: VariantInput): string {
  const stock = variant.trackStock ? `${variant.stockOnHand ?? 0} on hand` : "stock not tracked";
  return [variant.optionValues.join(" / "), cents(variant.priceCents), stock].filter(Boolean).join(", ");
}

/** The tracked counts the file sets (a blank count leaves it), for variants tracked before and after. */
function stockChanges(current: Product, input: ProductInput, value: ProductFormValue, rowCount: number) {
  return input.variants.slice(0, rowCount).flatMap((variant, index): StockChange[] => {
    const stored = current.variants.find((candidate) => candidate.id === variant.id);
    const wanted = value.variants[index]?.stock;
    if (!stored || stored.stockOnHand === null || !variant.trackStock || wanted === undefined) return [];
    if (wanted === stored.stockOnHand) return [];
    return [{ variantId: variant.id, sku: variant.sku, from: stored.stockOnHand, to: wanted }];
  });
}

export const PREVIEW_INTENT = "preview";
export const CONFIRM_INTENT = "confirm";

/** A planned product as the preview shows it (without the save itself). */
export type PlannedProductView = Omit<PlannedProduct, "save">;

export interface ImportPlanView {
  products: PlannedProductView[];
  refusals: RowRefusal[];
  untouched: number;
}

/** What the import page's posts answer: a preview (with what its confirm button posts back), or a refusal. */
export type ImportAnswer =
  | {
      kind: "preview";
      plan: ImportPlanView;
      notice: string | null;
      confirm: { file: string; fingerprint: string; signature: string } | null;
    }
  | { kind: "refused"; error: string };

import type { Product } from "~/modules/catalog/product";
import { csvCellText, parseCsv, type CsvValue } from "./csv";
import { MAX_OPTIONS } from "./product-forms";

// The catalogue as a spreadsheet (issue 38, decision 0040), after Shopify's product CSV: one row per variant, the
// product's fields on each of its rows (so that a sorted or filtered sheet still reads), blank or the same on its
// later rows when an owner edits it. Features, specifications, rating, reviews and photos are not in the file: an
// import leaves them as they are.

export const PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Description",
  "Category",
  "Status",
  "Featured position",
  "New",
  "Sale",
  "Length",
  "Colour",
  "Texture",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant ID",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Track Stock",
  "Stock On Hand",
  "Low Stock Threshold",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The product's own columns: on its first row, and blank or the same on the others. */
export const PRODUCT_COLUMNS = [
  "Title",
  "Description",
  "Category",
  "Status",
  "Featured position",
  "New",
  "Sale",
  "Length",
  "Colour",
  "Texture",
  "Option1 Name",
  "Option2 Name",
  "Option3 Name",
] as const satisfies readonly ProductCsvColumn[];

/** At most this many variant rows in one file: a file is at most 2 MB, and each product is one save. */
export const MAX_IMPORT_ROWS = 5000;

const yesNo = (value: boolean | undefined) => (value ? "TRUE" : "FALSE");
const amount = (dollars: number | undefined) => (dollars === undefined ? "" : dollars.toFixed(2));

/** A product's rows of the export, one per variant in the product's order. */
export function productCsvRows(product: Product): CsvValue[][] {
  return product.variants.map((variant) => {
    const option = (index: number) => [product.options[index] ?? "", variant.optionValues[index] ?? ""];
    return [
      product.id,
      product.name,
      product.description,
      product.category,
      product.status,
      product.featuredPosition,
      yesNo(product.isNew),
      yesNo(product.isSale),
      product.length ?? "",
      product.color,
      product.texture ?? "",
      ...option(0),
      ...option(1),
      ...option(2),
      variant.id,
      variant.sku,
      amount(variant.price),
      amount(variant.originalPrice),
      yesNo(variant.stockOnHand !== null),
      variant.stockOnHand,
      variant.lowStockThreshold,
    ];
  });
}

export interface ImportRow {
  line: number;
  cell(column: ProductCsvColumn): string;
}

/** The rows of one product in the file, in its order. */
export interface ImportGroup {
  handle: string;
  rows: ImportRow[];
}

export interface RowRefusal {
  line: number;
  message: string;
}

/**
 * The file's rows grouped by handle, in the order each handle first appears; or the refusals that stop the whole file
 * (no header, a missing column, a quote never closed, too many rows) and those of single rows (no handle, a product
 * column that disagrees with the product's first row).
 */
export function readProductCsv(text: string): { groups: ImportGroup[]; refusals: RowRefusal[] } {
  const parsed = parseCsv(text);
  if ("unclosedQuoteAt" in parsed)
    return fileRefusal(parsed.unclosedQuoteAt, 'A quoted cell starting here is never closed (a missing ").');
  const [header, ...records] = parsed.records;
  if (!header) return fileRefusal(1, "The file is empty: export the products to see the columns it needs.");
  const names = header.cells.map((name) => csvCellText(name).trim().toLowerCase());
  const indexes = new Map<ProductCsvColumn, number>();
  const missing: string[] = [];
  for (const column of PRODUCT_CSV_COLUMNS) {
    const index = names.indexOf(column.toLowerCase());
    if (index < 0) missing.push(column);
    else indexes.set(column, index);
  }
  if (missing.length > 0)
    return fileRefusal(header.line, `The header has no column ${missing.map((name) => `"${name}"`).join(", ")}.`);
  if (records.length > MAX_IMPORT_ROWS)
    return fileRefusal(
      header.line,
      `The file has ${records.length} rows: import at most ${MAX_IMPORT_ROWS} at a time.`,
    );

  const refusals: RowRefusal[] = [];
  const groups = new Map<string, ImportGroup>();
  for (const record of records) {
    const row: ImportRow = {
      line: record.line,
      cell: (column) => csvCellText(record.cells[indexes.get(column)!] ?? "").trim(),
    };
    const handle = row.cell("Handle");
    if (!handle) {
      refusals.push({ line: row.line, message: "Handle: give the product's handle (its id) on every row." });
      continue;
    }
    const group = groups.get(handle);
    if (!group) {
      groups.set(handle, { handle, rows: [row] });
      continue;
    }
    const first = group.rows[0]!;
    const differs = PRODUCT_COLUMNS.filter((column) => row.cell(column) && row.cell(column) !== first.cell(column));
    if (differs.length > 0)
      refusals.push({
        line: row.line,
        message: `${differs.join(", ")}: differs from line ${first.line} of the same product; leave it blank or the same.`,
      });
    else group.rows.push(row);
  }
  return { groups: [...groups.values()], refusals };
}

const fileRefusal = (line: number, message: string) => ({ groups: [], refusals: [{ line, message }] });

const blankToUndefined = (text: string) => (text === "" ? undefined : text);

const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0", ""]);

/** TRUE/FALSE as spreadsheets write them (yes/no, 1/0 too; blank is no); undefined for anything else. */
export function parseYesNo(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

/** Which column of the file a field of the editor's schema comes from, to name it in a refusal. */
export const FIELD_COLUMNS: Record<string, ProductCsvColumn> = {
  id: "Handle",
  name: "Title",
  description: "Description",
  category: "Category",
  status: "Status",
  featuredPosition: "Featured position",
  isNew: "New",
  isSale: "Sale",
  length: "Length",
  color: "Colour",
  texture: "Texture",
  option1: "Option1 Name",
  option2: "Option2 Name",
  option3: "Option3 Name",
  value1: "Option1 Value",
  value2: "Option2 Value",
  value3: "Option3 Value",
  sku: "Variant SKU",
  price: "Variant Price",
  compareAt: "Variant Compare At Price",
  trackStock: "Track Stock",
  stock: "Stock On Hand",
  lowStock: "Low Stock Threshold",
};

/**
 * A product's rows as the editor's form would post them (ProductFormSchema's fields), so that the file meets exactly
 * the editor's rules and limits; a yes/no cell that is neither is refused here. Features and specifications are the
 * stored product's (the file has none).
 */
export function groupFormValue(group: ImportGroup, current: Product | null, refusals: RowRefusal[]) {
  const first = group.rows[0]!;
  const flag = (row: ImportRow, column: ProductCsvColumn) => {
    const value = parseYesNo(row.cell(column));
    if (value === undefined) refusals.push({ line: row.line, message: `${column}: write TRUE or FALSE.` });
    return value;
  };
  const product = (column: ProductCsvColumn) => blankToUndefined(first.cell(column));
  return {
    id: group.handle,
    name: product("Title"),
    description: product("Description"),
    category: product("Category"),
    status: product("Status"),
    featuredPosition: product("Featured position"),
    isNew: flag(first, "New"),
    isSale: flag(first, "Sale"),
    length: product("Length"),
    color: product("Colour"),
    texture: product("Texture"),
    option1: product("Option1 Name"),
    option2: product("Option2 Name"),
    option3: product("Option3 Name"),
    features: current?.features.join("\n"),
    specifications: current?.specifications.map(([name, value]) => `${name}: ${value}`).join("\n"),
    variants: group.rows.map((row) => {
      const value = (column: ProductCsvColumn) => blankToUndefined(row.cell(column));
      return {
        id: value("Variant ID"),
        sku: value("Variant SKU"),
        ...Object.fromEntries(
          Array.from({ length: MAX_OPTIONS }, (_, index) => [
            `value${index + 1}`,
            value(`Option${index + 1} Value` as ProductCsvColumn),
          ]),
        ),
        price: value("Variant Price"),
        compareAt: value("Variant Compare At Price"),
        trackStock: flag(row, "Track Stock"),
        stock: value("Stock On Hand"),
        lowStock: value("Low Stock Threshold"),
      };
    }),
  };
}

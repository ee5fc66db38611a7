import { describe, expect, test } from "vitest";

import type { Product } from "~/modules/catalog/product";
import { csvLine } from "./csv";
import { PRODUCT_CSV_COLUMNS, productCsvRows } from "./product-csv";
import { planImport } from "./product-import";

const wig: Product = {
  id: "silky-wig",
  name: "Silky Wig",
  description: "Soft, light and ready to wear.",
  price: 189,
  images: [],
  category: "wigs",
  length: "18 inch",
  color: "Natural Black",
  rating: 4.5,
  reviewCount: 12,
  inStock: true,
  features: ["Heat friendly"],
  specifications: [["Cap", "Lace front"]],
  options: ["Length", "Shade"],
  variants: [
    {
      id: "silky-wig-18",
      sku: "SW-18",
      optionValues: ["18 inch", "Natural Black"],
      price: 189,
      stockOnHand: 4,
      lowStockThreshold: 1,
      inStock: true,
      images: [],
    },
    {
      id: "silky-wig-22",
      sku: "SW-22",
      optionValues: ["22 inch", "Natural Black"],
      price: 209.5,
      originalPrice: 250,
      stockOnHand: null,
      lowStockThreshold: null,
      inStock: true,
      images: [],
    },
  ],
  status: "active",
  featuredPosition: 3,
  version: 7,
};

const clip: Product = {
  ...wig,
  id: "clip",
  name: "Clip",
  category: "clip-in",
  options: ["Shade"],
  variants: [{ ...wig.variants[1]!, id: "clip", sku: "CLIP-1", optionValues: ["Black"] }],
};

type Row = Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>;

/** The export of these products, with some cells edited, as a file. */
function file(products: Product[], edit: (rows: string[][]) => string[][] = (rows) => rows) {
  const rows = products.flatMap(productCsvRows).map((row) => row.map((cell) => (cell === null ? "" : String(cell))));
  return [PRODUCT_CSV_COLUMNS, ...edit(rows)].map((row) => csvLine(row)).join("");
}
const column = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(name);
const set = (row: string[], values: Row) => {
  const copy = [...row];
  for (const [name, value] of Object.entries(values)) copy[column(name as keyof Row)] = value!;
  return copy;
};

describe("planImport", () => {
  test("the shop's own export changes nothing", () => {
    const plan = planImport(file([wig, clip]), [wig, clip]);
    expect(plan.refusals).toEqual([]);
    expect(plan.products.map((product) => product.kind)).toEqual(["same", "same"]);
    expect(plan.untouched).toBe(0);
  });

  test("a changed field is shown old -> new and saved at the version the plan saw; others are left alone", () => {
    const plan = planImport(
      file([wig], ([first, second]) => [
        set(first!, { Title: "Silky Wig II" }),
        set(second!, { Title: "", "Variant Price": "199" }),
      ]),
      [wig, clip],
    );
    expect(plan.refusals).toEqual([]);
    const [planned] = plan.products;
    expect(planned!.kind).toBe("change");
    expect(planned!.changes).toEqual([
      { field: "Title", from: "Silky Wig", to: "Silky Wig II" },
      { field: "SW-22: Price", from: "209.50", to: "199.00" },
    ]);
    expect(planned!.save?.expectedVersion).toBe(7);
    // What the file does not hold stays as stored.
    expect(planned!.save?.input).toMatchObject({ features: ["Heat friendly"], rating: 4.5, reviewCount: 12 });
    expect(plan.untouched).toBe(1);
  });

  test("a tracked count goes through the stock path with the count the plan saw, not through the save", () => {
    const plan = planImport(
      file([wig], ([first, second]) => [set(first!, { "Stock On Hand": "9" }), second!]),
      [wig],
    );
    const [planned] = plan.products;
    expect(planned!.kind).toBe("change");
    expect(planned!.save).toBeNull();
    expect(planned!.stock).toEqual([{ variantId: "silky-wig-18", sku: "SW-18", from: 4, to: 9 }]);
  });

  test("a new product and a new variant (no Variant ID); a variant the file leaves out is kept", () => {
    const plan = planImport(
      file([wig, clip], (rows) => [
        rows[0]!,
        set(rows[0]!, { "Variant ID": "", "Variant SKU": "SW-26", "Option1 Value": "26 inch", "Stock On Hand": "2" }),
        set(rows[2]!, { Handle: "new-clip", "Variant ID": "", "Variant SKU": "NEW-1" }),
      ]),
      [wig, clip],
    );
    expect(plan.refusals).toEqual([]);
    const [changed, created] = plan.products;
    expect(changed!.changes).toEqual([
      { field: "New variant SW-26", from: "", to: "26 inch / Natural Black, 189.00, 2 on hand" },
    ]);
    expect(changed!.save?.input.variants.map((variant) => variant.sku)).toEqual(["SW-18", "SW-26", "SW-22"]);
    expect(created).toMatchObject({ id: "new-clip", kind: "create", line: 4, variantCount: 1 });
    expect(created!.save?.expectedVersion).toBeNull();
  });

  test("bad rows are refused by their line, with the column and the editor's own message", () => {
    const plan = planImport(
      file([wig, clip], (rows) => [
        set(rows[0]!, { Description: "Two\nlines" }),
        set(rows[1]!, { Description: "", "Track Stock": "maybe" }),
        set(rows[2]!, { "Variant SKU": "SW-18", Category: "hats" }),
        set(rows[2]!, { Handle: "", "Variant SKU": "X" }),
        set(rows[2]!, { Handle: "other", "Variant ID": "silky-wig-18", "Variant SKU": "Z" }),
      ]),
      [wig, clip],
    );
    // The description's line break makes the first product's file two lines long: the next row is on line 4.
    expect(plan.refusals).toEqual([
      { line: 4, message: "Track Stock: write TRUE or FALSE." },
      { line: 5, message: 'Variant SKU: "SW-18" is used by silky-wig.' },
      { line: 5, message: "Category: Choose a category." },
      { line: 6, message: "Handle: give the product's handle (its id) on every row." },
      { line: 7, message: 'Variant ID: "silky-wig-18" is a variant of another product (silky-wig).' },
    ]);
  });

  test("a new product may not take a path of the back office as its handle", () => {
    const plan = planImport(
      file([clip], ([row]) => [set(row!, { Handle: "import", "Variant ID": "" })]),
      [],
    );
    expect(plan.refusals).toEqual([
      { line: 2, message: 'Handle: "import" is a word the back office uses; choose another.' },
    ]);
  });

  test("a price the editor would refuse is refused at its line", () => {
    const plan = planImport(
      file([wig], ([first, second]) => [first!, set(second!, { "Variant Price": "cheap" })]),
      [wig],
    );
    expect(plan.refusals).toEqual([{ line: 3, message: "Variant Price: Enter the price in dollars, e.g. 129.99." }]);
  });

  test("a product column that disagrees with the product's first row, and a missing column, are refused", () => {
    const disagreeing = planImport(
      file([wig], ([first, second]) => [first!, set(second!, { Title: "Other" })]),
      [wig],
    );
    expect(disagreeing.refusals).toEqual([
      { line: 3, message: "Title: differs from line 2 of the same product; leave it blank or the same." },
    ]);
    const blankLater = planImport(
      file([wig], ([first, second]) => [first!, set(second!, { Title: "", Description: "" })]),
      [wig],
    );
    expect(blankLater.refusals).toEqual([]);
    expect(planImport("Handle,Title\nx,y\n", []).refusals).toEqual([
      { line: 1, message: expect.stringMatching(/^The header has no column "Description", "Category"/) },
    ]);
  });
});

import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, test } from "vitest";

import { productFromFlat } from "~/modules/catalog/flat-product";
import {
  parseDollars,
  productFormDefaults,
  ProductFormSchema,
  slugify,
  StockFormSchema,
  toProductInput,
  type ProductFormValue,
} from "./product-forms";

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};

const twoShades = {
  name: "Silky Straight Wig",
  description: "Soft, light and ready to wear.",
  category: "wigs",
  color: "Natural Black",
  status: "active",
  option1: "Length",
  option2: "Shade",
  "variants[0].sku": "SSW-18-BLK",
  "variants[0].value1": "18 inch",
  "variants[0].value2": "Natural Black",
  "variants[0].price": "189.00",
  "variants[0].trackStock": "on",
  "variants[0].stock": "4",
  "variants[1].sku": "SSW-22-BRN",
  "variants[1].value1": "22 inch",
  "variants[1].value2": "Chestnut Brown",
  "variants[1].price": "$1,209.5",
  "variants[1].compareAt": "1300",
};

const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ProductFormSchema });
const valueOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value as ProductFormValue;
};
const errorsOf = (fields: Record<string, string>) => parse(fields).reply().error ?? {};

describe("the product editor's form", () => {
  test("a new product with two variants becomes what the database saves, ids made from its name and options", () => {
    const input = toProductInput(valueOf(twoShades), null);
    expect(input).toMatchObject({
      id: "silky-straight-wig",
      options: ["Length", "Shade"],
      status: "active",
      images: [],
      featuredPosition: null,
    });
    expect(input.variants).toEqual([
      expect.objectContaining({
        id: "silky-straight-wig-18-inch-natural-black",
        optionValues: ["18 inch", "Natural Black"],
        priceCents: 18900,
        compareAtCents: null,
        trackStock: true,
        stockOnHand: 4,
      }),
      expect.objectContaining({
        id: "silky-straight-wig-22-inch-chestnut-brown",
        priceCents: 120950,
        compareAtCents: 130000,
        trackStock: false,
        stockOnHand: null,
      }),
    ]);
  });

  test("each field's mistake is said on that field, and the two variants' clashes on the second", () => {
    const errors = errorsOf({
      ...twoShades,
      name: " ",
      "variants[1].value1": "18 INCH",
      "variants[1].value2": "natural black",
      "variants[1].sku": "ssw-18-blk",
      "variants[1].price": "12.345",
      "variants[0].compareAt": "100",
      "variants[0].stock": "-1",
      option3: "Weight",
      option2: "",
    });
    expect(errors).toMatchObject({
      name: ["Enter the name."],
      option2: ["Name the second option before the third."],
      "variants[1].price": ["Enter the price in dollars, e.g. 129.99."],
      "variants[0].stock": ["The stock must be between 0 and 1,000,000."],
    });
    const clashes = errorsOf({
      ...twoShades,
      "variants[1].value1": "18 INCH",
      "variants[1].value2": "natural black",
      "variants[1].sku": "ssw-18-blk",
      "variants[0].compareAt": "100",
    });
    expect(clashes).toMatchObject({
      "variants[1].value1": ["Variant 1 has the same options."],
      "variants[1].sku": ["Variant 1 has this SKU."],
      "variants[0].compareAt": ["The compare-at price must be above the price."],
    });
    expect(errorsOf({ ...twoShades, "variants[1].value2": "" })).toMatchObject({
      "variants[1].value2": ["Enter its Shade."],
    });
  });

  test("a control character in a variant's field is refused there", () => {
    expect(errorsOf({ ...twoShades, "variants[1].sku": "SSW\u0007" })["variants[1].sku"]).toEqual([
      "This contains a character that can't be used here. Please retype it.",
    ]);
  });

  test("editing keeps the stored variants' ids, counts and images, and the product's images", () => {
    const stored = productFromFlat({
      id: "wig-9",
      name: "Wig",
      description: "A wig.",
      price: 100,
      images: ["product-wig-1-1"],
      category: "wigs",
      color: "Black",
      rating: 4.5,
      reviewCount: 3,
      inStock: true,
      features: [],
      specifications: {},
    });
    const defaults = productFormDefaults(stored) as Record<string, unknown> & {
      variants: Array<Record<string, string | undefined>>;
    };
    const fields: Record<string, string> = {
      ...(Object.fromEntries(Object.entries(defaults).filter(([, value]) => typeof value === "string")) as Record<
        string,
        string
      >),
      "variants[0].id": stored.variants[0]!.id,
      "variants[0].sku": "WIG-9",
      "variants[0].value1": "Black",
      "variants[0].price": defaults.variants[0]!.price!,
    };
    const input = toProductInput(valueOf(fields), stored);
    expect(input.id).toBe("wig-9");
    expect(input.variants[0]).toMatchObject({ id: "wig-9", priceCents: 10000 });
    expect(input.images.map((image) => image.id)).toEqual(["product-wig-1-1"]);
    expect(input.rating).toBe(4.5);
  });
});

describe("amounts and ids", () => {
  test.each([
    ["12", 1200],
    ["12.5", 1250],
    ["1,234.56", 123456],
    [" 0.99 ", 99],
    ["12.345", undefined],
    ["1,23", undefined],
    ["-3", undefined],
    ["", undefined],
  ])("%j dollars is %j cents", (text, cents) => expect(parseDollars(text)).toBe(cents));

  test("a dollar sign may lead", () => expect(parseDollars("$1,234.56")).toBe(123456));

  test("slugify keeps letters and digits, and never ends on a dash", () => {
    expect(slugify("Silky Straight Wig, 22″!")).toBe("silky-straight-wig-22");
    expect(slugify("Crème brûlée")).toBe("creme-brulee");
    expect(slugify("a".repeat(63) + " b")).toBe("a".repeat(63));
  });
});

describe("the stock form", () => {
  test("a count to set or a signed adjustment, always with a reason", () => {
    const ok = parseWithZod(form({ variantId: "wig-9", mode: "adjust", amount: "-2", note: "Damaged" }), {
      schema: StockFormSchema,
    });
    expect(ok.status === "success" && ok.value).toEqual({
      variantId: "wig-9",
      mode: "adjust",
      amount: -2,
      note: "Damaged",
    });
    const refused = parseWithZod(form({ variantId: "wig-9", mode: "set", amount: "2.5" }), { schema: StockFormSchema });
    expect(refused.reply().error).toMatchObject({
      amount: ["Enter a whole number of units."],
      note: ["Enter the reason (e.g. Restocked from supplier)."],
    });
  });
});

import { makeProduct } from "#tests/support/product";
import { describe, expect, it } from "vitest";

import {
  applyCartChange,
  cartCountLine,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeCarts,
  summarizeCart,
  type CartEntry,
} from "~/modules/cart/cart";
import { buildCatalogIndex } from "~/modules/catalog/catalog-index";
import type { ProductVariant } from "~/modules/catalog/product";

const entry = (productId: string, quantity: number): CartEntry => ({ productId, quantity });

describe("applyCartChange", () => {
  it("appends a new line", () => {
    expect(applyCartChange([], { intent: "add", productId: "a", quantity: 1 })).toEqual({ entries: [entry("a", 1)] });
  });

  it("raises the quantity of a product already in the cart", () => {
    const result = applyCartChange([entry("a", 2), entry("b", 1)], { intent: "add", productId: "a", quantity: 3 });
    expect(result.entries).toEqual([entry("a", 5), entry("b", 1)]);
  });

  it("sets a quantity exactly", () => {
    expect(applyCartChange([entry("a", 2)], { intent: "set", productId: "a", quantity: 7 }).entries).toEqual([
      entry("a", 7),
    ]);
  });

  it.each([0, -3])("drops a line whose quantity is set to %s", (quantity) => {
    expect(
      applyCartChange([entry("a", 2), entry("b", 1)], { intent: "set", productId: "a", quantity }).entries,
    ).toEqual([entry("b", 1)]);
  });

  it("removes a line and clears the cart", () => {
    expect(applyCartChange([entry("a", 2), entry("b", 1)], { intent: "remove", productId: "a" }).entries).toEqual([
      entry("b", 1),
    ]);
    expect(applyCartChange([entry("a", 2)], { intent: "clear" }).entries).toEqual([]);
  });

  it("caps a line at the maximum quantity and says so", () => {
    const result = applyCartChange([entry("a", 98)], { intent: "add", productId: "a", quantity: 5 });
    expect(result).toEqual({ entries: [entry("a", MAX_LINE_QUANTITY)], limited: "line-quantity" });
  });

  it("refuses a new line beyond the maximum number of lines, keeping the cart", () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, index) => entry(`p${index}`, 1));
    const result = applyCartChange(full, { intent: "add", productId: "new", quantity: 1 });
    expect(result.limited).toBe("line-count");
    expect(result.entries).toEqual(full);
  });

  it("does not change its input", () => {
    const entries = [entry("a", 1)];
    applyCartChange(entries, { intent: "add", productId: "a", quantity: 1 });
    expect(entries).toEqual([entry("a", 1)]);
  });
});

describe("mergeCarts", () => {
  it("adds quantities of shared products and appends the rest", () => {
    expect(mergeCarts([entry("a", 1), entry("b", 2)], [entry("b", 3), entry("c", 1)])).toEqual([
      entry("a", 1),
      entry("b", 5),
      entry("c", 1),
    ]);
  });

  it("caps merged lines at the maximum quantity", () => {
    expect(mergeCarts([entry("a", 90)], [entry("a", 20)])).toEqual([entry("a", MAX_LINE_QUANTITY)]);
  });
});

describe("summarizeCart", () => {
  const a = makeProduct({ id: "a", name: "A", price: 19.99, category: "wigs", images: ["product-clip-1-1"] });
  const twoLengths = makeProduct({ id: "two", name: "Two", price: 100, length: "18 inch", color: "Black" });
  const longer = { ...(twoLengths.variants[0] as ProductVariant), id: "two-22", sku: "TWO-22", price: 120 };
  longer.optionValues = ["22 inch", "Black"];
  twoLengths.variants.push(longer);
  const index = buildCatalogIndex([a, makeProduct({ id: "b", name: "B", price: 0.1 }), twoLengths]);
  const find = (id: string) => index.findChoice(id);

  it("prices lines from the catalogue and totals them in cents", () => {
    const summary = summarizeCart([entry("a", 3), entry("b", 3)], find);
    expect(summary.lines.map((line) => [line.name, line.price, line.lineTotalCents, line.category])).toEqual([
      ["A", 19.99, 5997, "wigs"],
      ["B", 0.1, 30, "clip-in"],
    ]);
    expect(summary.totalItems).toBe(6);
    expect(summary.totalAmountCents).toBe(6027);
  });

  it("names and prices a variant's line from the variant, and links to its own page", () => {
    const [line] = summarizeCart([entry("two-22", 2)], find).lines;
    expect(line).toMatchObject({
      id: "two-22",
      name: "Two",
      variantLabel: "22 inch / Black",
      price: 120,
      lineTotalCents: 24000,
      productPath: "/product/two?variant=two-22",
    });
    // A product without choices reads as it always has.
    expect(summarizeCart([entry("a", 1)], find).lines[0]).not.toHaveProperty("variantLabel");
    expect(summarizeCart([entry("a", 1)], find).lines[0]?.images[0]?.id).toBe("product-clip-1-1");
  });

  it("separates entries whose product no longer exists", () => {
    const summary = summarizeCart([entry("gone", 2), entry("a", 1)], find);
    expect(summary.vanished).toEqual(["gone"]);
    expect(summary.lines.map((line) => line.productId)).toEqual(["a"]);
    expect(summary.totalItems).toBe(1);
  });

  it("totals an empty cart as zero", () => {
    expect(summarizeCart([], find)).toMatchObject({ lines: [], totalItems: 0, totalAmountCents: 0 });
  });
});

describe("cartCountLine", () => {
  it("uses the singular for one item", () => {
    expect(cartCountLine(1)).toBe("1 item in your cart");
    expect(cartCountLine(4)).toBe("4 items in your cart");
  });
});

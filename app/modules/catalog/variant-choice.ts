import type { Product, ProductVariant } from "~/modules/catalog/product";

/** The product page's query: `variant=<id>` names a variant; `o1`..`o3` are the picker's choices (its GET form). */
export const VARIANT_PARAM = "variant";
export const optionParam = (index: number) => `o${index + 1}`;

export type VariantRequest =
  | { kind: "chosen"; variant: ProductVariant }
  /** The picker's form: the variant its choices lead to (`exact` false: the nearest, as that combination is not sold). */
  | { kind: "picked"; variant: ProductVariant; exact: boolean }
  /** `variant=` names no variant of this product: the page answers 404. */
  | { kind: "unknown" };

/**
 * Which variant the product page shows. The picker's choices win over `variant=` (the form sends both: the choice
 * the shopper just changed, and the variant they came from); without either, the first variant.
 */
export function resolveVariantRequest(product: Product, search: URLSearchParams): VariantRequest {
  const picked = product.options.map((_, index) => search.get(optionParam(index)));
  if (picked.some((value) => value !== null)) {
    const from = product.variants.find((variant) => variant.id === search.get(VARIANT_PARAM));
    return { kind: "picked", ...nearestVariant(product, picked, from) };
  }
  const id = search.get(VARIANT_PARAM);
  if (id === null) return { kind: "chosen", variant: product.variants[0] as ProductVariant };
  const variant = product.variants.find((candidate) => candidate.id === id);
  return variant ? { kind: "chosen", variant } : { kind: "unknown" };
}

/**
 * The variant with every picked value; else the one that matches the most picked values, preferring the options
 * the shopper changed from `from` (a new shade keeps the length where it can), then the catalogue's order.
 */
export function nearestVariant(
  product: Product,
  picked: ReadonlyArray<string | null>,
  from?: ProductVariant,
): { variant: ProductVariant; exact: boolean } {
  const changed = picked.map((value, index) => value !== null && value !== from?.optionValues[index]);
  let best = product.variants[0] as ProductVariant;
  let bestScore = -1;
  for (const variant of product.variants) {
    let score = 0;
    variant.optionValues.forEach((value, index) => {
      if (picked[index] === value) score += changed[index] ? 100 : 1;
    });
    if (score > bestScore) {
      best = variant;
      bestScore = score;
    }
  }
  const exact = picked.every((value, index) => value === null || best.optionValues[index] === value);
  return { variant: best, exact };
}

/** Each option's values in the catalogue's order, without repeats: the picker's radio buttons. */
export function optionValues(product: Product): string[][] {
  return product.options.map((_, index) => [
    ...new Set(product.variants.map((variant) => variant.optionValues[index] ?? "")),
  ]);
}

/** Whether some variant with this value (and the chosen variant's other values) can be bought: a greyed-out choice. */
export function valueInStock(product: Product, chosen: ProductVariant, index: number, value: string): boolean {
  return product.variants.some(
    (variant) =>
      variant.inStock &&
      variant.optionValues[index] === value &&
      variant.optionValues.every(
        (other, otherIndex) => otherIndex === index || other === chosen.optionValues[otherIndex],
      ),
  );
}

import {
  containsEveryWord,
  matchesCategory,
  matchesColor,
  matchesPrice,
  productColorText,
  productSearchText,
  searchWords,
  sortOptions,
  sortProducts,
  type ListingParams,
  type SortOption,
} from "~/modules/catalog/listing";
import type { Product, ProductChoice } from "~/modules/catalog/product";

interface IndexedProduct {
  product: Product;
  /** Normalised once, so that a search does not rebuild 10,000 strings per request. */
  searchText: string;
  /** The colour and every variant's shade, lower-case, for the colour filter. */
  colorText: string;
}

/**
 * The catalogue with everything a request needs precomputed: the id lookups (products and their variants), each
 * product's search and colour text and the whole catalogue in every sort order. Built once per version of the
 * catalogue; a listing request then only filters.
 */
export interface CatalogIndex {
  /** In featured order (the shop's own: featured position, then id). */
  readonly products: readonly Product[];
  findProduct(id: string): Product | undefined;
  /** A variant by its id (what a cart line names), with its product. */
  findChoice(variantId: string): ProductChoice | undefined;
  /** One listing page: the products in `window`, and how many match in all. */
  queryListing(params: ListingParams, window: { offset: number; limit: number }): ListingResult;
}

export interface ListingResult {
  products: Product[];
  totalCount: number;
}

const byFeaturedPosition = (a: Product, b: Product) =>
  a.featuredPosition - b.featuredPosition || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Throws when two products (or two variants) share an id: a lookup by id must have exactly one answer. */
export function buildCatalogIndex(unordered: readonly Product[]): CatalogIndex {
  const products = [...unordered].sort(byFeaturedPosition);
  const byId = new Map<string, IndexedProduct>();
  // The product of each variant; the choice is made when asked for (30,000 variants: a megabyte less held).
  const productOfVariant = new Map<string, Product>();
  for (const product of products) {
    if (byId.has(product.id)) throw new Error(`Catalogue: product id "${product.id}" appears more than once.`);
    byId.set(product.id, { product, searchText: productSearchText(product), colorText: productColorText(product) });
    for (const variant of product.variants) {
      if (productOfVariant.has(variant.id))
        throw new Error(`Catalogue: variant id "${variant.id}" appears more than once.`);
      productOfVariant.set(variant.id, product);
    }
  }
  const entry = (product: Product) => byId.get(product.id) as IndexedProduct;
  // Five sorted copies of 10,000 references cost well under a megabyte and save a sort on every request.
  const sorted = Object.fromEntries(
    sortOptions.map(({ value }) => [value, sortProducts(products, value).map(entry)]),
  ) as Record<SortOption, IndexedProduct[]>;

  return {
    products,
    findProduct: (id) => byId.get(id)?.product,
    findChoice(variantId) {
      const product = productOfVariant.get(variantId);
      const variant = product?.variants.find((candidate) => candidate.id === variantId);
      return product && variant ? { product, variant } : undefined;
    },
    queryListing(params, { offset, limit }) {
      const words = searchWords(params.q);
      const ordered = sorted[params.sort];
      // One pass in the precomputed order: count every match, keep only the page's.
      const page: Product[] = [];
      let totalCount = 0;
      for (const { product, searchText, colorText } of ordered) {
        if (
          matchesCategory(product, params.category) &&
          (!params.sale || Boolean(product.isSale)) &&
          matchesColor(product, params.color, colorText) &&
          matchesPrice(product, params.minPrice, params.maxPrice) &&
          containsEveryWord(searchText, words)
        ) {
          if (totalCount >= offset && totalCount < offset + limit) page.push(product);
          totalCount++;
        }
      }
      return { products: page, totalCount };
    },
  };
}

import { z } from "zod";

import { SHADE_OPTION_NAMES, type Product, type ProductCategory } from "~/modules/catalog/product";

export const PRICE_MIN = 0;
export const PRICE_MAX = 1000;
export const PRICE_STEP = 10;
/**
 * Products per listing page: four rows of the three-column grid (six of two). Each card is HTML and an image a
 * slow phone must fetch, so a page stays small; bench:scale showed a page's cost grows with its cards.
 */
export const LISTING_PAGE_SIZE = 12;

export const sortOptions = [
  { value: "featured", label: "Featured" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "rating", label: "Highest Rated" },
  { value: "newest", label: "Newest" },
] as const;
export type SortOption = (typeof sortOptions)[number]["value"];

export const colorOptions = [
  { value: "all", label: "All Colors" },
  { value: "blonde", label: "Blonde" },
  { value: "brown", label: "Brown" },
  { value: "black", label: "Black" },
  { value: "red", label: "Red" },
] as const;
export type ColorOption = (typeof colorOptions)[number]["value"];

const sortValues = sortOptions.map((option) => option.value) as [SortOption, ...SortOption[]];
const colorValues = colorOptions.map((option) => option.value) as [ColorOption, ...ColorOption[]];

const priceBound = (fallback: number) =>
  z.coerce.number().int().min(PRICE_MIN).max(PRICE_MAX).catch(fallback).default(fallback);

/**
 * The listing's URL state. Anything malformed falls back to its default rather than failing the page:
 * these parameters come from links and a GET form, and a shopper who edits the URL still deserves a listing.
 * Marked pure so that the bundler drops it, and zod, from the listing page's browser code (it reads the options).
 */
export const listingParamsSchema = /* @__PURE__ */ z
  .object({
    category: z.string().trim().toLowerCase().max(40).optional().catch(undefined),
    q: z.string().trim().max(100).optional().catch(undefined),
    sort: z.enum(sortValues).catch("featured").default("featured"),
    color: z.enum(colorValues).catch("all").default("all"),
    minPrice: priceBound(PRICE_MIN),
    maxPrice: priceBound(PRICE_MAX),
    sale: z.boolean().optional(),
  })
  .transform((params) => ({
    ...params,
    category: params.category || undefined,
    q: params.q || undefined,
    // A reversed range is almost certainly two thumbs dragged past each other: swap rather than show nothing.
    minPrice: Math.min(params.minPrice, params.maxPrice),
    maxPrice: Math.max(params.minPrice, params.maxPrice),
  }));
export type ListingParams = z.output<typeof listingParamsSchema>;

/** Reads listing parameters from a query string; the first value of a repeated key wins. */
export function parseListingParams(searchParams: URLSearchParams, fixed: Partial<ListingParams> = {}): ListingParams {
  const raw: Record<string, string> = {};
  for (const key of ["category", "q", "sort", "color", "minPrice", "maxPrice"]) {
    const value = searchParams.get(key);
    if (value !== null && value !== "") raw[key] = value;
  }
  return listingParamsSchema.parse({ ...raw, ...fixed });
}

const categoryTitles: Record<string, string> = {
  extensions: "Hair Extensions",
  "clip-in": "Clip-In Extensions",
  "tape-in": "Tape-In Extensions",
  wigs: "Wigs",
  accessories: "Hair Accessories",
  sale: "Sale",
};

/** The fixed title of a known category; own keys only, so `__proto__` or `toString` are just unknown values. */
function knownCategoryTitle(category: string): string | undefined {
  return Object.hasOwn(categoryTitles, category) ? categoryTitles[category] : undefined;
}

/** Whether a category is one of the shop's (a value the query chose may be anything). */
export function isKnownCategory(category: string): boolean {
  return knownCategoryTitle(category) !== undefined;
}

/** none = All Products; known categories have fixed titles; anything else is the value capitalised. */
export function listingTitle(category: string | undefined): string {
  if (!category) return "All Products";
  return knownCategoryTitle(category) ?? category.charAt(0).toUpperCase() + category.slice(1);
}

/** 'extensions' is a group of two categories; every other value names one category. */
export function matchesCategory(product: Product, category: string | undefined): boolean {
  if (!category) return true;
  if (category === "extensions") return product.category === "clip-in" || product.category === "tape-in";
  return product.category === category;
}

/** The product's colour and every variant's shade, lower-case: what the colour filter looks in. */
export function productColorText(product: Product): string {
  const shade = product.options.findIndex((option) => SHADE_OPTION_NAMES.includes(option.toLowerCase()));
  const shades = shade < 0 ? [] : product.variants.map((variant) => variant.optionValues[shade] ?? "");
  return [product.color, ...shades].join(" | ").toLowerCase();
}

/**
 * Colour filter: a case-insensitive substring of the product's colour or of any variant's shade ("Honey Blonde" is
 * blonde). `colorText` is productColorText(product), which the catalogue index keeps.
 */
export function matchesColor(product: Product, color: ColorOption, colorText = productColorText(product)): boolean {
  return color === "all" || colorText.includes(color);
}

export function matchesPrice(product: Product, minPrice: number, maxPrice: number): boolean {
  return product.price >= minPrice && product.price <= maxPrice;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[-_]/g, " ");
}

/** What search looks in: name, description and category, normalised. The catalogue index keeps one per product. */
export function productSearchText(product: Product): string {
  return normalise(`${product.name} ${product.description} ${product.category}`);
}

/** The query's words, normalised; none for an empty query. */
export function searchWords(query: string | undefined): string[] {
  return query ? normalise(query).split(/\s+/).filter(Boolean) : [];
}

export function containsEveryWord(searchText: string, words: readonly string[]): boolean {
  return words.every((word) => searchText.includes(word));
}

/** Every word of the query must appear in the name, description or category (case-insensitive). */
export function matchesQuery(product: Product, query: string | undefined): boolean {
  if (!query) return true;
  return containsEveryWord(productSearchText(product), searchWords(query));
}

const comparators: Record<SortOption, ((a: Product, b: Product) => number) | undefined> = {
  featured: undefined,
  "price-low": (a, b) => a.price - b.price,
  "price-high": (a, b) => b.price - a.price,
  rating: (a, b) => b.rating - a.rating,
  newest: (a, b) => Number(Boolean(b.isNew)) - Number(Boolean(a.isNew)),
};

/** Stable sort: ties keep the catalogue ("featured") order. */
export function sortProducts(products: readonly Product[], sort: SortOption): Product[] {
  const comparator = comparators[sort];
  return comparator ? [...products].sort(comparator) : [...products];
}

export function filterProducts(products: readonly Product[], params: ListingParams): Product[] {
  const filtered = products.filter(
    (product) =>
      matchesCategory(product, params.category) &&
      (!params.sale || Boolean(product.isSale)) &&
      matchesColor(product, params.color) &&
      matchesPrice(product, params.minPrice, params.maxPrice) &&
      matchesQuery(product, params.q),
  );
  return sortProducts(filtered, params.sort);
}

/** Which filters differ from their defaults; Clear Filters keeps only the category (and search). */
/** How many filters narrow the listing (the colour, the price range), for the 'Filters' control's count. Sort is not a filter. */
export function activeFilterCount(params: ListingParams): number {
  return Number(params.color !== "all") + Number(params.minPrice !== PRICE_MIN || params.maxPrice !== PRICE_MAX);
}

export function hasActiveFilters(params: ListingParams): boolean {
  return (
    params.sort !== "featured" ||
    params.color !== "all" ||
    params.minPrice !== PRICE_MIN ||
    params.maxPrice !== PRICE_MAX
  );
}

export function categoryLabel(category: ProductCategory): string {
  return knownCategoryTitle(category) ?? category;
}

/** The listing's alias paths (footer links) each fix one filter; /shop takes everything from the query. */
const pathFilters: Record<string, Partial<ListingParams>> = {
  "/extensions/clip-in": { category: "clip-in" },
  "/extensions/tape-in": { category: "tape-in" },
  "/wigs": { category: "wigs" },
  "/accessories": { category: "accessories" },
  "/sale": { sale: true },
};

export function fixedFiltersForPath(pathname: string): Partial<ListingParams> {
  return pathFilters[pathname.replace(/\/+$/, "")] ?? {};
}

export function titleForListing(params: { category?: string; sale?: boolean }): string {
  return params.sale ? "Sale" : listingTitle(params.category);
}

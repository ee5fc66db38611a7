import type { ImageAsset } from "~/content/images";

/**
 * The product-id rule: lower-case letters, digits and dashes, 1 to 64 characters. Short enough that a full visitor
 * cart or wishlist stays far below a cookie's 4 KB; a variant's id follows the same rule (the database checks both).
 */
export const PRODUCT_ID_MAX_LENGTH = 64;
export const PRODUCT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const productCategories = ["clip-in", "tape-in", "wigs", "accessories"] as const;
export type ProductCategory = (typeof productCategories)[number];

export const productStatuses = ["active", "draft", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * One thing a shopper can buy: a product in one length, shade, weight... (its `optionValues`, one for each of the
 * product's `options`). A cart line, a visitor's cookie and an order line name it by `id`; the one variant of a
 * product without choices has the product's own id. Prices are US dollars, as on the product.
 */
export interface ProductVariant {
  id: string;
  sku: string;
  optionValues: readonly string[];
  price: number;
  /** Shown struck through next to `price`; never charged. */
  originalPrice?: number;
  /** Units on hand; null: not tracked (always available). */
  stockOnHand: number | null;
  lowStockThreshold: number | null;
  inStock: boolean;
  /** The variant's own images (first is its cover); empty: the product's. */
  images: readonly ImageAsset[];
}

/**
 * A catalogue product, as in spec section 3, with its variants (issue 38). `price`, `originalPrice` and `inStock`
 * are the product's as a card shows them: its lowest price (and that variant's compare-at price), and whether any
 * variant can be bought. The cart and orders charge the chosen variant's price.
 */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  originalPrice?: number;
  /** The first is the cover. */
  images: readonly ImageAsset[];
  category: ProductCategory;
  length?: string;
  color: string;
  texture?: string;
  rating: number;
  reviewCount: number;
  inStock: boolean;
  isSale?: boolean;
  isNew?: boolean;
  features: readonly string[];
  /** Name and value, in the order the page lists them. */
  specifications: ReadonlyArray<readonly [name: string, value: string]>;
  /** What a shopper chooses between, e.g. ["Length", "Shade"]; every variant has a value for each. */
  options: readonly string[];
  /** At least one; the first is the one a product page opens on. */
  variants: ProductVariant[];
  status: ProductStatus;
  featuredPosition: number;
  /** Moves on with every save: the back office's editor sends it back, so that a stale edit is refused. */
  version: number;
}

/** A product with one of its variants: what a cart line, the product page's choice and an order line are about. */
export interface ProductChoice {
  product: Product;
  variant: ProductVariant;
}

/** Names the option that holds a variant's shade (the listing's colour filter matches any variant's shade). */
export const SHADE_OPTION_NAMES = ["shade", "colour", "color"];

/** "22 inch / Honey Blonde", or undefined for a product without choices (its lines read as they always have). */
export function variantLabel({ product, variant }: ProductChoice): string | undefined {
  return product.variants.length > 1 ? variant.optionValues.join(" / ") : undefined;
}

/** The product's name with the variant chosen, where there was a choice: "Name (22 inch / Honey Blonde)". */
export function choiceName(choice: ProductChoice): string {
  const label = variantLabel(choice);
  return label ? `${choice.product.name} (${label})` : choice.product.name;
}

/** The product page with this variant chosen: `/product/<id>`, plus `?variant=` where there is a choice. */
export function productPath({ product, variant }: ProductChoice): string {
  const base = `/product/${encodeURIComponent(product.id)}`;
  return product.variants.length > 1 ? `${base}?variant=${encodeURIComponent(variant.id)}` : base;
}

/** The variant's images where it has its own, else the product's. */
export function choiceImages({ product, variant }: ProductChoice): readonly ImageAsset[] {
  return variant.images.length > 0 ? variant.images : product.images;
}

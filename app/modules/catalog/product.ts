/**
 * The product-id rule: lower-case letters, digits and dashes, 1 to 64 characters. Short enough that a full visitor
 * cart or wishlist stays far below a cookie's 4 KB; every id the catalogue has (shipped or a generated fixture) fits.
 * The database's product_prices takes up to 100.
 */
export const PRODUCT_ID_MAX_LENGTH = 64;
export const PRODUCT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const productCategories = ["clip-in", "tape-in", "wigs", "accessories"] as const;
export type ProductCategory = (typeof productCategories)[number];

/** A catalogue product, as in spec section 3. Prices are US dollars; the cart and orders use `price`. */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  /** Shown struck through next to `price`; never charged. */
  originalPrice?: number;
  /** Image ids from the image manifest (`app/content/images.ts`); the first is the cover. */
  images: string[];
  category: ProductCategory;
  length?: string;
  color: string;
  texture?: string;
  rating: number;
  reviewCount: number;
  inStock: boolean;
  isSale?: boolean;
  isNew?: boolean;
  features: string[];
  specifications: Record<string, string>;
}

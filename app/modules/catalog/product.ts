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

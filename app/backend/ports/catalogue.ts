// The catalogue's ports (issue 38, decision 0036): what the storefront reads once per process and again when the
// catalogue's version moves, and what the back office writes. Both adapters serve them through the same database
// functions (supabase/migrations/20261202000100_catalogue_in_the_database.sql), so one module maps them
// (rpc/catalogue.server.ts).
import type { ImageAsset } from "~/content/images";
import type { Product, ProductCategory, ProductStatus } from "~/modules/catalog/product";
import type { ShippingRates } from "./shipping";

/** The active catalogue as the shop (anon) reads it; every instance holds a copy in memory. */
export interface CatalogueReader {
  /** Moves on with every change to products, variants, images and shipping rates: a cheap "has it changed?". */
  version(): Promise<number>;
  /** Every active product (in id order) and the version they were read at, page by page. */
  readAll(): Promise<{ version: number; products: Product[] }>;
  /** The shipping rates (public.shipping_rates, decision 0039), read with the products. */
  shippingRates(): Promise<ShippingRates>;
}

/** A variant as the editor saves it. Prices in cents. */
export interface VariantInput {
  id: string;
  sku: string;
  optionValues: string[];
  priceCents: number;
  compareAtCents: number | null;
  trackStock: boolean;
  /** Read for a new variant, or when tracking starts; otherwise counts change through `changeStock`. */
  stockOnHand: number | null;
  lowStockThreshold: number | null;
  imageIds: string[];
}

/** A product as the editor saves it: every field, its options, variants and images in their order. */
export interface ProductInput {
  id: string;
  name: string;
  description: string;
  category: ProductCategory;
  length: string | null;
  color: string;
  texture: string | null;
  rating: number;
  reviewCount: number;
  isNew: boolean;
  isSale: boolean;
  features: string[];
  specifications: Array<[name: string, value: string]>;
  options: string[];
  status: ProductStatus;
  featuredPosition: number | null;
  images: Array<{ id: string; alt: string }>;
  variants: VariantInput[];
}

export interface StockMovement {
  id: number;
  variantId: string;
  sku: string;
  fromCount: number | null;
  toCount: number | null;
  reason: "order" | "cancellation" | "staff" | "import";
  note: string | null;
  orderId: string | null;
  actorLabel: string;
  /** ISO 8601. */
  at: string;
}

/** How the back office's product list is ordered: the shop's own (featured) order, or newest first. */
export const productListSorts = ["featured", "newest"] as const;
export type ProductListSort = (typeof productListSorts)[number];

export interface ProductListFilter {
  /** Part of the name, id or a SKU; "" for every product. */
  search: string;
  status: ProductStatus | null;
  sort: ProductListSort;
}

/** A row of the back office's product list. Prices in cents. */
export interface ProductListRow {
  id: string;
  name: string;
  status: ProductStatus;
  category: ProductCategory;
  featuredPosition: number;
  /** ISO 8601. */
  createdAt: string;
  cover: ImageAsset | null;
  variantCount: number;
  minPriceCents: number;
  maxPriceCents: number;
  /** Units on hand over the tracked variants; null when none is tracked. */
  stockOnHand: number | null;
  untrackedVariants: number;
}

/** The back office's catalogue, as the session's user: every call is refused (in the database too) unless staff. */
export interface StaffCataloguePort {
  listProducts(
    input: ProductListFilter & { limit: number; offset: number },
  ): Promise<{ products: ProductListRow[]; totalCount: number }>;
  /** Any status; null when there is no such product. */
  product(id: string): Promise<Product | null>;
  /**
   * Creates (expectedVersion null) or updates a product. BackendError "product_changed" when someone saved it since
   * `expectedVersion`, "id_taken" when the id or a SKU belongs to another product.
   */
  saveProduct(input: ProductInput, expectedVersion: number | null): Promise<{ id: string; version: number }>;
  /** Sets or adjusts a tracked variant's count, with a reason; "product_changed" when the count moved meanwhile. */
  changeStock(input: {
    variantId: string;
    mode: "set" | "adjust";
    amount: number;
    note: string;
    expectedCount: number | null;
  }): Promise<number>;
  stockHistory(productId: string, limit?: number): Promise<StockMovement[]>;
  /** Every product of any status with its variants, in id order, page by page and paced (the CSV export). */
  exportProducts(): AsyncIterable<Product>;
}

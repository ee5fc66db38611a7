// The catalogue's ports over the database functions both adapters call alike (catalogue_page, catalogue_version,
// staff_product, staff_save_product, staff_change_stock, staff_stock_history): one copy of the arguments and of the
// mapping of their JSON answers, as rpc/staff.server.ts does for the back office's orders. The adapter supplies the
// call: as the shop (anon) for the storefront's reader, as the session's user for the back office.
import { BackendError } from "~/backend/errors";
import type {
  CatalogueReader,
  ProductInput,
  ProductListRow,
  StaffCataloguePort,
  StockMovement,
} from "~/backend/ports/catalogue";
import { toImageAsset, type ImageRow } from "~/backend/rows.server";
import type { ImageAsset } from "~/content/images";
import { createInterner, type Interner } from "~/modules/catalog/interner";
import type { Product, ProductCategory, ProductStatus, ProductVariant } from "~/modules/catalog/product";
import type { RpcCall } from "./rpc-call";
import { readShippingRates } from "./shipping.server";
import { EXPORT_BATCH, pacedPage } from "./staff.server";

/** Products per page when an instance reads the catalogue: a page is a few hundred kilobytes of JSON at most. */
export const CATALOGUE_PAGE_SIZE = 500;

interface VariantRow {
  id: string;
  sku: string;
  option_values: string[];
  price_cents: number;
  compare_at_cents: number | null;
  stock_on_hand: number | null;
  low_stock_threshold: number | null;
  image_ids: string[];
}

/** public.catalogue_product_json: the products row with its variants and images. */
export interface CatalogueProductRow {
  id: string;
  name: string;
  description: string;
  category: ProductCategory;
  length: string | null;
  color: string;
  texture: string | null;
  rating: number | string;
  review_count: number;
  is_new: boolean;
  is_sale: boolean;
  features: string[];
  specifications: Array<[string, string]>;
  option_names: string[];
  status: ProductStatus;
  featured_position: number;
  version: number;
  variants: VariantRow[];
  images: ImageRow[];
}

interface StockMovementRow {
  id: number | string;
  variant_id: string;
  sku: string;
  from_count: number | null;
  to_count: number | null;
  reason: StockMovement["reason"];
  note: string | null;
  order_id: string | null;
  actor_label: string;
  created_at: string;
}

/** public.staff_products_page's rows. */
interface ProductListEntry {
  id: string;
  name: string;
  status: ProductListRow["status"];
  category: ProductListRow["category"];
  featured_position: number;
  created_at: string;
  cover: ImageRow | null;
  variant_count: number | string;
  min_price_cents: number | string;
  max_price_cents: number | string;
  stock_on_hand: number | string | null;
  untracked_variants: number | string;
}

function toProductListRow(row: ProductListEntry): ProductListRow {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    category: row.category,
    featuredPosition: Number(row.featured_position),
    createdAt: new Date(row.created_at).toISOString(),
    cover: row.cover ? toImageAsset(row.cover) : null,
    variantCount: Number(row.variant_count),
    minPriceCents: Number(row.min_price_cents),
    maxPriceCents: Number(row.max_price_cents),
    stockOnHand: row.stock_on_hand === null ? null : Number(row.stock_on_hand),
    untrackedVariants: Number(row.untracked_variants),
  };
}

const dollars = (cents: number) => cents / 100;

/** Most variants show their product's images: one empty list for all of them. */
const NO_OWN_IMAGES: readonly ImageAsset[] = Object.freeze([]);

function toVariant(row: VariantRow, imagesById: ReadonlyMap<string, ImageAsset>, intern: Interner): ProductVariant {
  const stockOnHand = row.stock_on_hand === null ? null : Number(row.stock_on_hand);
  return {
    id: row.id,
    sku: row.sku,
    optionValues: intern.list(row.option_values),
    price: dollars(Number(row.price_cents)),
    ...(row.compare_at_cents === null ? {} : { originalPrice: dollars(Number(row.compare_at_cents)) }),
    stockOnHand,
    lowStockThreshold: row.low_stock_threshold === null ? null : Number(row.low_stock_threshold),
    inStock: stockOnHand === null || stockOnHand > 0,
    images: row.image_ids.length === 0 ? NO_OWN_IMAGES : row.image_ids.flatMap((id) => imagesById.get(id) ?? []),
  };
}

/**
 * A product as the app reads it. Its card price is its lowest variant's (with that variant's compare-at price), and
 * it is in stock while any variant is: a product with none shows the spec's out-of-stock state by itself. `intern`
 * shares texts and lists that other products repeat (one interner for a whole read of the catalogue).
 */
export function toProduct(row: CatalogueProductRow, intern: Interner = createInterner()): Product {
  const images = row.images.map((image) => toImageAsset(image, intern));
  const imagesById = new Map(images.map((image) => [image.id, image]));
  const variants = row.variants.map((variant) => toVariant(variant, imagesById, intern));
  const cheapest = variants.reduce<ProductVariant | undefined>(
    (best, variant) => (!best || variant.price < best.price ? variant : best),
    undefined,
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: cheapest?.price ?? 0,
    ...(cheapest?.originalPrice === undefined ? {} : { originalPrice: cheapest.originalPrice }),
    images,
    category: intern.text(row.category) as ProductCategory,
    ...(row.length === null ? {} : { length: intern.text(row.length) }),
    color: intern.text(row.color),
    ...(row.texture === null ? {} : { texture: intern.text(row.texture) }),
    rating: Number(row.rating),
    reviewCount: Number(row.review_count),
    inStock: variants.some((variant) => variant.inStock),
    ...(row.is_sale ? { isSale: true } : {}),
    ...(row.is_new ? { isNew: true } : {}),
    features: row.features.map(intern.text),
    specifications: row.specifications.map((pair) => intern.list(pair) as readonly [string, string]),
    options: intern.list(row.option_names),
    variants,
    status: row.status,
    featuredPosition: Number(row.featured_position),
    version: Number(row.version),
  };
}

/** The storefront's reader: every page of the active catalogue, as whoever `rpc` calls as (the shop: anon). */
export function createCatalogueReader(rpc: RpcCall): CatalogueReader {
  return {
    version: async () => Number(await rpc("catalogue_version", {})),
    shippingRates: () => readShippingRates(rpc),
    async readAll() {
      const products: Product[] = [];
      let after: string | null = null;
      let version: number | undefined;
      const intern = createInterner();
      for (;;) {
        const page = (await rpc("catalogue_page", {
          p_after: [after, "text"],
          p_limit: [CATALOGUE_PAGE_SIZE, "integer"],
        })) as { version: number; products: CatalogueProductRow[] };
        // The first page's version: a change after it moves the version on, so the next check reads again.
        version ??= Number(page.version);
        products.push(...page.products.map((row) => toProduct(row, intern)));
        if (page.products.length < CATALOGUE_PAGE_SIZE) break;
        after = page.products[page.products.length - 1]?.id ?? null;
      }
      return { version, products };
    },
  };
}

function toProductRow(input: ProductInput) {
  return {
    id: input.id,
    name: input.name,
    description: input.description,
    category: input.category,
    length: input.length,
    color: input.color,
    texture: input.texture,
    rating: input.rating,
    review_count: input.reviewCount,
    is_new: input.isNew,
    is_sale: input.isSale,
    features: input.features,
    specifications: input.specifications,
    option_names: input.options,
    status: input.status,
    featured_position: input.featuredPosition,
    images: input.images,
    variants: input.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      option_values: variant.optionValues,
      price_cents: variant.priceCents,
      compare_at_cents: variant.compareAtCents,
      track_stock: variant.trackStock,
      stock_on_hand: variant.stockOnHand,
      low_stock_threshold: variant.lowStockThreshold,
      image_ids: variant.imageIds,
    })),
  };
}

function toStockMovement(row: StockMovementRow): StockMovement {
  return {
    id: Number(row.id),
    variantId: row.variant_id,
    sku: row.sku,
    fromCount: row.from_count,
    toCount: row.to_count,
    reason: row.reason,
    note: row.note,
    orderId: row.order_id,
    actorLabel: row.actor_label,
    at: new Date(row.created_at).toISOString(),
  };
}

const MAX_HISTORY = 500;

/** The back office's catalogue, as the session's user (the database refuses anyone but staff). */
export function createStaffCataloguePort(rpc: RpcCall): StaffCataloguePort {
  return {
    async listProducts({ search, status, sort, limit, offset }) {
      const page = (await rpc("staff_products_page", {
        p_search: [search, "text"],
        p_status: [status, "text"],
        p_sort: [sort, "text"],
        p_offset: [offset, "integer"],
        p_limit: [limit, "integer"],
      })) as { total_count: number | string; products: ProductListEntry[] };
      return { products: page.products.map(toProductListRow), totalCount: Number(page.total_count) };
    },
    async product(id) {
      const row = (await rpc("staff_product", { p_id: [id, "text"] })) as CatalogueProductRow | null;
      return row ? toProduct(row) : null;
    },
    async saveProduct(input, expectedVersion) {
      const saved = (await rpc("staff_save_product", {
        p_product: [toProductRow(input), "jsonb"],
        p_expected_version: [expectedVersion, "integer"],
      })) as { id: string; version: number };
      return { id: saved.id, version: Number(saved.version) };
    },
    async changeStock({ variantId, mode, amount, note, expectedCount }) {
      if (!Number.isInteger(amount)) throw new BackendError("invalid_input", "Give a whole number of units.");
      return Number(
        await rpc("staff_change_stock", {
          p_variant_id: [variantId, "text"],
          p_mode: [mode, "text"],
          p_amount: [amount, "integer"],
          p_note: [note, "text"],
          p_expected_count: [expectedCount, "integer"],
        }),
      );
    },
    async stockHistory(productId, limit = 50) {
      const rows = (await rpc("staff_stock_history", {
        p_product_id: [productId, "text"],
        p_limit: [Math.min(Math.max(1, limit), MAX_HISTORY), "integer"],
      })) as StockMovementRow[];
      return rows.map(toStockMovement);
    },
    // catalogue_page is security invoker: as staff, row-level security shows every product, drafts and archived too.
    // Paced as the orders export is (decision 0035): a page, then a rest twice as long.
    async *exportProducts() {
      let after: string | null = null;
      for (;;) {
        const { page, rest } = await pacedPage(
          async () =>
            (await rpc("catalogue_page", {
              p_after: [after, "text"],
              p_limit: [EXPORT_BATCH, "integer"],
            })) as { products: CatalogueProductRow[] },
        );
        yield* page.products.map((row) => toProduct(row));
        after = page.products.at(-1)?.id ?? null;
        if (!after || page.products.length < EXPORT_BATCH) return;
        await rest();
      }
    },
  };
}

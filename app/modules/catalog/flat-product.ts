import { imageAssets, type ImageAsset } from "~/content/images";
import type { Product, ProductCategory } from "~/modules/catalog/product";

/**
 * A product in spec section 3's flat shape: one price, one stock flag, images by their manifest id. The benchmark's
 * generated catalogue (CATALOG_FIXTURE) and the tests' small catalogues are written so; each becomes a product of one
 * variant (with the product's id) chosen by its length and colour, as the shipped products were seeded.
 */
export interface FlatProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  originalPrice?: number;
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

export function productFromFlat(flat: FlatProduct, featuredPosition = 0): Product {
  const { images, specifications, inStock, ...fields } = flat;
  const assets = images.flatMap((id): ImageAsset[] => (imageAssets[id] ? [imageAssets[id]] : []));
  return {
    ...fields,
    inStock,
    images: assets,
    specifications: Object.entries(specifications),
    options: flat.length ? ["Length", "Shade"] : ["Shade"],
    variants: [
      {
        id: flat.id,
        sku: `LS-${flat.id.toUpperCase()}`,
        optionValues: flat.length ? [flat.length, flat.color] : [flat.color],
        price: flat.price,
        ...(flat.originalPrice === undefined ? {} : { originalPrice: flat.originalPrice }),
        stockOnHand: inStock ? null : 0,
        lowStockThreshold: null,
        inStock,
        images: [],
      },
    ],
    status: "active",
    featuredPosition,
    version: 1,
  };
}

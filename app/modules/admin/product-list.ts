// The back office's product list: the filter a URL asks for, and each row as the page shows it.

import {
  productListSorts,
  type ProductListFilter,
  type ProductListRow,
  type ProductListSort,
} from "~/backend/ports/catalogue";
import { productStatuses, type ProductStatus } from "~/modules/catalog/product";
import { formatCents } from "~/modules/money";

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const PRODUCT_SEARCH_MAX_LENGTH = 100;

export const productStatusLabels: Record<ProductStatus, string> = {
  active: "Active",
  draft: "Draft",
  archived: "Archived",
};

export const productSortLabels: Record<ProductListSort, string> = {
  featured: "Shop order (featured first)",
  newest: "Newest first",
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** `?status=` (one of the statuses, else every product), `?sort=` (featured unless newest) and `?q=` (trimmed, cut). */
export function parseProductFilter(searchParams: URLSearchParams): ProductListFilter {
  const status = searchParams.get("status");
  const sort = searchParams.get("sort");
  return {
    status: isOneOf(productStatuses, status) ? status : null,
    sort: isOneOf(productListSorts, sort) ? sort : "featured",
    search: (searchParams.get("q") ?? "").trim().slice(0, PRODUCT_SEARCH_MAX_LENGTH),
  };
}

/** A list row as the page shows it: its prices and stock in words. */
export interface AdminProductRow {
  id: string;
  name: string;
  status: ProductStatus;
  cover: ProductListRow["cover"];
  price: string;
  stock: string;
  /** True when no tracked unit is left and nothing is untracked: the shop shows it as out of stock. */
  soldOut: boolean;
}

export function toAdminProductRow(row: ProductListRow): AdminProductRow {
  const price =
    row.minPriceCents === row.maxPriceCents
      ? formatCents(row.minPriceCents)
      : `${formatCents(row.minPriceCents)} – ${formatCents(row.maxPriceCents)}`;
  const variants = `${row.variantCount} ${row.variantCount === 1 ? "variant" : "variants"}`;
  let stock: string;
  if (row.stockOnHand === null) stock = `Not tracked · ${variants}`;
  else if (row.untrackedVariants > 0) stock = `${row.stockOnHand} in stock, some not tracked · ${variants}`;
  else stock = `${row.stockOnHand} in stock · ${variants}`;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    cover: row.cover,
    price,
    stock,
    soldOut: row.stockOnHand === 0 && row.untrackedVariants === 0,
  };
}

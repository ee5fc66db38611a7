// The product editor's read-only parts, as the page shows them: each variant's stock, and the stock history.

import type { StockMovement } from "~/backend/ports/catalogue";
import { variantLabel, type Product } from "~/modules/catalog/product";
import { formatShopDateTime } from "./order-rows";

const reasonLabels: Record<StockMovement["reason"], string> = {
  order: "Order",
  cancellation: "Cancelled order",
  staff: "Staff",
  import: "Import",
};

export function stockVariantViews(product: Product) {
  return product.variants.map((variant) => ({
    id: variant.id,
    label: variantLabel({ product, variant }) ?? product.name,
    sku: variant.sku,
    stockOnHand: variant.stockOnHand,
    lowStockThreshold: variant.lowStockThreshold,
  }));
}

const count = (value: number | null) => (value === null ? "not tracked" : String(value));

export function stockMovementViews(history: readonly StockMovement[], timeZone: string) {
  return history.map((movement) => ({
    id: movement.id,
    sku: movement.sku,
    change: `${count(movement.fromCount)} → ${count(movement.toCount)}`,
    reason: movement.note ? `${reasonLabels[movement.reason]}: ${movement.note}` : reasonLabels[movement.reason],
    by: movement.actorLabel,
    at: formatShopDateTime(movement.at, timeZone),
  }));
}

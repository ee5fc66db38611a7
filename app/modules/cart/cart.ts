import { MAX_CART_LINE_QUANTITY, MAX_ORDER_LINES } from "~/backend/constants";
import type { ImageAsset } from "~/content/images";
import { choiceImages, productPath, variantLabel, type Product, type ProductChoice } from "~/modules/catalog/product";
import { toCents } from "~/modules/money";

/** The most units of one product a cart line may hold (the database checks it too). */
export const MAX_LINE_QUANTITY = MAX_CART_LINE_QUANTITY;
/**
 * The most distinct products a cart may hold: one order's worth. Together with the line cap it bounds the
 * visitor cookie far below the browser's 4 KB per cookie (see cart-cookie.server.test.ts).
 */
export const MAX_CART_LINES = MAX_ORDER_LINES;

/**
 * What is stored for a cart, in the cookie or in cart_items: never names or prices, which come from the catalogue.
 * `productId` names the variant in the cart (a one-variant product's variant has the product's id; decision 0036).
 */
export interface CartEntry {
  productId: string;
  quantity: number;
}

/**
 * A cart line as shown to the shopper: `id` and `productId` are what the entry names (the variant), `productPath`
 * the product page it links to (the variant chosen).
 */
export interface CartLine {
  id: string;
  productId: string;
  productPath: string;
  name: string;
  /** "22 inch / Honey Blonde" where the product has several variants. */
  variantLabel?: string;
  price: number;
  images: readonly ImageAsset[];
  quantity: number;
  category: Product["category"];
  inStock: boolean;
  /** price × quantity, in cents, so that sums never drift. */
  lineTotalCents: number;
}

export interface CartSummary {
  lines: CartLine[];
  totalItems: number;
  totalAmountCents: number;
}

export type CartChange =
  | { intent: "add"; productId: string; quantity: number }
  | { intent: "set"; productId: string; quantity: number }
  | { intent: "remove"; productId: string }
  | { intent: "clear" };

export interface ChangeResult {
  entries: CartEntry[];
  /** Set when the change asked for more than a limit allows; the cart holds as much as it may. */
  limited?: "line-quantity" | "line-count";
}

/** Applies one change to a cart: add raises an existing line, set to 0 or below removes it. */
export function applyCartChange(entries: readonly CartEntry[], change: CartChange): ChangeResult {
  switch (change.intent) {
    case "clear":
      return { entries: [] };
    case "remove":
      return { entries: entries.filter((entry) => entry.productId !== change.productId) };
    case "add":
    case "set": {
      const existing = entries.find((entry) => entry.productId === change.productId);
      const wanted = change.intent === "add" ? (existing?.quantity ?? 0) + change.quantity : change.quantity;
      if (wanted <= 0) return { entries: entries.filter((entry) => entry.productId !== change.productId) };
      const quantity = Math.min(wanted, MAX_LINE_QUANTITY);
      const limited = wanted > MAX_LINE_QUANTITY ? ("line-quantity" as const) : undefined;
      if (existing) {
        return {
          entries: entries.map((entry) => (entry.productId === change.productId ? { ...entry, quantity } : entry)),
          limited,
        };
      }
      if (entries.length >= MAX_CART_LINES) return { entries: [...entries], limited: "line-count" };
      return { entries: [...entries, { productId: change.productId, quantity }], limited };
    }
  }
}

/** Adds a visitor's cart into a member's: quantities add up, capped per line; nothing is dropped silently. */
export function mergeCarts(into: readonly CartEntry[], from: readonly CartEntry[]): CartEntry[] {
  return from.reduce<CartEntry[]>(
    (merged, entry) =>
      applyCartChange(merged, { intent: "add", productId: entry.productId, quantity: entry.quantity }).entries,
    [...into],
  );
}

/**
 * Resolves stored entries against the catalogue. Entries for products that no longer exist are returned
 * separately so that the caller can delete them from storage.
 */
export function summarizeCart(
  entries: readonly CartEntry[],
  findChoice: (variantId: string) => ProductChoice | undefined,
): CartSummary & { vanished: string[] } {
  const lines: CartLine[] = [];
  const vanished: string[] = [];
  for (const entry of entries) {
    const choice = findChoice(entry.productId);
    if (!choice) {
      vanished.push(entry.productId);
      continue;
    }
    const { product, variant } = choice;
    const label = variantLabel(choice);
    lines.push({
      id: variant.id,
      productId: variant.id,
      productPath: productPath(choice),
      name: product.name,
      ...(label ? { variantLabel: label } : {}),
      price: variant.price,
      images: choiceImages(choice),
      quantity: entry.quantity,
      category: product.category,
      inStock: variant.inStock,
      lineTotalCents: toCents(variant.price) * entry.quantity,
    });
  }
  return {
    lines,
    vanished,
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalAmountCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
}

/** "1 item" / "3 items in your cart". */
export function cartCountLine(totalItems: number): string {
  return `${totalItems} ${totalItems === 1 ? "item" : "items"} in your cart`;
}

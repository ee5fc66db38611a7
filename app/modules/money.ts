const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.50": prices and totals in dollars with 2 decimals (docs/product.md, Rules). */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** Order amounts are stored in minor units; shown in the order's currency, US locale. */
export function formatCents(cents: number, currency = "usd"): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}

/** Whole cents from a dollar price, without floating-point drift (19.99 * 100 = 1998.9999…). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

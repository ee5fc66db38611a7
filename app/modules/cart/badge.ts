/** The header badge: hidden at 0, the count up to 99, then '99+' (docs/product.md, Rules). */
export function cartBadgeLabel(totalItems: number): string | null {
  if (totalItems <= 0) return null;
  return totalItems > 99 ? "99+" : String(totalItems);
}

// Display helpers for product cards and pages. Kept apart from listing.ts, whose URL schema needs zod: these run
// in the browser on every page with a product card, and zod would come along.

/** Stars drawn for a rating: the floor, out of 5. */
export function filledStars(rating: number): number {
  return Math.max(0, Math.min(5, Math.floor(rating)));
}

/**
 * The id of the element that shows a product on a page (its card, or the product page's details): a plain Add to
 * Cart post returns there (routes/cart/cart-endpoint.tsx).
 */
export function productAnchorId(productId: string): string {
  return `product-${productId}`;
}

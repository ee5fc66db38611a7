// Display helpers for product cards and pages. Kept apart from listing.ts, whose URL schema needs zod: these run
// in the browser on every page with a product card, and zod would come along.

/** Stars drawn for a rating: the floor, out of 5 (spec 9). */
export function filledStars(rating: number): number {
  return Math.max(0, Math.min(5, Math.floor(rating)));
}

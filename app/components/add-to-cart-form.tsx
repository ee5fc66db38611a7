import { useFetcher } from "@remix-run/react";
import { ShoppingBag } from "~/components/icons";

/**
 * Adds one unit of a product (cards, the wishlist). A plain HTML form without JavaScript (the cart action
 * redirects back to this page); with JavaScript a fetcher posts it in place, so the shopper stays where they
 * are and the badge updates optimistically.
 */
export function AddToCartForm({ productId, productName, inStock }: { productId: string; productName: string; inStock: boolean }) {
  const fetcher = useFetcher();
  if (!inStock) {
    return (
      <button type="button" disabled className="btn-outline w-full">
        Out of Stock
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart" className="w-full">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {/* The accessible name starts with the visible words (WCAG 2.5.3) and says which product. */}
      <button type="submit" className="btn-primary w-full px-3 sm:px-6" aria-label={`Add to Cart: ${productName}`}>
        <ShoppingBag aria-hidden className="hidden size-4 min-[400px]:block" />
        Add to Cart
      </button>
    </fetcher.Form>
  );
}

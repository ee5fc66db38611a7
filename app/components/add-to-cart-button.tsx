import { ShoppingBag } from "~/components/icons";
import { AddToCartForm } from "~/routes/cart/cart-endpoint";

/** A product card's Add to Cart (listings, the wishlist): one unit, or a disabled button when the product is sold out. */
export function AddToCartButton({
  productId,
  productName,
  inStock,
}: {
  productId: string;
  productName: string;
  inStock: boolean;
}) {
  if (!inStock) {
    return (
      <button type="button" disabled className="btn-outline w-full">
        Out of Stock
      </button>
    );
  }
  return (
    <AddToCartForm productId={productId} className="w-full">
      {/* The accessible name starts with the visible words (WCAG 2.5.3) and says which product. */}
      <button type="submit" className="btn-primary w-full px-3 sm:px-6" aria-label={`Add to Cart: ${productName}`}>
        <ShoppingBag aria-hidden className="hidden size-4 min-[400px]:block" />
        Add to Cart
      </button>
    </AddToCartForm>
  );
}

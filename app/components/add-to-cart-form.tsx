import { Form } from "@remix-run/react";
import { ShoppingBag } from "lucide-react";

/** Posts one unit (or the chosen quantity) to the cart endpoint; works as a plain HTML form. */
export function AddToCartForm({
  productId,
  productName,
  inStock,
  quantity,
}: {
  productId: string;
  productName: string;
  inStock: boolean;
  quantity?: number;
}) {
  if (!inStock) {
    return (
      <button type="button" disabled className="btn-outline w-full">
        Out of Stock
      </button>
    );
  }
  return (
    <Form method="post" action="/cart" className="w-full">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {quantity ? <input type="hidden" name="quantity" value={quantity} /> : null}
      <button type="submit" className="btn-primary w-full" aria-label={`Add ${productName} to cart`}>
        <ShoppingBag aria-hidden className="size-4" />
        Add to Cart
      </button>
    </Form>
  );
}

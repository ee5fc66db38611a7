import { Link } from "@remix-run/react";

import { FormErrors } from "./form-field";
import { ShoppingBag } from "./icons";

/** The checkout with nothing to order: the empty cart, and why a post ordered nothing when that is the reason. */
export function EmptyCheckout({ errorId, errors }: { errorId: string; errors: readonly string[] | undefined }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <FormErrors id={errorId} errors={errors} className="mb-8 w-full rounded-xl p-4 text-left" />
      <ShoppingBag aria-hidden className="size-12 text-sand-200" />
      <h1 className="mt-4 font-serif text-3xl text-ink">Your cart is empty</h1>
      <p className="mt-3 text-ink-muted">Add some beautiful hair extensions to get started!</p>
      <Link to="/shop" className="btn-primary mt-8">
        Continue Shopping
      </Link>
    </div>
  );
}

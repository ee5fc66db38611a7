import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";

import { CartContents } from "~/components/cart-contents";
import type { loader as rootLoader } from "~/root";
import { useOptimisticCart } from "~/routes/cart/cart-endpoint";
import { originFromMatches, seo } from "~/site/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Shopping Cart",
    description:
      "The items in your Luxe Strands shopping cart: change quantities, remove items or proceed to checkout.",
    origin: originFromMatches(matches),
    path: "/cart",
    noIndex: true,
  });

/** The cart panel as a page: what the header's cart button leads to without JavaScript (the index route of the cart endpoint). */
export default function CartPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const cart = useOptimisticCart(root?.cart ?? { lines: [], totalItems: 0, totalAmountCents: 0 });
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col px-4 py-10">
      <h1 className="font-serif text-3xl text-ink">Shopping Cart</h1>
      <CartContents
        cart={cart}
        redirectTo="/cart"
        lineHeadingLevel={2}
        continueShopping={
          <Link to="/shop" className="btn-outline w-full">
            Continue Shopping
          </Link>
        }
      />
    </div>
  );
}

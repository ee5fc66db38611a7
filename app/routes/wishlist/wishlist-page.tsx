import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { backendUnavailable, isBackendUnavailable } from "~/backend/unavailable.server";
import { AddToCartButton } from "~/components/add-to-cart-button";
import { Heart, Trash2 } from "~/components/icons";
import { Price } from "~/components/price";
import { ProductCardCover, ProductCardTitle } from "~/components/product-card";
import { getSession } from "~/modules/auth/session.server";
import { productAnchorId } from "~/modules/catalog/display";
import { loadWishlist } from "~/modules/wishlist/wishlist-store.server";
import { RemoveFromWishlistForm, useWishlistRemovals } from "~/routes/wishlist/wishlist-endpoint";

// The /wishlist page, the index route of the wishlist endpoint (wishlist-endpoint.tsx).

/** This page cannot work without the shopper's stored list: the 503 page, not a 500. */
function rethrowUnavailable(error: unknown): never {
  throw isBackendUnavailable(error) ? backendUnavailable() : error;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context).catch(rethrowUnavailable);
  const { products } = await loadWishlist(request, session).catch(rethrowUnavailable);
  return data({
    products: products.map(({ id, name, price, originalPrice, images, category, inStock }) => ({
      id,
      name,
      price,
      originalPrice,
      images,
      category,
      inStock,
    })),
  });
}

export const meta: MetaFunction = () => [
  { title: "My Wishlist | Luxe Strands" },
  { name: "robots", content: "noindex" },
];

export default function WishlistPage() {
  const { products } = useLoaderData<typeof loader>();
  // Products whose removal is in flight leave the list at once (with JavaScript); the server confirms.
  const removing = useWishlistRemovals();
  const shown = products.filter((product) => !removing.has(product.id));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="font-serif text-4xl text-ink">My Wishlist</h1>
      {shown.length === 0 ? (
        <div className="mx-auto mt-12 flex max-w-md flex-col items-center text-center">
          <Heart aria-hidden className="size-12 text-brand-700" />
          <h2 className="mt-4 font-serif text-2xl text-ink">Your wishlist is empty</h2>
          <p className="mt-2 text-ink-muted">Tap the heart on any product to save it here for later.</p>
          <Link to="/shop" className="btn-primary mt-6">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-muted">
            {shown.length} {shown.length === 1 ? "product" : "products"} saved
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((product) => (
              <WishlistItem key={product.id} product={product} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

type WishlistProduct = ReturnType<typeof useLoaderData<typeof loader>>["products"][number];

function WishlistItem({ product }: { product: WishlistProduct }) {
  return (
    // Its id is where a plain Add to Cart post returns to, clear of the sticky header.
    <li
      id={productAnchorId(product.id)}
      className="flex scroll-mt-20 flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white"
      data-testid="wishlist-item"
    >
      <ProductCardCover product={product} sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <ProductCardTitle product={product} as="h2" className="text-lg" />
        <Price price={product.price} originalPrice={product.originalPrice} />
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <AddToCartButton productId={product.id} productName={product.name} inStock={product.inStock} />
          <RemoveFromWishlistForm productId={product.id}>
            <button type="submit" className="btn-outline w-full" aria-label={`Remove ${product.name} from wishlist`}>
              <Trash2 aria-hidden className="size-4" />
              Remove
            </button>
          </RemoveFromWishlistForm>
        </div>
      </div>
    </li>
  );
}

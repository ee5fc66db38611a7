import { Link } from "@remix-run/react";

import { AddToCartButton } from "~/components/add-to-cart-button";
import { Price } from "~/components/price";
import { ProductBadges } from "~/components/product-badges";
import { ResponsiveImage } from "~/components/responsive-image";
import { StarRating } from "~/components/star-rating";
import { productAnchorId } from "~/modules/catalog/display";
import type { Product } from "~/modules/catalog/product";

export type ProductCardData = Pick<
  Product,
  | "id"
  | "name"
  | "price"
  | "originalPrice"
  | "images"
  | "category"
  | "rating"
  | "reviewCount"
  | "inStock"
  | "isNew"
  | "isSale"
>;

/** The card image's rendered widths: the listing's lead-image preload uses them too. */
export const PRODUCT_CARD_IMAGE_SIZES = "(min-width: 1024px) 22rem, 46vw";

export function ProductCard({ product, priority = false }: { product: ProductCardData; priority?: boolean }) {
  const cover = product.images[0];
  return (
    // Its id is where a plain Add to Cart post returns to; the margin keeps it clear of the sticky header.
    <article
      id={productAnchorId(product.id)}
      className="group flex scroll-mt-20 flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white transition-shadow hover:shadow-lg"
    >
      <Link
        to={`/product/${product.id}`}
        className="relative block aspect-[4/5] overflow-hidden bg-sand-100"
        tabIndex={-1}
        aria-hidden
      >
        {cover ? (
          <ResponsiveImage
            image={cover}
            alt=""
            priority={priority}
            sizes={PRODUCT_CARD_IMAGE_SIZES}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : null}
        <ProductBadges product={product} className="absolute left-3 top-3" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="text-xs font-medium uppercase tracking-wider text-ink-muted">{product.category}</p>
        <h3 className="font-serif text-base leading-snug text-ink sm:text-lg">
          <Link to={`/product/${product.id}`} className="hover:text-brand-700">
            {product.name}
          </Link>
        </h3>
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <Price price={product.price} originalPrice={product.originalPrice} />
        </div>
        <AddToCartButton productId={product.id} productName={product.name} inStock={product.inStock} />
      </div>
    </article>
  );
}

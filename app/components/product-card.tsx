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
  return (
    // Its id is where a plain Add to Cart post returns to; the margin keeps it clear of the sticky header.
    <article
      id={productAnchorId(product.id)}
      className="group flex scroll-mt-20 flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white transition-shadow hover:shadow-lg"
    >
      <ProductCardCover
        product={product}
        sizes={PRODUCT_CARD_IMAGE_SIZES}
        priority={priority}
        className="relative"
        imageClassName="transition-transform duration-500 group-hover:scale-105"
      >
        <ProductBadges product={product} className="absolute left-3 top-3" />
      </ProductCardCover>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <ProductCardTitle product={product} as="h3" className="text-base sm:text-lg" />
        <StarRating rating={product.rating} reviewCount={product.reviewCount} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <Price price={product.price} originalPrice={product.originalPrice} />
        </div>
        <AddToCartButton productId={product.id} productName={product.name} inStock={product.inStock} />
      </div>
    </article>
  );
}

/** A product card's image, a link to the product that screen readers skip (the name is the link they get). */
export function ProductCardCover({
  product,
  sizes,
  priority = false,
  className = "",
  imageClassName = "",
  children,
}: {
  product: Pick<Product, "id" | "images">;
  sizes: string;
  priority?: boolean;
  className?: string;
  imageClassName?: string;
  /** Drawn over the image (badges). */
  children?: React.ReactNode;
}) {
  const cover = product.images[0];
  return (
    <Link
      to={`/product/${product.id}`}
      className={`block aspect-[4/5] overflow-hidden bg-sand-100 ${className}`.trim()}
      tabIndex={-1}
      aria-hidden
    >
      {cover ? (
        <ResponsiveImage
          image={cover}
          alt=""
          priority={priority}
          sizes={sizes}
          className={`size-full object-cover ${imageClassName}`.trim()}
        />
      ) : null}
      {children}
    </Link>
  );
}

/** A product card's category and name, the name a link to the product, at the heading level of its page. */
export function ProductCardTitle({
  product,
  as: Heading,
  className,
}: {
  product: Pick<Product, "id" | "name" | "category">;
  as: "h2" | "h3";
  /** The name's size. */
  className: string;
}) {
  return (
    <>
      <p className="text-xs font-medium uppercase tracking-wider text-ink-muted">{product.category}</p>
      <Heading className={`font-serif leading-snug text-ink ${className}`}>
        <Link to={`/product/${product.id}`} className="hover:text-brand-700">
          {product.name}
        </Link>
      </Heading>
    </>
  );
}

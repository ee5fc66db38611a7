import { Link } from "@remix-run/react";

import type { Product } from "~/modules/catalog/product";
import { ProductBadges } from "./product-badges";
import { ResponsiveImage } from "./responsive-image";

/**
 * The product page's images: the chosen one large, with the product's badges, and a thumbnail link per image
 * (`?image=N`, the open tab kept), so that choosing one works without JavaScript.
 */
export function ProductGallery({
  product,
  selectedImage,
  tab,
}: {
  product: Pick<Product, "images" | "isNew" | "isSale">;
  selectedImage: number;
  tab: string;
}) {
  const mainImage = product.images[selectedImage];
  return (
    <section aria-label="Product images">
      <div className="relative overflow-hidden rounded-3xl bg-sand-100">
        {mainImage ? (
          <ResponsiveImage
            id={mainImage}
            priority
            sizes="(min-width: 1024px) 36rem, 100vw"
            className="aspect-[4/5] size-full object-cover"
          />
        ) : null}
        <ProductBadges product={product} className="absolute left-4 top-4" />
      </div>
      {product.images.length > 1 ? (
        <ul className="mt-4 grid grid-cols-4 gap-3">
          {product.images.map((image, index) => (
            <li key={image}>
              <Link
                to={`?image=${index}${tab === "description" ? "" : `&tab=${tab}`}`}
                replace
                preventScrollReset
                aria-label={`Show image ${index + 1} of ${product.images.length}`}
                aria-current={index === selectedImage ? "true" : undefined}
                className={`block overflow-hidden rounded-xl border-2 ${index === selectedImage ? "border-brand-700" : "border-transparent hover:border-sand-200"}`}
              >
                <ResponsiveImage id={image} alt="" sizes="8rem" className="aspect-[4/5] size-full object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

import { Link } from "@remix-run/react";

import type { ImageAsset } from "~/content/images";
import type { Product } from "~/modules/catalog/product";
import { ProductBadges } from "./product-badges";
import { ResponsiveImage } from "./responsive-image";

/**
 * The product page's images (the chosen variant's): the chosen one large, with the product's badges, and a thumbnail
 * link per image (`?image=N`, the variant and open tab kept), so that choosing one works without JavaScript.
 */
export function ProductGallery({
  product,
  images,
  selectedImage,
  variantQuery,
  tab,
}: {
  product: Pick<Product, "isNew" | "isSale">;
  images: readonly ImageAsset[];
  selectedImage: number;
  /** The chosen variant's "variant=...&" where the product has several, else "". */
  variantQuery: string;
  tab: string;
}) {
  const mainImage = images[selectedImage];
  return (
    <section aria-label="Product images">
      <div className="relative overflow-hidden rounded-3xl bg-sand-100">
        {mainImage ? (
          <ResponsiveImage
            image={mainImage}
            priority
            sizes="(min-width: 1024px) 36rem, 100vw"
            className="aspect-[4/5] size-full object-cover"
          />
        ) : null}
        <ProductBadges product={product} className="absolute left-4 top-4" />
      </div>
      {images.length > 1 ? (
        <ul className="mt-4 grid grid-cols-4 gap-3">
          {images.map((image, index) => (
            <li key={image.id}>
              <Link
                to={`?${variantQuery}image=${index}${tab === "description" ? "" : `&tab=${tab}`}`}
                replace
                preventScrollReset
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-current={index === selectedImage ? "true" : undefined}
                className={`block overflow-hidden rounded-xl border-2 ${index === selectedImage ? "border-brand-700" : "border-transparent hover:border-sand-200"}`}
              >
                <ResponsiveImage image={image} alt="" sizes="8rem" className="aspect-[4/5] size-full object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

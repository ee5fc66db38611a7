import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Breadcrumbs } from "~/components/breadcrumbs";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { Check, RotateCcw, ShieldCheck, ShoppingBag, Truck, X } from "~/components/icons";
import { Price } from "~/components/price";
import { ProductGallery } from "~/components/product-gallery";
import { QuantityInput } from "~/components/quantity-input";
import { imageUrl } from "~/components/responsive-image";
import { StarRating } from "~/components/star-rating";
import { resolveTab, Tabs } from "~/components/tabs";
import { VariantPicker } from "~/components/variant-picker";
import { getDisplaySession } from "~/modules/auth/shell-session.server";
import { currentShippingRates, findProduct } from "~/modules/catalog/catalog.server";
import { productAnchorId } from "~/modules/catalog/display";
import { listingTitle } from "~/modules/catalog/listing";
import { choiceImages, productPath, type Product, type ProductVariant } from "~/modules/catalog/product";
import { resolveVariantRequest } from "~/modules/catalog/variant-choice";
import { freeShippingLine } from "~/modules/checkout/shipping";
import { isInWishlist } from "~/modules/wishlist/wishlist-store.server";
import { AddToCartForm, QUANTITY_FIELD } from "~/routes/cart/cart-endpoint";
import { WishlistButton } from "~/routes/wishlist/wishlist-endpoint";
import { breadcrumbJsonLd, noIndexMeta, originFromMatches, seo } from "~/site/seo";

const productTabs = [
  { id: "description", label: "Description" },
  { id: "features", label: "Features" },
  { id: "specifications", label: "Specifications" },
] as const;
const tabIds = ["description", "features", "specifications"] as const;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const product = findProduct(params.id ?? "");
  if (!product) throw data({ id: params.id }, { status: 404 });
  const searchParams = new URL(request.url).searchParams;
  const tab = resolveTab(searchParams.get("tab"), tabIds);
  const requested = resolveVariantRequest(product, searchParams);
  if (requested.kind === "unknown") throw data({ id: params.id }, { status: 404 });
  // The picker's choices lead to a variant's own URL; a combination not sold shows the nearest, and says so.
  if (requested.kind === "picked" && requested.exact) {
    const path = productPath({ product, variant: requested.variant });
    const tabQuery = tab === "description" ? "" : `tab=${tab}`;
    throw redirect(tabQuery ? `${path}${path.includes("?") ? "&" : "?"}${tabQuery}` : path);
  }
  const variant = requested.variant;
  const images = choiceImages({ product, variant });
  const imageIndex = Number(searchParams.get("image") ?? 0);
  return {
    product,
    variant,
    images,
    nearest: requested.kind === "picked",
    inWishlist: await isInWishlist(request, await getDisplaySession(request, context), product.id),
    selectedImage: Number.isInteger(imageIndex) && imageIndex >= 0 && imageIndex < images.length ? imageIndex : 0,
    tab,
    // "Free shipping on orders over $200", at the threshold place_order applies (public.shipping_rates).
    freeShipping: freeShippingLine(currentShippingRates().prices),
    trail: [
      { name: "Home", path: "/" },
      { name: "Shop", path: "/shop" },
      { name: listingTitle(product.category), path: `/shop?category=${product.category}` },
      { name: product.name, path: `/product/${product.id}` },
    ],
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return noIndexMeta("Product Not Found");
  const { product, trail } = data;
  const origin = originFromMatches(matches);
  const path = `/product/${product.id}`;
  const images = data.images.map((image) => new URL(imageUrl(image, 960), origin).toString());
  if (product.variants.length > 1) {
    return seo({
      title: product.name,
      description: product.description,
      origin,
      path,
      image: images[0],
      type: "product",
      jsonLd: [productGroupJsonLd(product, origin), breadcrumbJsonLd(origin, trail)],
    });
  }
  return seo({
    title: product.name,
    description: product.description,
    origin,
    path,
    image: images[0],
    type: "product",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        sku: product.variants[0]?.sku ?? product.id,
        image: images,
        brand: { "@type": "Brand", name: "Luxe Strands" },
        color: product.color,
        offers: {
          "@type": "Offer",
          url: new URL(path, origin).toString(),
          price: product.price.toFixed(2),
          priceCurrency: "USD",
          availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        },
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: product.rating,
          reviewCount: product.reviewCount,
          bestRating: 5,
        },
      },
      breadcrumbJsonLd(origin, trail),
    ],
  });
};

/** Offers of every variant, each with its own URL, price and availability (schema.org ProductGroup). */
function productGroupJsonLd(product: Product, origin: string) {
  const offer = (variant: ProductVariant) => ({
    "@type": "Offer",
    url: new URL(productPath({ product, variant }), origin).toString(),
    price: variant.price.toFixed(2),
    priceCurrency: "USD",
    availability: variant.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
  });
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    name: product.name,
    description: product.description,
    productGroupID: product.id,
    variesBy: product.options.map((option) => option),
    brand: { "@type": "Brand", name: "Luxe Strands" },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: product.rating,
      reviewCount: product.reviewCount,
      bestRating: 5,
    },
    hasVariant: product.variants.map((variant) => ({
      "@type": "Product",
      name: `${product.name} (${variant.optionValues.join(" / ")})`,
      sku: variant.sku,
      image: choiceImages({ product, variant }).map((image) => new URL(imageUrl(image, 960), origin).toString()),
      offers: offer(variant),
    })),
  };
}

export default function ProductPage() {
  const { product, variant, images, nearest, inWishlist, selectedImage, tab, trail, freeShipping } =
    useLoaderData<typeof loader>();
  const hasChoice = product.variants.length > 1;
  const variantQuery = hasChoice ? `variant=${encodeURIComponent(variant.id)}&` : "";
  const details = [
    { label: "Color", value: product.color },
    { label: "Length", value: product.length },
    { label: "Texture", value: product.texture },
  ].filter((detail): detail is { label: string; value: string } => Boolean(detail.value));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumbs trail={trail} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <ProductGallery
          product={product}
          images={images}
          selectedImage={selectedImage}
          variantQuery={variantQuery}
          tab={tab}
        />

        {/* Where a plain Add to Cart post returns to, clear of the sticky header. */}
        <section id={productAnchorId(product.id)} aria-labelledby="product-name" className="scroll-mt-20">
          <p className="text-sm font-medium uppercase tracking-wider text-ink-muted">{product.category}</p>
          <h1 id="product-name" className="mt-2 font-serif text-4xl text-ink">
            {product.name}
          </h1>
          <div className="mt-3">
            <StarRating rating={product.rating} reviewCount={product.reviewCount} size="md" />
          </div>
          <div className="mt-5">
            <Price price={variant.price} originalPrice={variant.originalPrice} size="lg" />
          </div>
          {hasChoice ? (
            <VariantPicker product={product} chosen={variant} keep={tab === "description" ? {} : { tab }} />
          ) : null}
          {nearest ? (
            <p role="status" className="mt-3 text-sm text-ink-muted">
              That combination is not available: showing the nearest one.
            </p>
          ) : null}
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            {details.map((detail) => (
              <div key={detail.label} className="contents">
                <dt className="font-semibold text-ink">{detail.label}:</dt>
                <dd className="text-ink-muted">{detail.value}</dd>
              </div>
            ))}
          </dl>
          <p
            className={`mt-5 flex items-center gap-2 text-sm font-semibold ${variant.inStock ? "text-green-800" : "text-red-800"}`}
            data-testid="stock-state"
          >
            {variant.inStock ? <Check aria-hidden className="size-4" /> : <X aria-hidden className="size-4" />}
            {variant.inStock ? "In Stock" : "Out of Stock"}
          </p>

          <div className="mt-6 flex flex-wrap items-start gap-4 sm:items-center">
            {variant.inStock ? (
              <AddToCartForm productId={variant.id} className="flex flex-1 flex-wrap items-center gap-4">
                <QuantityInput id="quantity" name={QUANTITY_FIELD} label="Quantity" />
                <button type="submit" className="btn-primary min-w-[11rem] flex-1">
                  <ShoppingBag aria-hidden className="size-4" /> Add to Cart
                </button>
              </AddToCartForm>
            ) : (
              <p className="flex-1 rounded-xl bg-sand-50 p-4 text-sm text-ink-muted">
                {hasChoice && product.inStock
                  ? "This choice is currently out of stock. Please choose another or check back soon."
                  : "This product is currently out of stock. Please check back soon."}
              </p>
            )}
            <WishlistButton productId={product.id} inWishlist={inWishlist} />
          </div>

          <ul className="mt-8 space-y-3 border-t border-sand-200 pt-6 text-sm text-ink">
            {freeShipping ? (
              <li className="flex items-center gap-3">
                <Truck aria-hidden className="size-5 text-brand-700" /> {freeShipping}
              </li>
            ) : null}
            <li className="flex items-center gap-3">
              <ShieldCheck aria-hidden className="size-5 text-brand-700" /> Quality guarantee
            </li>
            <li className="flex items-center gap-3">
              <RotateCcw aria-hidden className="size-5 text-brand-700" /> 30-day return policy
            </li>
          </ul>
        </section>
      </div>

      <section aria-label="Product information" className="mt-12">
        <Tabs label="Product information" param="tab" tabs={productTabs} selected={tab}>
          {tab === "description" ? (
            <p className="leading-relaxed text-ink-muted">{product.description}</p>
          ) : tab === "features" ? (
            <ul className="space-y-2">
              {product.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-ink-muted">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" /> {feature}
                </li>
              ))}
            </ul>
          ) : (
            <dl className="divide-y divide-sand-200 rounded-xl border border-sand-200">
              {product.specifications.map(([label, value]) => (
                <div key={label} className="grid grid-cols-2 gap-4 px-4 py-3 text-sm">
                  <dt className="font-semibold text-ink">{label}</dt>
                  <dd className="text-ink-muted">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </Tabs>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title="Product Not Found"
            message="The product you're looking for doesn't exist."
            action={{ to: "/shop", label: "Back to Shop" }}
          />
        ),
      }}
    />
  );
}

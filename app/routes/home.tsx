import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ShieldCheck, Truck } from "~/components/icons";
import { ProductCard } from "~/components/product-card";
import { leadImagePreload, ResponsiveImage } from "~/components/responsive-image";
import { currentShippingRates, featuredProducts } from "~/modules/catalog/catalog.server";
import { freeShippingLine } from "~/modules/checkout/shipping";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

const categoryTiles = [
  { category: "clip-in", title: "Clip-In Extensions", blurb: "Instant length and volume", image: "category-clip-in" },
  { category: "tape-in", title: "Tape-In Extensions", blurb: "Seamless, semi-permanent", image: "category-tape-in" },
  { category: "wigs", title: "Wigs", blurb: "Lace fronts and full lace", image: "category-wigs" },
  {
    category: "accessories",
    title: "Accessories",
    blurb: "Care and styling essentials",
    image: "category-accessories",
  },
] as const;

const consultationHref = `mailto:${site.email}?subject=${encodeURIComponent("Book a consultation")}`;

export async function loader() {
  return { featured: featuredProducts(), freeShipping: freeShippingLine(currentShippingRates().prices) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const origin = originFromMatches(matches);
  const seoTags = seo({
    title: `${site.name}: Premium Hair Extensions & Wigs`,
    description: `Premium 100% Remy human hair clip-in and tape-in extensions, lace wigs and hair care accessories.${data?.freeShipping ? ` ${data.freeShipping}.` : ""}`,
    origin,
    path: "/",
    image: "/images/hero-1280.webp",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site.name,
        url: origin,
        logo: new URL("/favicon.svg", origin).toString(),
        email: site.email,
        telephone: site.phone,
      },
    ],
  });
  return [...seoTags, ...leadImagePreload(HERO_IMAGE, HERO_SIZES)];
};

const HERO_IMAGE = "hero";
const HERO_SIZES = "100vw";

export default function Home() {
  const { featured } = useLoaderData<typeof loader>();
  return (
    <>
      {/* The photograph is the frame: it fills the hero edge to edge; the words sit on its pale side (left on a
          desktop, below the hair on a phone) over a wash of the page's sand colour, so they stay legible. */}
      <section className="relative isolate flex min-h-[36rem] overflow-hidden bg-sand-100 lg:min-h-[40rem]">
        <ResponsiveImage
          image={HERO_IMAGE}
          alt=""
          priority
          sizes={HERO_SIZES}
          className="absolute inset-0 -z-10 size-full object-cover object-[72%_center] lg:object-right"
        />
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-gradient-to-t from-sand-50 from-35% via-sand-50/70 via-55% to-transparent lg:bg-gradient-to-r lg:from-sand-50 lg:from-30% lg:via-sand-50/60 lg:via-50%"
        />
        <div className="mx-auto flex w-full max-w-7xl items-end px-4 pb-10 pt-40 sm:px-6 lg:items-center lg:px-8 lg:py-20">
          <div className="max-w-xl">
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">100% Remy human hair</p>
            {/* Three lines kept on a phone: the fallback may wrap the heading in two where Bodoni takes three (no shift on swap). */}
            <h1 className="mt-3 min-h-[3lh] font-serif text-4xl leading-tight text-ink sm:min-h-0 sm:text-5xl lg:text-6xl">
              Premium hair for your most confident self
            </h1>
            <p className="mt-4 text-lg text-ink-muted lg:mt-6">
              Luxurious clip-in and tape-in extensions, lace wigs and expert care, matched to your colour and texture.
            </p>
            <div className="mt-6 flex flex-wrap gap-3 lg:mt-8 lg:gap-4">
              <Link to="/shop" className="btn-primary">
                Shop Collection
              </Link>
              <a href={consultationHref} className="btn-outline">
                Book Consultation
              </a>
            </div>
            <ul className="mt-6 flex flex-wrap gap-6 text-sm font-medium text-ink lg:mt-10">
              <li className="flex items-center gap-2">
                <ShieldCheck aria-hidden className="size-5 text-brand-700" /> Premium Quality
              </li>
              <li className="flex items-center gap-2">
                <Truck aria-hidden className="size-5 text-brand-700" /> Free Shipping
              </li>
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="categories-heading" className="font-serif text-3xl text-ink">
          Shop by Category
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
          {categoryTiles.map((tile) => (
            <li key={tile.category}>
              <Link
                to={`/shop?category=${tile.category}`}
                className="group relative block overflow-hidden rounded-2xl bg-sand-100"
              >
                <ResponsiveImage
                  image={tile.image}
                  alt=""
                  sizes="(min-width: 1024px) 18rem, 46vw"
                  className="aspect-[4/5] size-full object-cover transition-transform duration-500 group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 pt-12 text-white">
                  <span className="block font-serif text-lg sm:text-xl">{tile.title}</span>
                  <span className="block text-sm text-white/90">{tile.blurb}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8">
        <div className="flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="font-serif text-3xl text-ink">
            Featured Products
          </h2>
          <Link to="/shop" className="text-sm font-semibold text-brand-700 hover:underline">
            View all products
          </Link>
        </div>
        <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
          {featured.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      </section>
    </>
  );
}

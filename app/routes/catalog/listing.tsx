import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { ListingFilters, UrlSelect } from "~/components/listing-filters";
import { Pagination, paginationHeadLinks } from "~/components/pagination";
import { PRODUCT_CARD_IMAGE_SIZES, ProductCard } from "~/components/product-card";
import { leadImagePreload } from "~/components/responsive-image";
import { currentShippingRates, queryListing } from "~/modules/catalog/catalog.server";
import {
  activeFilterCount,
  fixedFiltersForPath,
  hasActiveFilters,
  isKnownCategory,
  LISTING_PAGE_SIZE,
  parseListingParams,
  sortOptions,
  titleForListing,
} from "~/modules/catalog/listing";
import { freeShippingLine } from "~/modules/checkout/shipping";
import { pageCount, pageHref, pageOffset, paginationLinks, parsePageRequest, resolvePage } from "~/modules/pagination";
import { breadcrumbJsonLd, originFromMatches, seo } from "~/site/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fixed = fixedFiltersForPath(url.pathname);
  const params = parseListingParams(url.searchParams, fixed);
  const pageRequest = parsePageRequest(url.searchParams);
  const requestedPage = pageRequest.kind === "number" ? pageRequest.page : 1;
  const listing = queryListing(params, {
    offset: pageOffset(requestedPage, LISTING_PAGE_SIZE),
    limit: LISTING_PAGE_SIZE,
  });
  const totalPages = pageCount(listing.totalCount, LISTING_PAGE_SIZE);
  // Malformed, "1" or past-the-end page numbers go to the nearest real page (the rule is in resolvePage).
  const resolved = resolvePage(pageRequest, totalPages);
  if ("redirectToPage" in resolved) throw redirect(pageHref(url.pathname, url.searchParams, resolved.redirectToPage));

  const products = listing.products.map(
    ({ id, name, price, originalPrice, images, category, rating, reviewCount, inStock, isNew, isSale }) => ({
      id,
      name,
      price,
      originalPrice,
      images,
      category,
      rating,
      reviewCount,
      inStock,
      isNew,
      isSale,
    }),
  );
  const title = titleForListing(params);
  // A category the shop does not have: the page the spec describes (its value as the title, the empty state), a 200
  // that search engines leave out (noindex, canonical /shop). The value is only text: titles are looked up by own
  // key, so `__proto__` or `constructor` find nothing.
  const unknownCategory = params.category !== undefined && !isKnownCategory(params.category);
  // Canonical: the path plus the query that chose a known category or search, never the sort or filters.
  const canonical = new URLSearchParams();
  if (!fixed.category && params.category && !unknownCategory) canonical.set("category", params.category);
  if (params.q) canonical.set("q", params.q);
  const canonicalPath = `${url.pathname}${canonical.size ? `?${canonical}` : ""}`;
  const trail: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Shop", path: "/shop" },
    { name: title, path: canonicalPath },
  ];
  return data({
    params,
    products,
    totalCount: listing.totalCount,
    pagination: paginationLinks(url.pathname, url.searchParams, resolved.page, totalPages),
    title,
    trail,
    canonicalPath,
    // Each page of a long listing is its own page for search engines: its canonical URL keeps the page number.
    canonicalPagePath: pageHref(url.pathname, canonical, resolved.page),
    // The category chosen by the query (not the path) must survive filter changes.
    queryCategory: fixed.category ? undefined : params.category,
    filtersActive: hasActiveFilters(params),
    filterCount: activeFilterCount(params),
    unknownCategory,
    // For the description: the threshold place_order applies (public.shipping_rates).
    freeShipping: freeShippingLine(currentShippingRates().prices, "free shipping"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const origin = originFromMatches(matches);
  const { page } = data.pagination;
  return [
    ...seo({
      title: `${data.params.q ? `Search: ${data.params.q}` : data.title}${page > 1 ? ` (Page ${page})` : ""}`,
      description: `Shop ${data.title.toLowerCase()} at Luxe Strands: premium 100% Remy human hair${data.freeShipping ? `, ${data.freeShipping}` : ""}.`,
      origin,
      path: data.canonicalPagePath,
      noIndex: Boolean(data.params.q) || data.unknownCategory,
      jsonLd: [breadcrumbJsonLd(origin, data.trail)],
    }),
    ...paginationHeadLinks(data.pagination, origin),
    ...leadImagePreload(data.products[0]?.images[0], PRODUCT_CARD_IMAGE_SIZES),
  ];
};

/** How long the price sliders wait after the last step before the listing updates. */
const PRICE_SETTLE_MS = 400;

export default function Shop() {
  const { params, products, totalCount, pagination, title, trail, queryCategory, filtersActive, filterCount } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state === "loading" && navigation.location.pathname === trail[2]?.path.split("?")[0];
  const pendingPrice = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(pendingPrice.current), []);

  // One navigation per change: a newer submission cancels the one in flight, so an older answer never
  // overwrites a newer one. The sliders wait until the shopper settles; the selects apply at once.
  const apply = (form: HTMLFormElement) => {
    clearTimeout(pendingPrice.current);
    pendingPrice.current = undefined;
    submit(form, { replace: true, preventScrollReset: true });
  };
  const applyOnceSettled = (form: HTMLFormElement) => {
    clearTimeout(pendingPrice.current);
    pendingPrice.current = setTimeout(() => apply(form), PRICE_SETTLE_MS);
  };
  const applyOnChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if ((event.target as HTMLInputElement).type === "range") applyOnceSettled(form);
    else apply(form);
  };
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-4 sm:px-6 sm:pt-8 lg:px-8">
      <Breadcrumbs trail={trail} />
      <h1 className="mt-2 font-serif text-3xl text-ink sm:mt-4 sm:text-4xl">{title}</h1>
      {params.q ? (
        <p className="mt-1 text-ink-muted">
          Results for “<span className="font-medium text-ink">{params.q}</span>”
        </p>
      ) : null}

      <div className="mt-4 grid gap-x-8 sm:mt-8 lg:grid-cols-[16rem_1fr]">
        <ListingFilters
          params={params}
          queryCategory={queryCategory}
          filterCount={filterCount}
          filtersActive={filtersActive}
          pendingPrice={pendingPrice}
          applyOnChange={applyOnChange}
          applyOnceSettled={applyOnceSettled}
        />

        <div className="mt-3 flex min-h-11 items-center justify-between gap-2 lg:col-start-2 lg:row-start-1 lg:mt-0">
          <h2 id="results-heading" className="text-sm text-ink-muted" aria-live="polite">
            {totalCount} {totalCount === 1 ? "product" : "products"}
          </h2>
          <div className="flex items-center gap-2">
            <label htmlFor="sort" className="sr-only sm:not-sr-only sm:text-sm sm:font-medium sm:text-ink">
              Sort by
            </label>
            <UrlSelect
              id="sort"
              name="sort"
              form="listing-filters"
              value={params.sort}
              options={sortOptions}
              onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
              onEnteredBeforeHydration={applyOnceSettled}
              className="input w-auto max-w-[11rem]"
            />
            {/* Without JavaScript the choice needs a submit. With it a change applies at once, before hydration too
                (the inline loader submits it), so the button is hidden from the first paint: the row never moves. */}
            <button type="submit" form="listing-filters" className="btn-outline with-js:hidden px-4">
              Sort
            </button>
          </div>
        </div>

        <section aria-labelledby="results-heading" aria-busy={busy} className="lg:col-start-2 lg:row-start-2">
          {products.length === 0 ? (
            <p className="mt-16 text-center text-lg text-ink-muted">No products found matching your filters.</p>
          ) : (
            <div className={`mt-4 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
              {products.map((product, index) => (
                <ProductCard key={product.id} product={product} priority={index === 0} />
              ))}
            </div>
          )}
          <Pagination links={pagination} className="mt-10" />
        </section>
      </div>
    </div>
  );
}

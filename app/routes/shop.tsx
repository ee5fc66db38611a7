import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { Pagination, paginationHeadLinks } from "~/components/pagination";
import { ProductCard } from "~/components/product-card";
import { queryListing } from "~/modules/catalog/catalog.server";
import {
  colorOptions,
  fixedFiltersForPath,
  hasActiveFilters,
  LISTING_PAGE_SIZE,
  parseListingParams,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  sortOptions,
  titleForListing,
} from "~/modules/catalog/listing";
import { formatUsd } from "~/modules/money";
import { pageCount, pageHref, pageOffset, paginationLinks, parsePageRequest, resolvePage } from "~/modules/pagination";
import { breadcrumbJsonLd, originFromMatches, seo } from "~/utils/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const fixed = fixedFiltersForPath(url.pathname);
  const params = parseListingParams(url.searchParams, fixed);
  const pageRequest = parsePageRequest(url.searchParams);
  const requestedPage = pageRequest.kind === "number" ? pageRequest.page : 1;
  const listing = queryListing(params, { offset: pageOffset(requestedPage, LISTING_PAGE_SIZE), limit: LISTING_PAGE_SIZE });
  const totalPages = pageCount(listing.totalCount, LISTING_PAGE_SIZE);
  // Malformed, "1" or past-the-end page numbers go to the nearest real page (the rule is in resolvePage).
  const resolved = resolvePage(pageRequest, totalPages);
  if ("redirectToPage" in resolved) throw redirect(pageHref(url.pathname, url.searchParams, resolved.redirectToPage));

  const products = listing.products.map(
    ({ id, name, price, originalPrice, images, category, rating, reviewCount, inStock, isNew, isSale }) => ({
      id, name, price, originalPrice, images, category, rating, reviewCount, inStock, isNew, isSale,
    }),
  );
  const title = titleForListing(params);
  // Canonical: the path plus the query that chose the category or search, never the sort or filters.
  const canonical = new URLSearchParams();
  if (!fixed.category && params.category) canonical.set("category", params.category);
  if (params.q) canonical.set("q", params.q);
  const canonicalPath = `${url.pathname}${canonical.size ? `?${canonical}` : ""}`;
  const trail: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Shop", path: "/shop" },
    { name: title, path: canonicalPath },
  ];
  return {
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
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [];
  const origin = originFromMatches(matches);
  const { page } = data.pagination;
  return [
    ...seo({
      title: `${data.params.q ? `Search: ${data.params.q}` : data.title}${page > 1 ? ` (Page ${page})` : ""}`,
      description: `Shop ${data.title.toLowerCase()} at Luxe Strands: premium 100% Remy human hair, free shipping on orders over $200.`,
      origin,
      path: data.canonicalPagePath,
      noIndex: Boolean(data.params.q),
      jsonLd: [breadcrumbJsonLd(origin, data.trail)],
    }),
    ...paginationHeadLinks(data.pagination, origin),
  ];
};

export default function Shop() {
  const { params, products, totalCount, pagination, title, trail, queryCategory, filtersActive } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  // Keyed by the URL's values so that the sliders reset when the URL changes (Clear Filters, back button).
  const priceKey = `${params.minPrice}-${params.maxPrice}`;
  const clearHref = `?${new URLSearchParams([
    ...(queryCategory ? [["category", queryCategory]] : []),
    ...(params.q ? [["q", params.q]] : []),
  ])}`;
  const busy = navigation.state === "loading" && navigation.location.pathname === trail[2]?.path.split("?")[0];

  const applyOnChange = (event: React.FormEvent<HTMLFormElement>) => {
    submit(event.currentTarget, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumbs trail={trail} />
      <h1 className="mt-4 font-serif text-4xl text-ink">{title}</h1>
      {params.q ? (
        <p className="mt-2 text-ink-muted">
          Results for “<span className="font-medium text-ink">{params.q}</span>”
        </p>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-labelledby="filters-heading">
          <Form
            id="listing-filters"
            method="get"
            preventScrollReset
            replace
            onChange={applyOnChange}
            className="space-y-6 rounded-2xl border border-sand-200 p-5"
          >
            <h2 id="filters-heading" className="text-lg font-semibold text-ink">
              Filters
            </h2>
            {queryCategory ? <input type="hidden" name="category" value={queryCategory} /> : null}
            {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
            <PriceRange key={priceKey} minPrice={params.minPrice} maxPrice={params.maxPrice} />
            <div>
              <label htmlFor="color" className="block text-sm font-semibold text-ink">
                Color
              </label>
              <select id="color" name="color" defaultValue={params.color} key={params.color} className="input mt-2">
                {colorOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-2">
              <button type="submit" className="btn-primary w-full">
                Apply Filters
              </button>
              <Link to={clearHref} preventScrollReset className="btn-outline w-full" aria-disabled={!filtersActive}>
                Clear Filters
              </Link>
            </div>
          </Form>
        </aside>

        <section aria-labelledby="results-heading" aria-busy={busy}>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="results-heading" className="text-sm text-ink-muted" aria-live="polite">
              {totalCount} {totalCount === 1 ? "product" : "products"}
            </h2>
            <div className="flex items-center gap-2">
              <label htmlFor="sort" className="text-sm font-medium text-ink">
                Sort by
              </label>
              <select
                id="sort"
                name="sort"
                form="listing-filters"
                defaultValue={params.sort}
                key={params.sort}
                onChange={(event) => event.currentTarget.form && submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
                className="input w-auto"
              >
                {sortOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {products.length === 0 ? (
            <p className="mt-16 text-center text-lg text-ink-muted">No products found matching your filters.</p>
          ) : (
            <div className={`mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60" : ""}`}>
              {products.map((product, index) => (
                <ProductCard key={product.id} product={product} priority={index < 2} />
              ))}
            </div>
          )}
          <Pagination links={pagination} className="mt-10" />
        </section>
      </div>
    </div>
  );
}

function PriceRange({ minPrice, maxPrice }: { minPrice: number; maxPrice: number }) {
  // Live figures while dragging; the form still submits the inputs' own values.
  const [range, setRange] = useState({ min: minPrice, max: maxPrice });
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Price Range</legend>
      <p className="mt-1 text-sm text-ink-muted" aria-live="polite">
        {formatUsd(Math.min(range.min, range.max))} - {formatUsd(Math.max(range.min, range.max))}
      </p>
      <label htmlFor="minPrice" className="mt-3 block text-xs text-ink-muted">
        Minimum price
      </label>
      <input
        id="minPrice"
        name="minPrice"
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        defaultValue={minPrice}
        onInput={(event) => setRange((current) => ({ ...current, min: Number(event.currentTarget.value) }))}
        className="w-full accent-brand-700"
      />
      <label htmlFor="maxPrice" className="mt-2 block text-xs text-ink-muted">
        Maximum price
      </label>
      <input
        id="maxPrice"
        name="maxPrice"
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        defaultValue={maxPrice}
        onInput={(event) => setRange((current) => ({ ...current, max: Number(event.currentTarget.value) }))}
        className="w-full accent-brand-700"
      />
    </fieldset>
  );
}

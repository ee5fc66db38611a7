import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { SlidersHorizontal } from "~/components/icons";
import { Pagination, paginationHeadLinks } from "~/components/pagination";
import { PRODUCT_CARD_IMAGE_SIZES, ProductCard } from "~/components/product-card";
import { leadImagePreload } from "~/components/responsive-image";
import { APPLIES_ON_CHANGE } from "~/framework/loader";
import { useKeepValueEnteredBeforeHydration } from "~/framework/use-hydrated";
import { queryListing } from "~/modules/catalog/catalog.server";
import {
  activeFilterCount,
  colorOptions,
  fixedFiltersForPath,
  hasActiveFilters,
  isKnownCategory,
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
  });
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
      noIndex: Boolean(data.params.q) || data.unknownCategory,
      jsonLd: [breadcrumbJsonLd(origin, data.trail)],
    }),
    ...paginationHeadLinks(data.pagination, origin),
    ...leadImagePreload(data.products[0]?.images[0], PRODUCT_CARD_IMAGE_SIZES),
  ];
};

export default function Shop() {
  const { params, products, totalCount, pagination, title, trail, queryCategory, filtersActive, filterCount } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const clearHref = `?${new URLSearchParams([
    ...(queryCategory ? [["category", queryCategory]] : []),
    ...(params.q ? [["q", params.q]] : []),
  ])}`;
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
  // The filters already apply as they change: on a phone, Apply Filters then closes the panel to show the results.
  // On a desktop the panel is a sidebar whose summary is hidden, and nothing closes.
  const closeFiltersPanel = (event: React.FormEvent<HTMLFormElement>) => {
    const disclosure = event.currentTarget.closest("details");
    const summary = disclosure?.querySelector("summary");
    if (!disclosure || !summary || summary.offsetParent === null) return;
    disclosure.open = false;
    summary.focus();
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
        {/* One disclosure on a phone (it opens without JavaScript); a sidebar that is always open on a desktop. */}
        <details className="filters-disclosure lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
          <summary className="inline-flex min-h-11 items-center gap-2 rounded-full border border-sand-200 px-4 text-sm font-semibold text-ink hover:bg-sand-50 lg:hidden">
            <SlidersHorizontal aria-hidden className="size-4" />
            Filters
            {filterCount > 0 ? (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white" data-testid="filter-count">
                {filterCount}
                <span className="sr-only"> active</span>
              </span>
            ) : null}
          </summary>
          {/* Before hydration a choice submits it at once (the inline loader); after, it applies in place. */}
          <Form
            {...APPLIES_ON_CHANGE}
            id="listing-filters"
            method="get"
            preventScrollReset
            replace
            onChange={applyOnChange}
            onSubmit={closeFiltersPanel}
            className="mt-3 space-y-6 rounded-2xl border border-sand-200 p-5 lg:mt-0"
            aria-labelledby="filters-heading"
          >
            {/* On a phone the summary above already says it. */}
            <h2 id="filters-heading" className="sr-only text-lg font-semibold text-ink lg:not-sr-only">
              Filters
            </h2>
            {queryCategory ? <input type="hidden" name="category" value={queryCategory} /> : null}
            {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
            <PriceRange
              minPrice={params.minPrice}
              maxPrice={params.maxPrice}
              pending={pendingPrice}
              settle={applyOnceSettled}
            />
            <div>
              <label htmlFor="color" className="block text-sm font-semibold text-ink">
                Color
              </label>
              <UrlSelect
                id="color"
                name="color"
                value={params.color}
                options={colorOptions}
                onEnteredBeforeHydration={applyOnceSettled}
                className="input mt-2"
              />
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
        </details>

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

/** How long the price sliders wait after the last step before the listing updates. */
const PRICE_SETTLE_MS = 400;

/**
 * A select whose choice follows the URL (Back, Clear Filters) without being remounted, so that focus stays on
 * it when a change applies (a remount would drop it to the page).
 */
function UrlSelect({
  value,
  options,
  onChange,
  onEnteredBeforeHydration,
  ...props
}: {
  value: string;
  options: readonly { value: string; label: string }[];
  /** Applies a choice the shopper made before hydration (kept across it), as if made now. */
  onEnteredBeforeHydration?: (form: HTMLFormElement) => void;
} & Omit<React.ComponentProps<"select">, "value" | "defaultValue" | "children">) {
  const [selected, setSelected] = useState(value);
  const [fromUrl, setFromUrl] = useState(value);
  const select = useRef<HTMLSelectElement>(null);
  useKeepValueEnteredBeforeHydration(select, value, (entered, field, alreadySubmitted) => {
    setSelected(entered);
    if (field.form && !alreadySubmitted) onEnteredBeforeHydration?.(field.form);
  });
  if (fromUrl !== value) {
    setFromUrl(value);
    setSelected(value);
  }
  return (
    <select
      {...props}
      ref={select}
      value={selected}
      onChange={(event) => {
        setSelected(event.currentTarget.value);
        onChange?.(event);
      }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Two sliders whose values follow the shopper's hand (state, never a remount, so focus and the drag survive a
 * listing update) and follow the URL when it changes for another reason (Clear Filters, Back). The thumbs
 * cannot pass each other; without JavaScript the server swaps a reversed range instead.
 */
function PriceRange({
  minPrice,
  maxPrice,
  pending,
  settle,
}: {
  minPrice: number;
  maxPrice: number;
  pending: React.MutableRefObject<ReturnType<typeof setTimeout> | undefined>;
  /** Applies the range once the shopper has stopped moving it. */
  settle: (form: HTMLFormElement) => void;
}) {
  const [range, setRange] = useState({ min: minPrice, max: maxPrice });
  const [fromUrl, setFromUrl] = useState({ min: minPrice, max: maxPrice });
  const minInput = useRef<HTMLInputElement>(null);
  const maxInput = useRef<HTMLInputElement>(null);
  // A range moved before hydration: kept, and applied as a move now would be (unless the page is already on its way
  // to the answer).
  const adoptEntered =
    (bound: "min" | "max") => (entered: string, field: HTMLInputElement, alreadySubmitted: boolean) => {
      setRange((current) => ({ ...current, [bound]: Number(entered) }));
      if (field.form && !alreadySubmitted) settle(field.form);
    };
  useKeepValueEnteredBeforeHydration(minInput, String(minPrice), adoptEntered("min"));
  useKeepValueEnteredBeforeHydration(maxInput, String(maxPrice), adoptEntered("max"));
  if (fromUrl.min !== minPrice || fromUrl.max !== maxPrice) {
    // The URL moved: take its values (React's pattern for state derived from props), unless the shopper is
    // still adjusting (a submission is pending), whose newer values win when they settle.
    setFromUrl({ min: minPrice, max: maxPrice });
    if (pending.current === undefined) setRange({ min: minPrice, max: maxPrice });
  }
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Price Range</legend>
      {/* The range the listing shows; with JavaScript, while a moved thumb is still to apply, the range it will show.
          Without JavaScript nothing can follow a moved thumb, so the line never claims to: the scale under the
          sliders reads their position. */}
      <p className="mt-1 text-sm text-ink-muted" aria-live="polite" data-testid="price-range-label">
        {range.min === minPrice && range.max === maxPrice ? "Showing " : ""}
        {formatUsd(range.min)} - {formatUsd(range.max)}
      </p>
      <label htmlFor="minPrice" className="mt-3 block text-xs text-ink-muted">
        Minimum price
      </label>
      <input
        ref={minInput}
        id="minPrice"
        name="minPrice"
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        value={range.min}
        onChange={(event) => {
          const value = Math.min(Number(event.currentTarget.value), range.max);
          setRange((current) => ({ ...current, min: value }));
        }}
        className="h-11 w-full accent-brand-700"
      />
      <label htmlFor="maxPrice" className="mt-2 block text-xs text-ink-muted">
        Maximum price
      </label>
      <input
        ref={maxInput}
        id="maxPrice"
        name="maxPrice"
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        value={range.max}
        onChange={(event) => {
          const value = Math.max(Number(event.currentTarget.value), range.min);
          setRange((current) => ({ ...current, max: value }));
        }}
        className="h-11 w-full accent-brand-700"
      />
      <p aria-hidden className="grid grid-cols-3 text-xs text-ink-muted">
        <span>{formatUsd(PRICE_MIN).replace(/\.00$/, "")}</span>
        <span className="text-center">{formatUsd((PRICE_MIN + PRICE_MAX) / 2).replace(/\.00$/, "")}</span>
        <span className="text-right">{formatUsd(PRICE_MAX).replace(/\.00$/, "")}</span>
      </p>
    </fieldset>
  );
}

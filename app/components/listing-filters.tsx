import { Form, Link } from "@remix-run/react";
import { forwardRef, useRef, useState } from "react";

import { SlidersHorizontal } from "~/components/icons";
import { APPLIES_ON_CHANGE } from "~/framework/loader";
import { useKeepValueEnteredBeforeHydration } from "~/framework/use-hydrated";
import { colorOptions, PRICE_MAX, PRICE_MIN, PRICE_STEP, type ListingParams } from "~/modules/catalog/listing";
import { formatUsd } from "~/modules/money";

type PendingPrice = React.MutableRefObject<ReturnType<typeof setTimeout> | undefined>;

/**
 * The listing's filters (price range, colour): one disclosure on a phone (it opens without JavaScript), a sidebar
 * that is always open on a desktop. A GET form: each change applies as it is made (`applyOnChange`), the sliders
 * once the shopper settles; without JavaScript, Apply Filters submits it.
 */
export function ListingFilters({
  params,
  queryCategory,
  filterCount,
  filtersActive,
  pendingPrice,
  applyOnChange,
  applyOnceSettled,
}: {
  params: Pick<ListingParams, "q" | "color" | "minPrice" | "maxPrice">;
  queryCategory: string | undefined;
  filterCount: number;
  filtersActive: boolean;
  /** The sliders' settle timer, kept by the page: a URL change while it runs leaves the shopper's values alone. */
  pendingPrice: PendingPrice;
  applyOnChange: (event: React.FormEvent<HTMLFormElement>) => void;
  applyOnceSettled: (form: HTMLFormElement) => void;
}) {
  const clearHref = `?${new URLSearchParams([
    ...(queryCategory ? [["category", queryCategory]] : []),
    ...(params.q ? [["q", params.q]] : []),
  ])}`;
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
  );
}

/**
 * A select whose choice follows the URL (Back, Clear Filters) without being remounted, so that focus stays on
 * it when a change applies (a remount would drop it to the page).
 */
export function UrlSelect({
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
      <PriceSlider
        ref={minInput}
        bound="min"
        label="Minimum price"
        value={range.min}
        onChange={(value) => setRange((current) => ({ ...current, min: Math.min(value, current.max) }))}
      />
      <PriceSlider
        ref={maxInput}
        bound="max"
        label="Maximum price"
        value={range.max}
        onChange={(value) => setRange((current) => ({ ...current, max: Math.max(value, current.min) }))}
      />
      <p aria-hidden className="grid grid-cols-3 text-xs text-ink-muted">
        <span>{formatUsd(PRICE_MIN).replace(/\.00$/, "")}</span>
        <span className="text-center">{formatUsd((PRICE_MIN + PRICE_MAX) / 2).replace(/\.00$/, "")}</span>
        <span className="text-right">{formatUsd(PRICE_MAX).replace(/\.00$/, "")}</span>
      </p>
    </fieldset>
  );
}

/** One of the range's two sliders (`minPrice`, `maxPrice`), over the shop's whole price scale. */
const PriceSlider = forwardRef<
  HTMLInputElement,
  { bound: "min" | "max"; label: string; value: number; onChange: (value: number) => void }
>(function PriceSlider({ bound, label, value, onChange }, ref) {
  const name = `${bound}Price`;
  return (
    <>
      <label htmlFor={name} className={`${bound === "min" ? "mt-3" : "mt-2"} block text-xs text-ink-muted`}>
        {label}
      </label>
      <input
        ref={ref}
        id={name}
        name={name}
        type="range"
        min={PRICE_MIN}
        max={PRICE_MAX}
        step={PRICE_STEP}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="h-11 w-full accent-brand-700"
      />
    </>
  );
});

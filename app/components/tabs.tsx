import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useRef, type KeyboardEvent, type ReactNode } from "react";

import { useHydrated } from "~/framework/use-hydrated";

export interface TabItem<Id extends string = string> {
  id: Id;
  label: string;
}

/** The tab the URL asks for when it is one of `ids`; otherwise the first, default tab. */
export function resolveTab<Id extends string>(requested: string | null | undefined, ids: readonly [Id, ...Id[]]): Id {
  return ids.find((id) => id === requested) ?? ids[0];
}

/** The search string that selects tab `id` under `param`, keeping every other query parameter. */
export function tabSearch(currentSearch: string, param: string, id: string): string {
  const params = new URLSearchParams(currentSearch);
  params.set(param, id);
  return `?${params.toString()}`;
}

/** Index of the tab a key moves to in the ARIA tabs pattern (wrapping at the ends), or null for other keys. */
export function tabIndexForKey(key: string, currentIndex: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return (currentIndex + 1) % count;
    case "ArrowLeft":
      return (currentIndex - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

interface TabsProps<Id extends string> {
  /** Accessible name of the tab list, e.g. "Hair care topics". */
  label: string;
  /** Query parameter that carries the selected tab; also prefixes the element ids, so keep it unique per page. */
  param: string;
  tabs: ReadonlyArray<TabItem<Id>>;
  /** Chosen by the route's loader from the URL (see `resolveTab`). */
  selected: Id;
  /** The panel of the selected tab; only that panel is rendered. */
  children: ReactNode;
}

/**
 * Tabs whose selection lives in the URL, so they work as plain links without JavaScript.
 * After hydration they follow the ARIA tabs pattern: roving tabindex, and arrow keys, Home and End
 * move to a tab and activate it.
 */
export function Tabs<Id extends string>({ label, param, tabs, selected, children }: TabsProps<Id>) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const tabRefs = useRef<Array<HTMLAnchorElement | null>>([]);

  const listId = `${param}-tabs`;
  const tabId = (id: string) => `${param}-tab-${id}`;
  const panelId = (id: string) => `${param}-panel-${id}`;

  function activate(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    tabRefs.current[index]?.focus();
    navigate({ search: tabSearch(location.search, param, tab.id) }, { replace: true, preventScrollReset: true });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === " ") {
      // Links only react to Enter; tabs are also expected to activate with Space.
      event.preventDefault();
      activate(index);
      return;
    }
    const next = tabIndexForKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    activate(next);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        id={listId}
        className="flex scroll-mt-24 gap-1 overflow-x-auto border-b border-sand-200"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          const search = tabSearch(location.search, param, tab.id);
          return (
            <Link
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              // Without JavaScript the page reloads; the fragment brings the reader back to the tabs, not the top.
              to={hydrated ? { search } : { search, hash: `#${listId}` }}
              replace
              preventScrollReset
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              // Only the selected tab's panel exists in the document, so only it is referenced.
              aria-controls={isSelected ? panelId(tab.id) : undefined}
              tabIndex={hydrated ? (isSelected ? 0 : -1) : undefined}
              onKeyDown={hydrated ? (event) => handleKeyDown(event, index) : undefined}
              className={
                isSelected
                  ? "-mb-px shrink-0 whitespace-nowrap border-b-2 border-brand-700 px-4 py-3 text-sm font-semibold text-brand-800 sm:px-6"
                  : "-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-4 py-3 text-sm font-medium text-ink-muted hover:border-sand-200 hover:text-ink sm:px-6"
              }
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0} className="pt-8">
        {children}
      </div>
    </div>
  );
}

// What the end-to-end tests and the benchmarks may know of the framework inside a page, in one place. Each function
// runs in the page (Playwright serialises it with toString), so each is self-contained. Only `routerIsIdle` reads
// Remix's private router global; the lint rule that keeps `__remix*` inside app/framework makes this file its one
// exception (eslint.config.js).

/** In the page: React has hydrated the document (app/framework/use-hydrated.ts marks `<html data-hydrated>`). */
export function isHydrated() {
  return document.documentElement.hasAttribute("data-hydrated");
}

/** In the page: hydrated, and no navigation, revalidation or fetcher of Remix's router is in flight. */
export function routerIsIdle() {
  /** @type {{ navigation: { state: string }, revalidation: string, fetchers: Map<string, { state: string }> } | undefined} */
  const state = /** @type {any} */ (window).__remixRouter?.state;
  if (!document.documentElement.hasAttribute("data-hydrated") || !state) return false;
  return (
    state.navigation.state === "idle" &&
    state.revalidation === "idle" &&
    [...state.fetchers.values()].every((fetcher) => fetcher.state === "idle")
  );
}

// The one cache policy: every Cache-Control value the app sends is stated here. (The Express layer's own early
// refusals, before the app runs, say `no-store` in server/request-guards.js.)

/**
 * Who may keep a copy of a page. A page is the same for every visitor who sends no cookie (no session, cart,
 * wishlist or toast), so a shared cache (a CDN, the server's own micro-cache in server/page-cache.js) may keep
 * it for a minute; as soon as a cookie is involved it is personal. Pages not listed here (cart, checkout,
 * order-success, wishlist, account and sign-in pages, anything new) are always private.
 */
const PUBLIC_PAGES = [
  /^routes\/home$/,
  /^shop(-[a-z-]+)?$/,
  /^routes\/catalog\/product$/,
  /^routes\/blog\//,
  /^routes\/info\//,
];

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** Personal: only this browser, and not even its cache (a page with a cookie, an account page, a download). */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** An answer nobody may keep, shared or not: health checks, the outage page, a webhook's answer. */
export const NO_STORE_CACHE_CONTROL = "no-store";
/** The same for everyone and rarely changing: robots.txt, the sitemap. */
export const HOURLY_CACHE_CONTROL = "public, max-age=3600";
/** Headers of a personal answer (PRIVATE_CACHE_CONTROL), for a route's `headers` or a data() answer. */
export const PRIVATE_HEADERS = { "Cache-Control": PRIVATE_CACHE_CONTROL } as const;

/**
 * Sets Cache-Control (and Vary: Cookie when public) on a document response: public for a cookieless GET of a
 * public page that answers 200 and sets no cookie, else private.
 * @param routeId the id of the deepest matched route
 */
export function setDocumentCacheControl(
  request: Request,
  status: number,
  headers: Headers,
  routeId: string | undefined,
): void {
  const shareable =
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    !request.headers.has("Cookie") &&
    !request.headers.has("Authorization") &&
    !headers.has("Set-Cookie") &&
    routeId !== undefined &&
    PUBLIC_PAGES.some((pattern) => pattern.test(routeId));
  if (!shareable) {
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return;
  }
  headers.set("Cache-Control", PUBLIC_CACHE_CONTROL);
  // A shared cache must not hand this copy to a visitor who sends a cookie (their page shows their cart).
  headers.append("Vary", "Cookie");
}

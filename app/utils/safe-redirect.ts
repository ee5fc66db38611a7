/**
 * A same-site path to send the browser to, or `fallback`. Refuses absolute URLs, protocol-relative
 * ("//evil.example") and backslash tricks ("/\\evil.example"), so no parameter can redirect off the site.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // A URL parser is the final judge: the path must stay on our own (dummy) origin.
  try {
    const url = new URL(to, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The same-site page a form was posted from, taken from the Referer header, or `fallback`. */
export function refererPath(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return fallback;
    return safeRedirect(`${url.pathname}${url.search}`, fallback);
  } catch {
    return fallback;
  }
}

/**
 * A same-site path to send the browser to, or `fallback`. Refuses absolute URLs, protocol-relative
 * ("//evil.example") and backslash tricks ("/\\evil.example"), so no parameter can redirect off the site.
 * The path is normalised first ("/.//x", "/%2e//x", "/x/..//x" and "/./\\x" all become "//x") and checked after.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters never belong in a path (a browser strips tabs and newlines, turning "/\t/x" into "//x").
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  // A URL parser normalises (dot segments, %2e, backslashes) and is the final judge: the result must stay on our own
  // (dummy) origin, and its path must not read as protocol-relative when sent back as a Location.
  try {
    const url = new URL(to, "http://same.site");
    if (url.origin !== "http://same.site" || url.pathname.startsWith("//")) return fallback;
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

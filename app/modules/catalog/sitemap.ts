/** Paths a search engine should index: every public screen, product and article. */
export function sitemapPaths({
  productIds,
  articleIds,
}: {
  productIds: readonly string[];
  articleIds: readonly string[];
}): string[] {
  return [
    "/",
    "/shop",
    "/extensions/clip-in",
    "/extensions/tape-in",
    "/wigs",
    "/accessories",
    "/sale",
    ...productIds.map((id) => `/product/${id}`),
    "/blog",
    ...articleIds.map((id) => `/blog/${id}`),
    "/about",
    "/size-guide",
    "/care",
    "/returns",
    "/shipping",
    "/faq",
    "/privacy",
    "/terms",
    "/careers",
  ];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

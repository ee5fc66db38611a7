import type { LoaderFunctionArgs } from "@remix-run/node";

import { articles } from "~/content/blog";
import { HOURLY_CACHE_CONTROL } from "~/http/cache-control";
import { getOrigin } from "~/http/origin.server";
import { getAllProducts } from "~/modules/catalog/catalog.server";
import { sitemapPaths, sitemapXml } from "~/modules/catalog/sitemap";

export async function loader({ request }: LoaderFunctionArgs) {
  const paths = sitemapPaths({
    productIds: getAllProducts().map((product) => product.id),
    articleIds: articles.map((article) => article.id),
  });
  return new Response(sitemapXml(getOrigin(request), paths), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": HOURLY_CACHE_CONTROL },
  });
}

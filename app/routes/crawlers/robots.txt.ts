import type { LoaderFunctionArgs } from "@remix-run/node";

import { HOURLY_CACHE_CONTROL } from "~/http/cache-control";
import { getOrigin } from "~/http/origin.server";

// Personal and transactional pages are of no use in a search index.
const disallowed = [
  "/auth",
  "/cart",
  "/checkout",
  "/order-success",
  "/order-status",
  "/profile",
  "/orders",
  "/wishlist",
];

export async function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${getOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": HOURLY_CACHE_CONTROL },
  });
}

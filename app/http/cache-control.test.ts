import { describe, expect, it } from "vitest";

import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL, setDocumentCacheControl } from "~/http/cache-control";

function decide(
  routeId: string | undefined,
  {
    cookie,
    method = "GET",
    status = 200,
    setCookie,
  }: { cookie?: string; method?: string; status?: number; setCookie?: string } = {},
) {
  const request = new Request("https://shop.example/page", { method, headers: cookie ? { Cookie: cookie } : {} });
  const headers = new Headers(setCookie ? { "Set-Cookie": setCookie } : {});
  setDocumentCacheControl(request, status, headers, routeId);
  return { cacheControl: headers.get("Cache-Control"), vary: headers.get("Vary") };
}

describe("setDocumentCacheControl", () => {
  it.each([
    "routes/home",
    "shop",
    "shop-wigs",
    "shop-clip-in",
    "routes/catalog/product",
    "routes/blog/articles",
    "routes/blog/article",
    "routes/info/faq",
  ])("lets shared caches keep %s for visitors without cookies", (routeId) => {
    expect(decide(routeId)).toEqual({ cacheControl: PUBLIC_CACHE_CONTROL, vary: "Cookie" });
    expect(decide(routeId, { method: "HEAD" }).cacheControl).toBe(PUBLIC_CACHE_CONTROL);
  });

  it.each([
    "routes/cart/cart-endpoint",
    "routes/checkout/checkout",
    "routes/checkout/order-success",
    "routes/wishlist/wishlist-endpoint",
    "routes/account/profile",
    "routes/account/orders",
    "routes/auth/sign-in",
    "routes/not-found",
    undefined,
  ])("keeps %s private, even without cookies", (routeId) => {
    expect(decide(routeId)).toEqual({ cacheControl: PRIVATE_CACHE_CONTROL, vary: null });
  });

  it("keeps a public page private when the request has a cookie, the page sets one, or it is not a 200", () => {
    expect(decide("routes/catalog/product", { cookie: "cart=abc" }).cacheControl).toBe(PRIVATE_CACHE_CONTROL);
    expect(decide("routes/catalog/product", { setCookie: "toast=; Max-Age=0" }).cacheControl).toBe(
      PRIVATE_CACHE_CONTROL,
    );
    expect(decide("routes/catalog/product", { status: 404 }).cacheControl).toBe(PRIVATE_CACHE_CONTROL);
    expect(decide("routes/catalog/product", { method: "POST" }).cacheControl).toBe(PRIVATE_CACHE_CONTROL);
  });
});

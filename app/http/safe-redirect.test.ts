import { describe, expect, it } from "vitest";

import { refererPath, safeRedirect } from "~/http/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/shop?category=wigs", "/product/clip-1#reviews"])("keeps the same-site path %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    null,
    undefined,
    `/${"a".repeat(3000)}`,
  ])("refuses %s", (path) => {
    expect(safeRedirect(path, "/fallback")).toBe("/fallback");
  });

  it.each([
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/x/..//evil.example",
    "/./\\evil.example",
    "/x/../\\evil.example",
    "/.\\/evil.example",
  ])("normalises %s first, then refuses what became protocol-relative", (path) => {
    expect(safeRedirect(path, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["/shop/./wigs", "/shop/wigs"],
    ["/a/../cart", "/cart"],
  ])("normalises %s to the same-site %s", (path, expected) => {
    expect(safeRedirect(path)).toBe(expected);
  });

  it("refuses a NUL or other control character", () => {
    expect(safeRedirect("/cart\u0000", "/fallback")).toBe("/fallback");
  });

  it("normalises tab and newline tricks that a URL parser would strip", () => {
    expect(safeRedirect("/\t/evil.example", "/fallback")).toBe("/fallback");
  });
});

describe("refererPath", () => {
  const request = (referer?: string) =>
    new Request("http://shop.test/cart", { method: "POST", headers: referer ? { Referer: referer } : {} });

  it("returns the path of a same-site referer", () => {
    expect(refererPath(request("http://shop.test/shop?sort=rating"), "/cart")).toBe("/shop?sort=rating");
  });

  it("falls back for another site's referer or none", () => {
    expect(refererPath(request("https://evil.example/x"), "/cart")).toBe("/cart");
    expect(refererPath(request(), "/cart")).toBe("/cart");
  });
});

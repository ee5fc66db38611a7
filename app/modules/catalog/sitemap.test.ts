import { describe, expect, it } from "vitest";

import { sitemapPaths, sitemapXml } from "~/modules/catalog/sitemap";

describe("sitemap", () => {
  it("lists products, articles and the information pages", () => {
    const paths = sitemapPaths({ productIds: ["clip-1"], articleIds: ["blog-1"] });
    expect(paths).toContain("/product/clip-1");
    expect(paths).toContain("/blog/blog-1");
    expect(paths).toContain("/faq");
    expect(paths).not.toContain("/checkout");
  });

  it("writes absolute, escaped URLs", () => {
    const xml = sitemapXml("https://shop.test", ["/", "/shop?a=1&b=2"]);
    expect(xml).toContain("<loc>https://shop.test/</loc>");
    expect(xml).toContain("<loc>https://shop.test/shop?a=1&amp;b=2</loc>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

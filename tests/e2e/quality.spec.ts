import type { Page } from "@playwright/test";

import { expect, expectAccessible, test, visit } from "./fixtures";
import { addFromCard } from "./pages/cart-ui";

const indexablePages = [
  "/",
  "/shop",
  "/shop?category=wigs",
  "/extensions/clip-in",
  "/sale",
  "/product/clip-1",
  "/blog",
  "/blog/blog-2",
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

/** The JSON-LD objects of the current page, flattened out of any @graph. */
async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((block) => {
    const parsed = JSON.parse(block) as Record<string, unknown> | Array<Record<string, unknown>>;
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.flatMap((item) =>
      Array.isArray(item["@graph"]) ? (item["@graph"] as Array<Record<string, unknown>>) : [item],
    );
  });
}

/** The current page (opened at `path`) has one h1, a title, a description, its canonical URL and an og:title. */
async function expectPageMetadata(page: Page, path: string, baseURL: string | undefined) {
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page).toHaveTitle(/\S.*\| Luxe Strands$|^Luxe Strands/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^\S.{19,}$/);
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  const href = await canonical.getAttribute("href");
  const expected = new URL(path, baseURL);
  expect(href && new URL(href).pathname).toBe(expected.pathname);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
}

// What search engines and link previews read: the documents as the server sends them (no-js project).
test.describe("metadata", { tag: "@server-only" }, () => {
  for (const path of indexablePages) {
    test(`${path} has one h1, a title, a description and a canonical URL`, async ({ page, baseURL }) => {
      await visit(page, path);
      await expectPageMetadata(page, path, baseURL);
    });
  }

  test("the cart page has a title and description and is kept out of search indexes", async ({ page }) => {
    await visit(page, "/cart");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page).toHaveTitle("Shopping Cart | Luxe Strands");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^\S.{19,}$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("product JSON-LD has a Product with an Offer and an AggregateRating", async ({ page }) => {
    await visit(page, "/product/clip-1");
    const items = await jsonLd(page);
    const product = items.find((item) => item["@type"] === "Product") as
      { name: string; offers: Record<string, unknown>; aggregateRating: Record<string, unknown> } | undefined;
    expect(product?.name).toBe("Silky Straight Clip-In Extensions");
    expect(product?.offers).toMatchObject({
      "@type": "Offer",
      price: "299.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
    expect(product?.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 324 });
    expect(items.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
  });

  test("article JSON-LD has an Article", async ({ page }) => {
    await visit(page, "/blog/blog-1");
    const article = (await jsonLd(page)).find((item) => item["@type"] === "Article");
    expect(article).toMatchObject({
      headline: "How to Care for Your Hair Extensions: The Complete Guide",
      datePublished: "2024-01-15",
      author: { name: "Sophia Martinez" },
    });
  });

  test("listing JSON-LD has a BreadcrumbList Home > Shop > title", async ({ page }) => {
    await visit(page, "/shop?category=tape-in");
    const breadcrumb = (await jsonLd(page)).find((item) => item["@type"] === "BreadcrumbList") as
      { itemListElement: Array<{ position: number; name: string }> } | undefined;
    expect(breadcrumb?.itemListElement.map((item) => [item.position, item.name])).toEqual([
      [1, "Home"],
      [2, "Shop"],
      [3, "Tape-In Extensions"],
    ]);
  });
});

// The pages the @server-only tests read as sent, once each with JavaScript: each hydrates without an error (the guard
// fails the test on a console or page error, which a hydration mismatch is) and keeps its metadata once hydrated.
// One test for all (a context and its cache per page cost more): the shoppers' flows hydrate most of these pages again.
test(
  "every indexable page and the unknown product and article pages hydrate cleanly",
  { tag: "@js-only" },
  async ({ page, baseURL, allowHttpError }) => {
    // Nineteen hydrated page loads: on the loaded two-core machine each has taken up to 10 s.
    test.setTimeout(600_000);
    for (const path of indexablePages) {
      await visit(page, path);
      await expectPageMetadata(page, path, baseURL);
    }
    for (const [path, heading] of [
      ["/product/no-such-product", "Product Not Found"],
      ["/blog/blog-99", "Article Not Found"],
    ] as const) {
      allowHttpError(404, path);
      expect((await visit(page, path))?.status()).toBe(404);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  },
);

test.describe("the lead image", () => {
  // Not the product page: there Lighthouse's LCP was worse with the preload (docs/performance.md, item 22).
  for (const path of ["/", "/shop"]) {
    test(`${path} preloads its largest image from the head, and the image is fetched once, by that preload`, async ({
      page,
    }) => {
      await visit(page, path);
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      await expect(preload).toHaveAttribute("fetchpriority", "high");
      // Before the inline stylesheet, so the request leaves with the document's first bytes.
      expect(
        await page.locator("head > *").evaluateAll((nodes) => {
          const index = (selector: string) => nodes.findIndex((node) => node.matches(selector));
          return index('link[rel="preload"][as="image"]') < index("style");
        }),
      ).toBe(true);

      const image = page.getByRole("main").locator('img[fetchpriority="high"]');
      await expect(image).toHaveCount(1);
      await expect(image).toHaveJSProperty("complete", true);
      const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(source).toMatch(/\.avif$/);
      await expect
        .poll(() =>
          page.evaluate(
            (name) =>
              performance.getEntriesByName(name).map((entry) => (entry as PerformanceResourceTiming).initiatorType),
            source,
          ),
        )
        .toEqual(["link"]);
    });
  }
});

test.describe("sitemap and robots", { tag: "@server-only" }, () => {
  test("/sitemap.xml lists the pages, every product and every article", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain("<urlset");
    const products = [
      "clip-1",
      "clip-2",
      "clip-3",
      "tape-1",
      "tape-2",
      "tape-3",
      "wig-1",
      "wig-2",
      "wig-3",
      "acc-1",
      "acc-2",
      "acc-3",
    ];
    for (const id of products) expect(xml).toMatch(new RegExp(`<loc>[^<]*/product/${id}</loc>`));
    for (const id of ["blog-1", "blog-2", "blog-3", "blog-4", "blog-5"])
      expect(xml).toMatch(new RegExp(`<loc>[^<]*/blog/${id}</loc>`));
    for (const path of ["/shop", "/blog", "/faq", "/careers"])
      expect(xml).toMatch(new RegExp(`<loc>[^<]*${path}</loc>`));
  });

  test("/robots.txt references the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).toContain("Disallow: /cart");
  });
});

test.describe("security headers", () => {
  test("a page carries CSP with a nonce, frame, referrer and content-type options", async ({ page, hasJs }) => {
    const response = await visit(page, "/product/clip-1");
    const headers = response?.headers() ?? {};
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, `nonce in CSP: ${csp}`).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");

    // No inline style attributes anywhere: style-src 'self' would refuse them.
    await expect(page.locator("[style]")).toHaveCount(0);

    if (hasJs) {
      // Every executable inline script carries this response's nonce (JSON-LD blocks are data, not scripts).
      const scripts = await page.evaluate(() =>
        [...document.querySelectorAll("script")]
          .filter((script) => script.type !== "application/ld+json")
          .map((script) => ({ nonce: script.nonce, src: script.src, inline: !script.src })),
      );
      expect(scripts.filter((script) => script.inline).length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.nonce, `script ${script.src || "(inline)"}`).toBe(nonce);
    }
  });

  test("each response gets a fresh nonce @server-only", async ({ request }) => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec((await request.get("/")).headers()["content-security-policy"] ?? "")?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });
});

test.describe("404 page", () => {
  test("any other path answers 404 with 'Oops! Page not found' and a link home", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    allowHttpError(404, "/some/missing/path");
    const response = await visit(page, "/some/missing/path");
    expect(response?.status()).toBe(404);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page).toHaveTitle("Page not found | Luxe Strands");
    const home = main.getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    // The shared header and footer are there too.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    if (hasJs) {
      await home.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Premium hair");
    }
  });
});

// axe runs in the page's JavaScript; the pages' markup is the same without it.
test.describe("accessibility (axe)", { tag: "@js-only" }, () => {
  // axe takes several seconds a page on the shared two-core machines.
  test.describe.configure({ timeout: 90_000 });

  for (const path of ["/", "/shop", "/product/clip-1", "/blog", "/blog/blog-1", "/faq", "/care"]) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await visit(page, path);
      await expectAccessible(page);
    });
  }

  test("the filled cart page and the open cart panel have no serious or critical violations", async ({
    page,
    hasJs,
  }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, "Silky Straight Clip-In Extensions");
    await addFromCard(page, hasJs, "Heat Protectant Serum");
    await visit(page, "/cart");
    await expect(page.getByRole("main").getByTestId("cart-line")).toHaveCount(2);
    await expectAccessible(page);

    await page.getByRole("banner").getByTestId("cart-button").click();
    await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the 404 page has no serious or critical violations", async ({ page, allowHttpError }) => {
    allowHttpError(404, "/some/missing/path");
    await visit(page, "/some/missing/path");
    await expectAccessible(page);
  });
});

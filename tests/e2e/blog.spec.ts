import type { Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { act } from "./pages/navigation";

const titles = {
  "blog-1": "How to Care for Your Hair Extensions: The Complete Guide",
  "blog-2": "5 Effortless Styles for Clip-In Extensions",
  "blog-3": "Wig Care 101: Keep Your Wig Looking New",
  "blog-4": "Choosing the Perfect Extension Color Match",
  "blog-5": "Protecting Your Hair Extensions From Heat Damage",
};

function articleTitles(page: Page) {
  return page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 });
}

async function searchBlog(page: Page, hasJs: boolean, query: string) {
  const box = page.getByRole("searchbox", { name: "Search articles" });
  await box.fill(query);
  await act(page, hasJs, () => box.press("Enter"));
}

test.describe("blog list", () => {
  test("shows the title, search box, category buttons and every article @server-only", async ({ page }) => {
    await visit(page, "/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hair Care Blog");
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveAttribute(
      "placeholder",
      "Search articles...",
    );
    const categories = page.getByRole("navigation", { name: "Blog categories" }).getByRole("link");
    await expect(categories).toHaveText(["All", "Hair Care", "Styling", "Wig Care", "Color"]);
    await expect(categories.first()).toHaveAttribute("aria-current", "page");
    await expect(articleTitles(page)).toHaveText(Object.values(titles));
    await expect(page.getByRole("link", { name: titles["blog-3"] })).toHaveAttribute("href", "/blog/blog-3");
  });

  test("search matches titles, case-insensitively", async ({ page, hasJs }) => {
    await visit(page, "/blog");
    await searchBlog(page, hasJs, "WIG CARE");
    await expect(page).toHaveURL(/\/blog\?q=WIG\+CARE$/);
    await expect(articleTitles(page)).toHaveText([titles["blog-3"]]);
  });

  test("search matches excerpts", async ({ page, hasJs }) => {
    await visit(page, "/blog");
    // Only blog-1's excerpt says "tangle-free"; no title does.
    await searchBlog(page, hasJs, "tangle-free");
    await expect(articleTitles(page)).toHaveText([titles["blog-1"]]);
  });

  test("a category button filters the articles", async ({ page, hasJs }) => {
    await visit(page, "/blog");
    const categories = page.getByRole("navigation", { name: "Blog categories" });
    await act(page, hasJs, () => categories.getByRole("link", { name: "Hair Care" }).click());
    await expect(page).toHaveURL(/\/blog\?category=Hair\+Care$/);
    await expect(articleTitles(page)).toHaveText([titles["blog-1"], titles["blog-5"]]);
    await expect(categories.getByRole("link", { name: "Hair Care" })).toHaveAttribute("aria-current", "page");

    await act(page, hasJs, () => categories.getByRole("link", { name: "All" }).click());
    await expect(articleTitles(page)).toHaveCount(5);
  });

  test("search without a match shows the empty state", async ({ page, hasJs }) => {
    await visit(page, "/blog?category=Styling");
    await searchBlog(page, hasJs, "balayage");
    // The search keeps the chosen category: blog-4 mentions balayage in its tags only, and is not Styling anyway.
    await expect(page).toHaveURL(/category=Styling/);
    await expect(page.getByText("No articles found matching your search.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  });
});

test.describe("blog search inside a category", () => {
  test("says that it searched one category only, and offers the search over every article", async ({ page, hasJs }) => {
    await visit(page, "/blog?category=Styling");
    await searchBlog(page, hasJs, "heat");
    await expect(page).toHaveURL(/category=Styling/);
    await expect(page.getByText("No articles found matching your search.")).toBeVisible();
    const scope = page.getByTestId("blog-search-scope");
    await expect(scope).toHaveText(/Searching “heat” in Styling only\. 3 more articles match in other categories\./);

    await act(page, hasJs, () => scope.getByRole("link", { name: "Search all articles" }).click());
    await expect(page).toHaveURL(/\/blog\?q=heat$/);
    await expect(articleTitles(page)).toHaveCount(3);
    await expect(page.getByTestId("blog-search-scope")).toHaveCount(0);
  });

  test("finding everything in the category, it says where it searched and offers nothing more", async ({
    page,
    hasJs,
  }) => {
    await visit(page, "/blog?category=Wig+Care");
    await searchBlog(page, hasJs, "wig");
    await expect(articleTitles(page)).toHaveText([titles["blog-3"]]);
    await expect(page.getByTestId("blog-search-scope")).toHaveText("Searching “wig” in Wig Care only.");
    await expect(page.getByRole("link", { name: "Search all articles" })).toHaveCount(0);
  });
});

test.describe("blog article", () => {
  test("shows title, author, date, read time, tags and the sanitised content", async ({ page, hasJs }) => {
    await visit(page, "/blog/blog-1");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(titles["blog-1"]);
    await expect(main.getByText("Sophia Martinez")).toBeVisible();
    await expect(main.locator('time[datetime="2024-01-15"]')).toHaveText("January 15, 2024");
    await expect(main.getByText("3 min read")).toBeVisible();
    await expect(main.getByText("Hair Care", { exact: true })).toBeVisible();
    await expect(main.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "#extensions",
      "#hair-care",
      "#washing",
      "#maintenance",
    ]);
    await expect(main.getByRole("heading", { level: 2, name: "Why extensions need extra care" })).toBeVisible();
    await expect(
      main.locator(".prose-article script, .prose-article iframe, .prose-article [onerror], .prose-article [onclick]"),
    ).toHaveCount(0);
    await expect(main.getByRole("img").first()).toBeVisible();

    await act(page, hasJs, () => main.getByRole("link", { name: "Back to Blog" }).click());
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hair Care Blog");
  });

  test("an unknown article answers 404 with 'Article Not Found' @server-only", async ({ page, allowHttpError }) => {
    allowHttpError(404, "/blog/blog-99");
    const response = await visit(page, "/blog/blog-99");
    expect(response?.status()).toBe(404);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
    await expect(page).toHaveTitle("Article Not Found | Luxe Strands");
    await expect(main.getByText("The article you're looking for doesn't exist.")).toBeVisible();
    await expect(main.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });
});

import { expect, expectAccessible, test, visit } from "./fixtures";
import { bigCatalogURL } from "./servers";

// The shipped catalogue (12 products) fits on one page of 12: the shop server checks the single-page case and the
// redirects for page numbers that name no page. Following Previous/Next needs more products: that part runs
// against the second e2e server, whose catalogue has generated products added (playwright.config.ts).
// The paging rules themselves are unit- and loader-tested.

const countLine = /^\d+ products?$/;

test.describe("listing pagination", () => {
  test("a listing that fits on one page has no pagination controls @server-only", async ({ page }) => {
    await visit(page, "/shop");
    await expect(page.getByRole("heading", { name: "12 products" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    await expect(page.locator('link[rel="next"], a[rel="next"]')).toHaveCount(0);
  });

  test("a page past the end lands on the last page, which here is the address without a page @server-only", async ({
    page,
  }) => {
    await visit(page, "/shop?page=2");
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("heading", { name: "12 products" })).toBeVisible();
  });

  test("a malformed page number goes to the first page and keeps the search and sort @server-only", async ({
    page,
  }) => {
    for (const bad of ["0", "-1", "1.5", "abc"]) {
      await visit(page, `/shop?q=wave&sort=price-low&page=${bad}`);
      await expect(page).toHaveURL(/\/shop\?q=wave&sort=price-low$/);
      await expect(page.getByRole("heading", { name: countLine })).toBeVisible();
    }
  });
});

test.describe("listing pagination over a big catalogue", () => {
  test.use({ baseURL: bigCatalogURL });

  test("Next and Previous follow the pages of a long listing, keeping the filters", async ({ page, hasJs }) => {
    // Two navigations and an axe scan of a full page: on the shared two-core machine that can pass 30 s.
    test.slow();

    await visit(page, "/wigs?sort=price-low");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(pagination.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute("href", /\/wigs\?sort=price-low&page=2$/);
    const firstPageNames = await page
      .getByRole("main")
      .getByRole("article")
      .getByRole("heading", { level: 3 })
      .allTextContents();

    await pagination.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/wigs\?sort=price-low&page=2$/);
    await expect(pagination.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price-low");
    const secondPageNames = await page
      .getByRole("main")
      .getByRole("article")
      .getByRole("heading", { level: 3 })
      .allTextContents();
    expect(secondPageNames).toHaveLength(12);
    expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);
    // axe runs in the page: only with JavaScript on.
    if (hasJs) await expectAccessible(page);

    await pagination.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/wigs\?sort=price-low$/);
    await expect(pagination.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });
});

import type { Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { applyFilterChange } from "./pages/listing";
import { act, expectSameDocument, markDocument, waitForRemixIdle, withFullPageLoad } from "./pages/navigation";

const catalogue = {
  "clip-1": "Silky Straight Clip-In Extensions",
  "clip-2": "Body Wave Clip-In Set",
  "clip-3": "Volume Boost Clip-In Halo",
  "tape-1": "Seamless Tape-In Extensions",
  "tape-2": "Invisible Tape-In Extensions",
  "tape-3": "Balayage Tape-In Extensions",
  "wig-1": "Lace Front Bob Wig",
  "wig-2": "Long Wavy Lace Wig",
  "wig-3": "Luxury Full Lace Wig",
  "acc-1": "Mulberry Silk Pillowcase",
  "acc-2": "Boar Bristle Extension Brush",
  "acc-3": "Heat Protectant Serum",
} as const;
type ProductId = keyof typeof catalogue;
const names = (...ids: ProductId[]) => ids.map((id) => catalogue[id]);
const featuredOrder = Object.keys(catalogue) as ProductId[];

function productNames(page: Page) {
  return page.getByRole("main").getByRole("article").getByRole("heading", { level: 3 });
}

function countLine(page: Page) {
  return page.getByRole("heading", { name: /^\d+ products?$/ });
}

test.describe("titles, paths and breadcrumb", () => {
  const cases: Array<{ url: string; title: string; ids: ProductId[] }> = [
    { url: "/shop", title: "All Products", ids: featuredOrder },
    {
      url: "/shop?category=extensions",
      title: "Hair Extensions",
      ids: ["clip-1", "clip-2", "clip-3", "tape-1", "tape-2", "tape-3"],
    },
    { url: "/shop?category=clip-in", title: "Clip-In Extensions", ids: ["clip-1", "clip-2", "clip-3"] },
    { url: "/shop?category=tape-in", title: "Tape-In Extensions", ids: ["tape-1", "tape-2", "tape-3"] },
    { url: "/shop?category=wigs", title: "Wigs", ids: ["wig-1", "wig-2", "wig-3"] },
    { url: "/shop?category=accessories", title: "Hair Accessories", ids: ["acc-1", "acc-2", "acc-3"] },
    { url: "/extensions/clip-in", title: "Clip-In Extensions", ids: ["clip-1", "clip-2", "clip-3"] },
    { url: "/extensions/tape-in", title: "Tape-In Extensions", ids: ["tape-1", "tape-2", "tape-3"] },
    { url: "/wigs", title: "Wigs", ids: ["wig-1", "wig-2", "wig-3"] },
    { url: "/accessories", title: "Hair Accessories", ids: ["acc-1", "acc-2", "acc-3"] },
    { url: "/sale", title: "Sale", ids: ["clip-1", "wig-3", "acc-1"] },
  ];
  for (const { url, title, ids } of cases) {
    test(`${url} is '${title}' with its products @server-only`, async ({ page }) => {
      await visit(page, url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(productNames(page)).toHaveText(names(...ids));
      await expect(countLine(page)).toHaveText(`${ids.length} products`);

      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("listitem")).toHaveText(["Home", "Shop", title]);
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(breadcrumb.getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/shop");
      await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(title);
    });
  }

  test("any other category is its value capitalised, with the empty state, a 200 search engines leave out @server-only", async ({
    page,
  }) => {
    const response = await visit(page, "/shop?category=bundles");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Bundles \| Luxe Strands/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/shop$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bundles");
    await expect(page.getByText("No products found matching your filters.")).toBeVisible();
    await expect(countLine(page)).toHaveText("0 products");
  });
});

test.describe("filters and sort", () => {
  test("colour filter: red leaves only the copper red tape-in", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await applyFilterChange(page, hasJs, () => page.getByLabel("Color", { exact: true }).selectOption("red"));
    await expect(page).toHaveURL(/[?&]color=red(&|$)/);
    await expect(productNames(page)).toHaveText(names("tape-3"));
    await expect(countLine(page)).toHaveText("1 product");
    await expect(page.getByLabel("Color", { exact: true })).toHaveValue("red");
  });

  test("colour filter keeps the category chosen by the query", async ({ page, hasJs }) => {
    await visit(page, "/shop?category=wigs");
    await applyFilterChange(page, hasJs, () => page.getByLabel("Color", { exact: true }).selectOption("black"));
    await expect(page).toHaveURL(/category=wigs/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wigs");
    await expect(productNames(page)).toHaveText(names("wig-1"));
  });

  test("price range: a maximum of $200 leaves the products up to $200", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    const maxPrice = page.getByRole("slider", { name: "Maximum price" });
    await expect(maxPrice).toHaveAttribute("min", "0");
    await expect(maxPrice).toHaveAttribute("max", "1000");
    await expect(maxPrice).toHaveAttribute("step", "10");
    await expect(maxPrice).toHaveValue("1000");

    await applyFilterChange(page, hasJs, () => maxPrice.fill("200"));
    await expect(page).toHaveURL(/[?&]maxPrice=200(&|$)/);
    await expect(productNames(page)).toHaveText(names("clip-3", "acc-1", "acc-2", "acc-3"));
    await expect(countLine(page)).toHaveText("4 products");
    await expect(page.getByRole("slider", { name: "Maximum price" })).toHaveValue("200");
    await expect(page.getByRole("group", { name: "Price Range" })).toContainText("$0.00 - $200.00");
  });

  test("the price line never claims a range the listing does not show", async ({ page, hasJs }) => {
    await visit(page, "/shop?maxPrice=800");
    const line = page.getByTestId("price-range-label");
    const maxPrice = page.getByRole("slider", { name: "Maximum price" });
    await expect(line).toHaveText("Showing $0.00 - $800.00");
    if (hasJs) {
      // The line follows the thumb; until the listing has followed too, it does not say "Showing".
      await markDocument(page);
      await maxPrice.fill("700");
      await expect(line).toHaveText(/^(Showing )?\$0\.00 - \$700\.00$/);
      await expect(page).toHaveURL(/[?&]maxPrice=700(&|$)/);
      await waitForRemixIdle(page);
      await expectSameDocument(page);
    } else {
      // Nothing can follow a moved thumb without JavaScript: the line keeps saying what the listing shows.
      await maxPrice.fill("700");
      await expect(line).toHaveText("Showing $0.00 - $800.00");
      await withFullPageLoad(page, () => page.getByRole("button", { name: "Apply Filters" }).click());
    }
    await expect(line).toHaveText("Showing $0.00 - $700.00");
    // A scale under the sliders reads their position.
    await expect(page.getByRole("group", { name: "Price Range" })).toContainText("$0$500$1,000");
  });

  const sorts: Array<{ value: string; ids: ProductId[] }> = [
    {
      value: "price-low",
      ids: [
        "acc-2",
        "acc-3",
        "acc-1",
        "clip-3",
        "clip-2",
        "clip-1",
        "tape-1",
        "tape-3",
        "tape-2",
        "wig-1",
        "wig-2",
        "wig-3",
      ],
    },
    {
      value: "price-high",
      ids: [
        "wig-3",
        "wig-2",
        "wig-1",
        "tape-2",
        "tape-3",
        "tape-1",
        "clip-1",
        "clip-2",
        "clip-3",
        "acc-1",
        "acc-3",
        "acc-2",
      ],
    },
    {
      value: "rating",
      ids: [
        "wig-3",
        "tape-1",
        "clip-1",
        "wig-2",
        "clip-3",
        "wig-1",
        "clip-2",
        "acc-2",
        "tape-2",
        "tape-3",
        "acc-1",
        "acc-3",
      ],
    },
    {
      value: "newest",
      ids: [
        "clip-2",
        "tape-2",
        "tape-3",
        "clip-1",
        "clip-3",
        "tape-1",
        "wig-1",
        "wig-2",
        "wig-3",
        "acc-1",
        "acc-2",
        "acc-3",
      ],
    },
  ];
  for (const { value, ids } of sorts) {
    test(`sort ${value}`, async ({ page, hasJs }) => {
      await visit(page, "/shop");
      await applyFilterChange(page, hasJs, () => page.getByLabel("Sort by").selectOption(value));
      await expect(page).toHaveURL(new RegExp(`[?&]sort=${value}(&|$)`));
      await expect(productNames(page)).toHaveText(names(...ids));
      await expect(page.getByLabel("Sort by")).toHaveValue(value);
    });
  }

  test("Clear Filters resets price, colour and sort but keeps the category", async ({ page, hasJs }) => {
    await visit(page, "/shop?category=wigs&color=black&sort=price-high&minPrice=100&maxPrice=500");
    await expect(productNames(page)).toHaveText(names("wig-1"));

    await act(page, hasJs, () => page.getByRole("link", { name: "Clear Filters" }).click());
    await expect(page).toHaveURL(/\/shop\?category=wigs$/);
    await expect(page.getByLabel("Color", { exact: true })).toHaveValue("all");
    await expect(page.getByLabel("Sort by")).toHaveValue("featured");
    await expect(page.getByRole("slider", { name: "Minimum price" })).toHaveValue("0");
    await expect(page.getByRole("slider", { name: "Maximum price" })).toHaveValue("1000");
    await expect(productNames(page)).toHaveText(names("wig-1", "wig-2", "wig-3"));
  });

  test("filters with no match show the empty state", async ({ page, hasJs }) => {
    await visit(page, "/accessories");
    await applyFilterChange(page, hasJs, () => page.getByLabel("Color", { exact: true }).selectOption("blonde"));
    await expect(page.getByText("No products found matching your filters.")).toBeVisible();
    await expect(countLine(page)).toHaveText("0 products");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  });
});

test("a product card shows badges, price, rating and links to its page", async ({ page, hasJs }) => {
  await visit(page, "/sale");
  const card = page.getByRole("main").getByRole("article").filter({ hasText: catalogue["clip-1"] });
  await expect(card.getByText("Sale", { exact: true })).toBeVisible();
  await expect(card.getByText("$299.00")).toBeVisible();
  await expect(card.locator("s")).toContainText("$399.00");
  await expect(card.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeVisible();
  await expect(card.getByText("(324 reviews)")).toBeVisible();
  await expect(card.getByText("clip-in", { exact: true })).toBeVisible();

  await act(page, hasJs, () => card.getByRole("link", { name: catalogue["clip-1"] }).click());
  await expect(page).toHaveURL(/\/product\/clip-1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue["clip-1"]);
});

test("an out-of-stock card offers no Add to Cart @server-only", async ({ page }) => {
  await visit(page, "/wigs");
  const card = page.getByRole("main").getByRole("article").filter({ hasText: catalogue["wig-2"] });
  await expect(card.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  await expect(card.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
});

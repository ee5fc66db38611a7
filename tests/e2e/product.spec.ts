import { expect, test, visit } from "./fixtures";
import { act } from "./pages/navigation";

test("clip-1 shows its details, price, rating, stock and the reassurance lines @server-only", async ({ page }) => {
  await visit(page, "/product/clip-1");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Silky Straight Clip-In Extensions");
  await expect(main.getByText("clip-in", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Product images" }).getByText("Sale", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Product images" }).getByText("New", { exact: true })).toHaveCount(0);

  await expect(main.getByText("$299.00", { exact: true })).toBeVisible();
  await expect(main.locator("s")).toHaveText("Was $399.00");
  await expect(main.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeVisible();
  await expect(main.getByText("(324 reviews)")).toBeVisible();

  const details = main.locator("dl").first();
  await expect(details).toContainText("Color:Honey Blonde");
  await expect(details).toContainText("Length:22 inch");
  await expect(details).toContainText("Texture:Straight");
  await expect(main.getByText("In Stock", { exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: "Add to Cart", exact: true })).toBeVisible();

  for (const line of ["Free shipping on orders over $200", "Quality guarantee", "30-day return policy"]) {
    await expect(main.getByText(line, { exact: true })).toBeVisible();
  }

  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("listitem")).toHaveText([
    "Home",
    "Shop",
    "Clip-In Extensions",
    "Silky Straight Clip-In Extensions",
  ]);
});

test("a new product shows the New badge and floors its stars @server-only", async ({ page }) => {
  await visit(page, "/product/clip-2");
  const images = page.getByRole("region", { name: "Product images" });
  await expect(images.getByText("New", { exact: true })).toBeVisible();
  await expect(images.getByText("Sale", { exact: true })).toHaveCount(0);
  // 4.6 draws four filled stars out of five.
  const stars = page.getByRole("main").getByRole("img", { name: "Rated 4.6 out of 5" }).locator("use");
  await expect(stars).toHaveCount(5);
  await expect(stars.and(page.locator(".fill-amber-400"))).toHaveCount(4);
  await expect(page.getByRole("main").locator("s")).toHaveCount(0);
});

test("the quantity stepper starts at 1 and never goes below 1", async ({ page, hasJs }) => {
  await visit(page, "/product/clip-1");
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("1");
  await expect(quantity).toHaveAttribute("min", "1");
  if (hasJs) {
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    await expect(minus).toBeDisabled();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("3");
    await minus.click();
    await expect(quantity).toHaveValue("2");
  } else {
    // Without scripts the browser's own stepper is the only one.
    await expect(page.getByRole("button", { name: "Increase quantity" })).toBeHidden();
  }
});

test("gallery thumbnails switch the main image", async ({ page, hasJs }) => {
  await visit(page, "/product/clip-1");
  const gallery = page.getByRole("region", { name: "Product images" });
  const mainImage = gallery.getByRole("img").first();
  const thumbnails = gallery.getByRole("link", { name: /^Show image \d of 3$/ });
  await expect(thumbnails).toHaveCount(3);
  await expect(mainImage).toHaveAttribute("src", /product-clip-1-1-/);
  await expect(thumbnails.first()).toHaveAttribute("aria-current", "true");
  await expect(thumbnails.nth(1)).toHaveAttribute("href", "/product/clip-1?image=1");

  await act(page, hasJs, () => gallery.getByRole("link", { name: "Show image 2 of 3" }).click());
  await expect(page).toHaveURL(/\/product\/clip-1\?image=1$/);
  await expect(mainImage).toHaveAttribute("src", /product-clip-1-2-/);
  await expect(mainImage).toHaveAttribute("alt", "Honey blonde clip-in weft laid in a soft curve");
  await expect(gallery.getByRole("link", { name: "Show image 2 of 3" })).toHaveAttribute("aria-current", "true");
  await expect(thumbnails.first()).not.toHaveAttribute("aria-current", "true");

  // Works from the URL alone (a plain link without JavaScript).
  await visit(page, "/product/clip-1?image=2");
  await expect(mainImage).toHaveAttribute("src", /product-clip-1-3-/);
});

test("a product with one image has no thumbnails @server-only", async ({ page }) => {
  await visit(page, "/product/tape-2");
  await expect(
    page.getByRole("region", { name: "Product images" }).getByRole("link", { name: /Show image/ }),
  ).toHaveCount(0);
});

test("tabs Description, Features and Specifications switch", async ({ page, hasJs }) => {
  await visit(page, "/product/clip-1");
  const tabs = page.getByRole("tablist", { name: "Product information" }).getByRole("tab");
  await expect(tabs).toHaveText(["Description", "Features", "Specifications"]);
  const panel = page.getByRole("tabpanel");
  await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
  await expect(panel).toContainText("A full-head set of 100% Remy human hair");

  await act(page, hasJs, () => page.getByRole("tab", { name: "Features" }).click());
  await expect(page).toHaveURL(/[?&]tab=features/);
  await expect(page.getByRole("tab", { name: "Features" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "false");
  await expect(panel).toContainText("Double-drawn wefts: as full at the ends as at the roots");
  await expect(panel).toHaveAccessibleName("Features");

  await act(page, hasJs, () => page.getByRole("tab", { name: "Specifications" }).click());
  await expect(page.getByRole("tab", { name: "Specifications" })).toHaveAttribute("aria-selected", "true");
  await expect(panel).toContainText("Hair Type");
  await expect(panel).toContainText("100% Remy Human Hair");
  await expect(panel).toContainText("160g");
});

// Without JavaScript the tabs are links (covered above).
test("with JavaScript the tabs follow the arrow keys, Home and End", { tag: "@js-only" }, async ({ page }) => {
  await visit(page, "/product/clip-1");
  const tab = (name: string) => page.getByRole("tab", { name });
  await expect(tab("Description")).toHaveAttribute("tabindex", "0");
  await expect(tab("Features")).toHaveAttribute("tabindex", "-1");
  await tab("Description").focus();

  const expectSelected = async (name: string, panelText: string) => {
    await expect(tab(name)).toHaveAttribute("aria-selected", "true");
    await expect(tab(name)).toBeFocused();
    await expect(tab(name)).toHaveAttribute("tabindex", "0");
    await expect(page.getByRole("tabpanel")).toContainText(panelText);
  };
  await page.keyboard.press("ArrowRight");
  await expectSelected("Features", "Double-drawn wefts");
  await page.keyboard.press("ArrowRight");
  await expectSelected("Specifications", "Hair Type");
  await page.keyboard.press("ArrowRight");
  await expectSelected("Description", "A full-head set");
  await page.keyboard.press("ArrowLeft");
  await expectSelected("Specifications", "Hair Type");
  await page.keyboard.press("Home");
  await expectSelected("Description", "A full-head set");
  await page.keyboard.press("End");
  await expectSelected("Specifications", "Hair Type");
});

test("an out-of-stock product says so and offers no Add to Cart @server-only", async ({ page }) => {
  await visit(page, "/product/wig-2");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Long Wavy Lace Wig");
  await expect(main.getByText("Out of Stock", { exact: true })).toBeVisible();
  await expect(main.getByText("In Stock", { exact: true })).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Add to Cart", exact: true })).toHaveCount(0);
  await expect(main.getByRole("spinbutton", { name: "Quantity" })).toHaveCount(0);
});

test("an unknown product answers 404 with 'Product Not Found' @server-only", async ({ page, allowHttpError }) => {
  allowHttpError(404, "/product/no-such-product");
  const response = await visit(page, "/product/no-such-product");
  expect(response?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
  await expect(page).toHaveTitle("Product Not Found | Luxe Strands");
  await expect(main.getByText("The product you're looking for doesn't exist.")).toBeVisible();
  await expect(main.getByRole("link", { name: "Back to Shop" })).toHaveAttribute("href", "/shop");
});

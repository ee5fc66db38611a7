import { expect, test, visit } from "./fixtures";
import { act } from "./pages/navigation";

test("home shows the hero, badges, category tiles and the first four products @server-only", async ({ page }) => {
  await visit(page, "/");
  const main = page.getByRole("main");

  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Premium hair for your most confident self");
  await expect(main.getByRole("link", { name: "Shop Collection" })).toHaveAttribute("href", "/shop");
  await expect(main.getByRole("link", { name: "Book Consultation" })).toHaveAttribute(
    "href",
    /^mailto:hello@luxestrands\.example/,
  );
  await expect(main.getByText("Premium Quality", { exact: true })).toBeVisible();
  await expect(main.getByText("Free Shipping", { exact: true })).toBeVisible();

  const categories = page.getByRole("region", { name: "Shop by Category" }).getByRole("link");
  await expect(categories).toHaveCount(4);
  for (const [index, category] of ["clip-in", "tape-in", "wigs", "accessories"].entries()) {
    await expect(categories.nth(index)).toHaveAttribute("href", `/shop?category=${category}`);
  }
  await expect(categories).toContainText(["Clip-In Extensions", "Tape-In Extensions", "Wigs", "Accessories"]);

  const featured = page.getByRole("region", { name: "Featured Products" }).getByRole("article");
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText([
    "Silky Straight Clip-In Extensions",
    "Body Wave Clip-In Set",
    "Volume Boost Clip-In Halo",
    "Seamless Tape-In Extensions",
  ]);
  // Each featured card links to its product and can add it to the cart.
  await expect(featured.first().getByRole("link", { name: "Silky Straight Clip-In Extensions" })).toHaveAttribute(
    "href",
    "/product/clip-1",
  );
  await expect(
    featured.first().getByRole("button", { name: "Add to Cart: Silky Straight Clip-In Extensions" }),
  ).toBeVisible();
});

test("Shop Collection leads to the listing and a category tile to its category", async ({ page, hasJs }) => {
  await visit(page, "/");
  await act(page, hasJs, () => page.getByRole("main").getByRole("link", { name: "Shop Collection" }).click());
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");

  await visit(page, "/");
  await act(page, hasJs, () =>
    page
      .getByRole("region", { name: "Shop by Category" })
      .getByRole("link", { name: /Tape-In Extensions/ })
      .click(),
  );
  await expect(page).toHaveURL(/\/shop\?category=tape-in$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tape-In Extensions");
});

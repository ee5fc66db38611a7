import type { Page } from "@playwright/test";

import { expect, expectAccessible, test, visit } from "./fixtures";

const heart = (page: Page) => page.getByRole("main").getByRole("button", { name: "Add to wishlist" });

async function addToWishlist(page: Page, productId: string) {
  await visit(page, `/product/${productId}`);
  await heart(page).click();
  await expect(heart(page)).toHaveAttribute("aria-pressed", "true");
  // The toast follows the server's answer: only then is it safe to leave the page.
  await expect(page.getByTestId("toast")).toContainText("added to your wishlist");
}

test.describe("wishlist", () => {
  test("the heart on a product page toggles the product in and out", async ({ page, hasJs }) => {
    await visit(page, "/product/wig-3");
    await expect(heart(page)).toHaveAttribute("aria-pressed", "false");

    await heart(page).click();
    await expect(heart(page)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("toast")).toContainText("Luxury Full Lace Wig has been added to your wishlist.");
    // Without JavaScript the page comes back at the product's details.
    await expect(page).toHaveURL(hasJs ? /\/product\/wig-3$/ : /\/product\/wig-3#product-wig-3$/);

    // Still pressed on a fresh load: the server knows.
    await visit(page, "/product/wig-3");
    await expect(heart(page)).toHaveAttribute("aria-pressed", "true");

    await heart(page).click();
    await expect(heart(page)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("toast")).toContainText("Removed from wishlist");
    await visit(page, "/wishlist");
    await expect(page.getByTestId("wishlist-item")).toHaveCount(0);
  });

  test("works for an out-of-stock product too", async ({ page }) => {
    await addToWishlist(page, "wig-2");
    await visit(page, "/wishlist");
    const item = page.getByTestId("wishlist-item");
    await expect(item).toContainText("Long Wavy Lace Wig");
    await expect(item.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
  });

  test("/wishlist, reached from the header, lists the products with Add to Cart", async ({ page, hasJs }) => {
    await addToWishlist(page, "clip-2");
    await addToWishlist(page, "acc-2");
    await page.getByRole("banner").getByRole("link", { name: "Wishlist", exact: true }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Wishlist" })).toBeVisible();
    const items = page.getByTestId("wishlist-item");
    // Most recently added first.
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText("Boar Bristle Extension Brush");
    await expect(items.nth(1)).toContainText("Body Wave Clip-In Set");
    // axe runs inside the page, so only where JavaScript runs; the markup is the same without it.
    if (hasJs) await expectAccessible(page);

    await items.nth(1).getByRole("button", { name: "Add to Cart: Body Wave Clip-In Set" }).click();
    await expect(page.getByTestId("toast")).toContainText("Added to cart");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // The shopper stays on the wishlist: redirected back to the card without JavaScript, in place with it.
    await expect(page).toHaveURL(hasJs ? /\/wishlist$/ : /\/wishlist#product-clip-2$/);
    await expect(items).toHaveCount(2);
  });

  test("Remove takes products off /wishlist until it is empty", async ({ page }) => {
    await addToWishlist(page, "clip-2");
    await addToWishlist(page, "acc-2");
    await visit(page, "/wishlist");
    await page.getByRole("button", { name: "Remove Boar Bristle Extension Brush from wishlist" }).click();
    await expect(page.getByTestId("wishlist-item")).toHaveCount(1);
    await expect(page.getByTestId("toast")).toContainText("Removed from wishlist");
    await page.getByRole("button", { name: "Remove Body Wave Clip-In Set from wishlist" }).click();
    await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
  });

  test("an empty wishlist says so and leads back to the shop", async ({ page, hasJs }) => {
    await visit(page, "/wishlist");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    // axe runs inside the page, so only where JavaScript runs; the markup is the same without it.
    if (hasJs) await expectAccessible(page);
  });
});

test.describe("newsletter", () => {
  const footerForm = (page: Page) => page.getByRole("contentinfo").getByRole("region", { name: "Newsletter" });
  const address = (prefix: string) => `${prefix}-${test.info().project.name}-${Date.now()}@Example.com`;

  async function subscribe(page: Page, email: string) {
    const form = footerForm(page);
    await form.getByLabel("E-mail address").fill(email);
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith("/newsletter") && response.request().method() === "POST",
    );
    await form.getByRole("button", { name: "Subscribe" }).click();
    return answer;
  }

  test("subscribes from the footer and says thanks, staying on the page", async ({ page, hasJs }) => {
    await visit(page, "/about");
    const answer = await subscribe(page, address("ada"));
    expect(answer.status()).toBeLessThan(400);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Subscribed!");
    await expect(toast).toContainText("Please check your email to confirm your subscription.");
    await expect(page).toHaveURL(/\/about$/);
    if (hasJs) await expect(footerForm(page).getByLabel("E-mail address")).toHaveValue("");
  });

  test("subscribing the same address twice is fine", async ({ page }) => {
    const email = address("twice");
    await visit(page, "/");
    expect((await subscribe(page, email)).status()).toBeLessThan(400);
    await expect(page.getByTestId("toast")).toContainText("Subscribed!");
    await visit(page, "/blog");
    expect((await subscribe(page, email.toUpperCase())).status()).toBeLessThan(400);
    await expect(page.getByTestId("toast")).toContainText("Subscribed!");
    await expect(footerForm(page).getByTestId("newsletter-error")).toBeEmpty();
  });

  test("an invalid address gets a clear message next to the field, keeping what was typed", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    // The browser's own e-mail rule accepts "ada@nowhere"; the server refuses it (a 400 to the fetcher, with JavaScript).
    allowHttpError(400, "/newsletter");
    await visit(page, "/about");
    const form = footerForm(page);
    await form.getByLabel("E-mail address").fill("ada@nowhere");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByTestId("newsletter-error")).toHaveText("Please enter a valid email address.");
    const input = form.getByLabel("E-mail address");
    await expect(input).toHaveValue("ada@nowhere");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/about(#newsletter)?$/);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    // axe runs inside the page, so only where JavaScript runs; the markup is the same without it.
    if (hasJs) await expectAccessible(page);
  });

  // Without JavaScript the server answers, as above.
  test(
    "with JavaScript, an address the browser can tell is wrong is refused before sending",
    { tag: "@js-only" },
    async ({ page }) => {
      await visit(page, "/about");
      const form = footerForm(page);
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/newsletter")) posted = true;
      });
      await form.getByLabel("E-mail address").fill("not-an-email");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(form.getByTestId("newsletter-error")).toHaveText("Please enter a valid email address.");
      await expect(form.getByLabel("E-mail address")).toBeFocused();
      expect(posted).toBe(false);
    },
  );
});

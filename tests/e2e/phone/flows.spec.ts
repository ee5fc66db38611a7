import type { Locator, Page } from "@playwright/test";

import { shippingAddressFields } from "../../support/shipping";
import { expect, expectAccessible, test, visit, waitForHydration } from "../fixtures";
import { createAccount } from "../pages/account";
import { addFromProductPage, CartUi } from "../pages/cart-ui";
import {
  act,
  expectSameDocument,
  holdScripts,
  markDocument,
  waitForRemixIdle,
  withFullPageLoad,
} from "../pages/navigation";

// The shopper's flows on a phone (docs/product.md, decision 10), with JavaScript on and off: toasts, checkout errors, Back after ordering.

const toast = (page: Page) => page.getByTestId("toast");

async function fillShippingAddress(page: Page) {
  for (const [label, value] of shippingAddressFields) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** What is drawn at the centre of `locator`'s box: true when it is the element itself or inside it. */
async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

async function addProduct(page: Page, hasJs: boolean, productId = "clip-1") {
  await visit(page, `/product/${productId}`);
  await addFromProductPage(page, hasJs, 1);
  await expect(toast(page)).toContainText("Added to cart");
}

test.describe("toasts", () => {
  test("a toast is announced, then leaves by itself and no longer covers the page", async ({ page, hasJs }) => {
    await addProduct(page, hasJs);
    await expect(page.getByRole("status").filter({ has: toast(page) })).toHaveAttribute("aria-live", "polite");
    await expect(toast(page)).toBeVisible();
    const box = await toast(page).boundingBox();
    // About 6 s (a CSS animation, so also without JavaScript); it waits while pointed at, so point elsewhere.
    await page.mouse.move(1, 1);
    await expect(toast(page)).toBeHidden({ timeout: 10_000 });
    // What was under it takes taps again.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-testid=toast]") ?? null,
      { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
    );
    expect(hit).toBeNull();
  });

  test("a toast can be dismissed", async ({ page, hasJs }) => {
    await addProduct(page, hasJs);
    await expect(toast(page)).toBeVisible();
    if (hasJs) {
      await toast(page).getByRole("button", { name: "Dismiss notification" }).tap();
    } else {
      // A checkbox (named 'Dismiss notification') that the CSS reads, drawn by the close mark in the card.
      await expect(page.getByRole("checkbox", { name: "Dismiss notification" })).toHaveCount(1);
      await toast(page).locator("label").tap();
    }
    await expect(toast(page)).toBeHidden();
  });

  test("an error toast is announced assertively", async ({ page, hasJs, allowHttpError }) => {
    test.slow(); // axe on a loaded machine
    allowHttpError(400, "/checkout");
    // A checkout submitted after the cart was emptied elsewhere (another tab): 'Cart is empty'.
    await addProduct(page, hasJs);
    await visit(page, "/checkout");
    await fillShippingAddress(page);
    expect((await page.request.post("/cart", { form: { intent: "clear" } })).ok()).toBe(true);
    await act(page, hasJs, () => page.getByRole("button", { name: /Place Order/ }).tap());
    await expect(page.getByRole("alert").filter({ has: toast(page) })).toContainText("Cart is empty");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart is empty" })).toBeVisible();
    if (hasJs) await expectAccessible(page);
  });

  test(
    "a toast raised while the cart panel is open shows above the panel and can be used; one raised before goes",
    { tag: "@js-only" },
    async ({ page, hasJs }) => {
      test.slow(); // axe on a loaded machine
      await addProduct(page, hasJs, "acc-2");
      await CartUi.cartButton(page).tap();
      const panel = new CartUi(page, hasJs, "panel");
      await expect(panel.root).toBeVisible();
      // The add's card is about the line the panel now shows: it goes rather than cover the panel's buttons.
      await expect(toast(page)).toHaveCount(0);
      await panel.remove("Boar Bristle Extension Brush");

      await expect(toast(page)).toContainText("Removed from cart");
      await expect(toast(page)).toContainText("Item has been removed from your cart.");
      expect(await isOnTop(toast(page))).toBe(true);
      // Not inert behind the modal panel: its button works, and the panel stays open.
      await toast(page).getByRole("button", { name: "Dismiss notification" }).tap();
      await expect(toast(page)).toHaveCount(0);
      await expect(panel.root).toBeVisible();
      await expectAccessible(page);
    },
  );
});

test.describe("listing", () => {
  test("Add to Cart far down a listing leaves the shopper at that card, not at the top of the page", async ({
    page,
    hasJs,
  }) => {
    await visit(page, "/shop");
    const button = page
      .getByRole("main")
      .getByRole("button", { name: /^Add to Cart: / })
      .last();
    const cardId = await button.evaluate((element) => element.closest("article")?.id);
    expect(cardId).toMatch(/^product-/);
    const card = page.locator(`article#${cardId}`);
    await button.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(844);

    // Without JavaScript a reload, which lands on the card; with it, an update in place.
    await act(page, hasJs, () => button.tap());
    await expect(toast(page)).toContainText("Added to cart");
    await expect(card).toBeInViewport();
    if (hasJs) return;
    await expect(page).toHaveURL(new RegExp(`/shop#${cardId}$`));
    // Landed clear of the sticky header: the card's top is below it.
    const [cardTop, headerBottom] = await Promise.all([
      card.evaluate((element) => element.getBoundingClientRect().top),
      page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().bottom),
    ]);
    expect(cardTop).toBeGreaterThanOrEqual(headerBottom - 1);
  });
});

test.describe("product page", () => {
  test("the wishlist heart leaves the shopper at the product, not at the top of the page", async ({ page, hasJs }) => {
    await visit(page, "/product/clip-1");
    const heart = page.getByRole("main").getByRole("button", { name: "Add to wishlist" });
    // Below the first screen on a phone (under the gallery): a reload at the top would lose it.
    await expect(heart).not.toBeInViewport();
    await heart.scrollIntoViewIfNeeded();

    await act(page, hasJs, () => heart.tap());
    await expect(toast(page)).toContainText("Added to wishlist");
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(heart).toBeInViewport();
    if (hasJs) return;
    await expect(page).toHaveURL(/\/product\/clip-1#product-clip-1$/);
    // Landed clear of the sticky header: the product's name is below it.
    const [nameTop, headerBottom] = await Promise.all([
      page.getByRole("heading", { level: 1 }).evaluate((element) => element.getBoundingClientRect().top),
      page.getByRole("banner").evaluate((element) => element.getBoundingClientRect().bottom),
    ]);
    expect(nameTop).toBeGreaterThanOrEqual(headerBottom - 1);
  });
});

test.describe("listing choices before and after the framework arrives", { tag: "@js-only" }, () => {
  test("a sort and a colour picked right after load apply at once by a document GET; once hydrated, the next in place; none twice", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    const listingRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/shop"))
        listingRequests.push(`${request.resourceType()} ${url.pathname}${url.search}`);
    });
    await page.goto("/shop");
    const main = page.getByRole("main");
    const sort = main.getByRole("combobox", { name: "Sort by" });
    const color = main.getByLabel("Color", { exact: true });
    const firstName = main.getByRole("article").first().getByRole("heading", { level: 3 });

    // The framework's scripts are held: this is the plain page, whose Sort button is hidden from the first paint.
    await expect(main.getByRole("button", { name: "Sort", exact: true })).toBeHidden();
    await withFullPageLoad(page, () => sort.selectOption("price-low"));
    await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    await expect(firstName).toHaveText("Boar Bristle Extension Brush");
    await main.locator("summary", { hasText: "Filters" }).tap();
    await withFullPageLoad(page, () => color.selectOption("blonde"));
    await expect(page).toHaveURL(/[?&]color=blonde&sort=price-low$/);
    await expect(sort).toHaveValue("price-low");
    await expect(color).toHaveValue("blonde");

    await scripts.release();
    await waitForHydration(page);
    // Hydration kept both choices and applied nothing again.
    await expect(sort).toHaveValue("price-low");
    await expect(color).toHaveValue("blonde");
    await markDocument(page);
    await sort.selectOption("price-high");
    await expect(page).toHaveURL(/[?&]color=blonde&sort=price-high$/);
    await waitForRemixIdle(page);
    await expectSameDocument(page);
    expect(listingRequests).toEqual([
      "document /shop",
      "document /shop?minPrice=0&maxPrice=1000&color=all&sort=price-low",
      "document /shop?minPrice=0&maxPrice=1000&color=blonde&sort=price-low",
      expect.stringMatching(/^fetch \/shop\.data\?minPrice=0&maxPrice=1000&color=blonde&sort=price-high(&|$)/),
    ]);
  });
});

test.describe("checkout", () => {
  test("fields in error are marked, described by their message and the first one has focus", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    test.slow(); // axe on a loaded machine
    allowHttpError(400, "/checkout");
    await addProduct(page, hasJs);
    await visit(page, "/checkout");
    await page.getByLabel("Email", { exact: true }).fill("ada@example.com");
    await page.getByLabel("Phone", { exact: true }).fill("123");
    const submit = () => page.getByRole("button", { name: /Place Order/ }).tap();
    if (hasJs) await submit();
    else await withFullPageLoad(page, submit);

    const firstName = page.getByLabel("First Name", { exact: true });
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await expect(firstName).toBeFocused();
    for (const [label, message] of [
      ["First Name", "First name is required"],
      ["Phone", "Valid phone number is required"],
      ["ZIP Code", "Valid zip code is required"],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      const describedBy = await field.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
      // Drawn differently from a valid field, not only by the red text under it.
      const [invalidBorder, validBorder] = await Promise.all([
        field.evaluate((element) => getComputedStyle(element).borderColor),
        page.getByLabel("Email", { exact: true }).evaluate((element) => getComputedStyle(element).borderColor),
      ]);
      expect(invalidBorder).not.toBe(validBorder);
    }
    await expect(page.getByLabel("Email", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    if (hasJs) await expectAccessible(page);
  });

  test("a member's first and last name come from the profile, and can be changed", async ({ page, hasJs }) => {
    await createAccount(page, { signedIn: true });
    const saved = await page.request.post("/profile?edit=1", {
      form: { intent: "update-profile", fullName: "Ada  King Lovelace" },
    });
    expect(saved.ok()).toBe(true);
    await addProduct(page, hasJs);
    await visit(page, "/checkout");
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Ada");
    await expect(page.getByLabel("Last Name", { exact: true })).toHaveValue("King Lovelace");
    await page.getByLabel("Last Name", { exact: true }).fill("Byron");
    await expect(page.getByLabel("Last Name", { exact: true })).toHaveValue("Byron");
  });

  test("Back from the order confirmation shows the top of the shop, not the checkout's old scroll position", async ({
    page,
    hasJs,
  }) => {
    await addProduct(page, hasJs);
    await visit(page, "/checkout");
    await fillShippingAddress(page);
    const placeOrder = page.getByRole("button", { name: /Place Order/ });
    await placeOrder.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await act(page, hasJs, () => placeOrder.tap());
    await expect(page).toHaveURL(/\/order-success$/);
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();

    await act(page, hasJs, () => page.goBack());
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Nothing to say: the shopper has just ordered.
    await expect(toast(page)).toHaveCount(0);
    // Forward returns to the confirmation: the shop replaced the checkout's history entry, it did not cut the
    // history short.
    await act(page, hasJs, () => page.goForward());
    await expect(page).toHaveURL(/\/order-success$/);
    await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  });
});

test.describe("sign in", () => {
  test("'Continue with Google' is not offered where Google is not configured", async ({ page, hasJs }) => {
    test.slow(); // axe on a loaded machine
    await visit(page, "/auth");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Continue with Google" })).toHaveCount(0);
    await expect(main.getByText("or continue with email")).toHaveCount(0);
    if (hasJs) await expectAccessible(page);
  });
});

import type { Route } from "@playwright/test";

import { isHydrated } from "../../scripts/lib/framework-probe.mjs";
import { expect, test, waitForHydration } from "./fixtures";
import { CartUi, expectToast } from "./pages/cart-ui";
import { expectSameDocument, holdScripts, markDocument, waitForRemixIdle, withFullPageLoad } from "./pages/navigation";

// The framework starts on the shopper's intent, not at load (decision 0018). Until then every page
// is the plain HTML one, which works on its own.

// Full page loads and held scripts on a shared, slow machine.
test.describe.configure({ timeout: 60_000 });

test.describe("the framework on intent", { tag: "@js-only" }, () => {
  test("the first response loads no script: no module preload, no module script, no script file", async ({ page }) => {
    const response = await page.request.get("/shop");
    const html = await response.text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    // The stylesheet is in the document, with the response's nonce: the first paint needs nothing else.
    expect(html).not.toContain('rel="stylesheet"');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style id="stylesheet" nonce="${nonce}">`);
  });

  test("the cart panel opens in place once the shopper has shown intent", async ({ page }) => {
    await page.goto("/blog");
    // Before any intent the cart button is the plain link to /cart.
    await expect(CartUi.cartButton(page)).toHaveAttribute("href", "/cart");
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(isHydrated);
    await markDocument(page);
    await CartUi.cartButton(page).click();
    await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/);
    await expectSameDocument(page);
  });

  test("a tap on Add to Cart before hydration is a plain form post, answered by the page with badge and toast", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/shop");
    const post = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/cart",
    );
    await page.getByRole("button", { name: "Add to Cart: Silky Straight Clip-In Extensions", exact: true }).click();
    // A document request (the browser's own form post), not a fetch from the framework.
    expect((await post).resourceType()).toBe("document");
    await expect(CartUi.badge(page)).toHaveText("1");
    await expectToast(page, "Added to cart", "Silky Straight Clip-In Extensions has been added to your cart.");
    await expect(page).toHaveURL(/\/shop#product-clip-1$/);

    // Once the framework arrives, the next add is in place.
    await scripts.release();
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole("button", { name: "Add to Cart: Silky Straight Clip-In Extensions", exact: true }).click();
    await expect(CartUi.badge(page)).toHaveText("2");
    await expectSameDocument(page);
  });

  test("a post that leaves while the framework is still arriving drops its scripts, so they do not slow the answer", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/shop");
    const requested: string[] = [];
    const dropped: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && requested.push(request.url()));
    page.on("requestfailed", (request) => request.resourceType() === "script" && dropped.push(request.url()));
    // A scroll is intent: the framework's scripts are asked for (and held).
    await page.mouse.wheel(0, 200);
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    // The post is held too: the page has not been left yet when the scripts are dropped.
    let heldPost: (route: Route) => void = () => undefined;
    const post = new Promise<Route>((resolve) => (heldPost = resolve));
    await page.route("**/cart", (route) => (route.request().method() === "POST" ? heldPost(route) : route.fallback()));
    // The click waits for the navigation it starts, which waits for the held post: settled together below.
    const click = page
      .getByRole("button", { name: "Add to Cart: Silky Straight Clip-In Extensions", exact: true })
      .click();
    const postRoute = await post;
    await expect.poll(() => [...dropped].sort()).toEqual([...requested].sort());

    await postRoute.continue();
    await click;
    await expect(CartUi.badge(page)).toHaveText("1");
    await expectToast(page, "Added to cart", "Silky Straight Clip-In Extensions has been added to your cart.");
    // The next page starts the framework as any page does.
    await scripts.release();
    await page.mouse.wheel(0, 200);
    await waitForHydration(page);
  });

  test("what the shopper entered before hydration is kept across it", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/product/clip-1");
    // Focus in a form field starts loading the framework; its scripts are held, so the page is still plain HTML.
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    await quantity.fill("3");
    const newsletter = page.getByRole("textbox", { name: "E-mail address" });
    await newsletter.fill("early@example.com");
    // The stepper's buttons answer before the framework too: the inline loader steps the field.
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("4");
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeEnabled();

    await scripts.release();
    await waitForHydration(page);
    // Hydrated: the stepper goes on from what the shopper entered, once a press.
    await expect(quantity).toHaveValue("4");
    await expect(newsletter).toHaveValue("early@example.com");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("5");
  });

  test("a price moved before hydration applies at once, by the browser's own GET; once hydrated, the next in place", async ({
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
    const maxPrice = page.getByRole("slider", { name: "Maximum price" });
    // The first focus would start loading the framework, but not in a form that applies on change: its change leaves.
    await withFullPageLoad(page, () => maxPrice.fill("500"));
    await expect(page).toHaveURL(/[?&]maxPrice=500(&|$)/);
    await expect(maxPrice).toHaveValue("500");
    await expect(page.getByTestId("price-range-label")).toHaveText("Showing $0.00 - $500.00");

    await scripts.release();
    await waitForHydration(page);
    await markDocument(page);
    await maxPrice.fill("400");
    await expect(page).toHaveURL(/[?&]maxPrice=400(&|$)/);
    await waitForRemixIdle(page);
    await expectSameDocument(page);
    await expect(maxPrice).toHaveValue("400");
    // One request per choice: the first a document, the second the framework's data request.
    expect(listingRequests).toEqual([
      "document /shop",
      "document /shop?minPrice=0&maxPrice=500&color=all&sort=featured",
      expect.stringMatching(/^fetch \/shop\.data\?minPrice=0&maxPrice=400&color=all&sort=featured(&|$)/),
    ]);
  });

  test("the phone menu opened by the tap that starts the framework stays open through hydration", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = await holdScripts(page);
    await page.goto("/");
    const menu = page.getByRole("banner").locator('summary[aria-label="Menu"]');
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await menu.click();
    await expect(mobileNav).toBeVisible();

    await scripts.release();
    // Hydration has run its effects once the cart link has become the panel's button (see waitForHydration).
    await waitForHydration(page);
    await expect(mobileNav).toBeVisible();
    // A navigation still closes it.
    await markDocument(page);
    await mobileNav.getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hair Care Blog");
    await expectSameDocument(page);
    await expect(mobileNav).toBeHidden();
  });

  test("a toast dismissed before hydration stays dismissed after it", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/shop");
    await page.getByRole("button", { name: "Add to Cart: Silky Straight Clip-In Extensions", exact: true }).click();
    // Without the framework: a checkbox the CSS reads. Focus first: it pauses the card's timed exit.
    const dismiss = page.getByRole("checkbox", { name: "Dismiss notification" });
    await dismiss.focus();
    const toast = page.getByTestId("toast");
    await expect(toast).toBeVisible();
    await dismiss.press("Space");
    await expect(toast).toBeHidden();

    await scripts.release();
    await waitForHydration(page);
    await expect(toast).toBeHidden();
  });
});

import { expect, test, visit } from "./fixtures";
import { addFromCard, addFromProductPage, CartUi, expectToast } from "./pages/cart-ui";
import { act, expectSameDocument, markDocument, waitForRemixIdle, withFullPageLoad } from "./pages/navigation";

const clip1 = "Silky Straight Clip-In Extensions"; // $299, on sale from $399
const tape1 = "Seamless Tape-In Extensions"; // $329
const serum = "Heat Protectant Serum"; // acc-3, $32

// Each test walks several full page loads (or fetcher round trips) on a shared, slow machine.
test.describe.configure({ timeout: 60_000 });

test.describe("adding", () => {
  test("a card adds one unit, re-adding raises the quantity, with toast and badge", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    if (hasJs) await markDocument(page);

    await addFromCard(page, hasJs, clip1);
    await expectToast(page, "Added to cart", `${clip1} has been added to your cart.`);
    await expect(CartUi.badge(page)).toHaveText("1");
    // The shopper stays on the listing: redirected back to the card without JavaScript, in place with it.
    await expect(page).toHaveURL(hasJs ? /\/shop$/ : /\/shop#product-clip-1$/);

    await addFromCard(page, hasJs, clip1);
    await expect(CartUi.badge(page)).toHaveText("2");
    await expectToast(page, "Added to cart", `${clip1} has been added to your cart.`);
    if (hasJs) await expectSameDocument(page);

    await visit(page, "/cart");
    const cart = new CartUi(page, hasJs);
    await expect(cart.lines).toHaveCount(1);
    // The selling price, not the struck-through original (docs/product.md, decision 1).
    await cart.expectLine(clip1, 2, "$598.00");
  });

  test("the product page adds the chosen quantity", async ({ page, hasJs }) => {
    await visit(page, "/product/tape-1");
    if (hasJs) await markDocument(page);

    await addFromProductPage(page, hasJs, 3);
    await expectToast(page, "Added to cart", `${tape1} has been added to your cart.`);
    await expect(CartUi.badge(page)).toHaveText("3");
    await expect(page).toHaveURL(hasJs ? /\/product\/tape-1$/ : /\/product\/tape-1#product-tape-1$/);

    await addFromProductPage(page, hasJs, 2);
    await expect(CartUi.badge(page)).toHaveText("5");
    if (hasJs) await expectSameDocument(page);

    await visit(page, "/cart");
    await new CartUi(page, hasJs).expectLine(tape1, 5, "$1,645.00");
  });

  test("a quantity over 99 adds 99 and says it was capped, with or without JavaScript", async ({ page, hasJs }) => {
    await visit(page, "/product/tape-1");
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    await quantity.fill("150");
    // The field keeps what was typed: nothing is cut without a word.
    await expect(quantity).toHaveValue("150");
    await act(page, hasJs, () => page.getByRole("button", { name: "Add to Cart", exact: true }).click());
    await expectToast(page, "Quantity capped at 99", `Your cart now holds 99 of ${tape1}, the most one line can hold.`);
    await expect(page.getByTestId("toast")).not.toContainText("has been added");
    await expect(CartUi.badge(page)).toHaveText("99");
  });

  test("the home page's featured cards add too", async ({ page, hasJs }) => {
    await visit(page, "/");
    await addFromCard(page, hasJs, tape1);
    await expectToast(page, "Added to cart", `${tape1} has been added to your cart.`);
    await expect(CartUi.badge(page)).toHaveText("1");
    await expect(page).toHaveURL(hasJs ? /\/$/ : /\/#product-tape-1$/);
  });
});

test.describe("the /cart page", () => {
  test("empty: the spec's texts and Continue Shopping", async ({ page, hasJs }) => {
    await visit(page, "/cart");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(main.getByText("Your cart is currently empty")).toBeVisible();
    await expect(main.getByText("Add some beautiful hair extensions to get started!")).toBeVisible();
    await expect(main.getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);

    const continueShopping = main.getByRole("link", { name: "Continue Shopping" });
    await expect(continueShopping).toHaveAttribute("href", "/shop");
    if (hasJs) {
      await continueShopping.click();
      await waitForRemixIdle(page);
    } else {
      await withFullPageLoad(page, () => continueShopping.click());
    }
    await expect(page).toHaveURL(/\/shop$/);
  });

  test("filled: count line, lines with thumbnail, name, category, prices and controls, total", async ({
    page,
    hasJs,
  }) => {
    await visit(page, "/product/acc-3");
    await addFromProductPage(page, hasJs, 2);
    await visit(page, "/product/clip-1");
    await addFromProductPage(page, hasJs, 1);

    await visit(page, "/cart");
    const cart = new CartUi(page, hasJs);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    await expect(cart.countLine).toHaveText("3 items in your cart");
    await expect(cart.lines).toHaveCount(2);

    const line = cart.line(clip1);
    await expect(line.locator("img")).toHaveAttribute("src", /\/images\/product-clip-1-1-\d+\.webp$/);
    await expect(line.getByRole("link", { name: clip1 })).toHaveAttribute("href", "/product/clip-1");
    // The category is shown in upper case (rendered text, as a shopper sees it).
    await expect(line.getByText("clip-in", { exact: true })).toHaveText("CLIP-IN", { useInnerText: true });
    await expect(line.getByText("$299.00", { exact: true }).first()).toBeVisible();
    await expect(line.getByRole("button", { name: `Decrease quantity of ${clip1}` })).toBeVisible();
    await expect(line.getByRole("button", { name: `Increase quantity of ${clip1}` })).toBeVisible();
    await expect(line.getByRole("button", { name: `Remove ${clip1} from cart` })).toBeVisible();
    await cart.expectLine(clip1, 1, "$299.00");

    await expect(cart.line(serum).getByText("accessories", { exact: true })).toHaveText("ACCESSORIES", {
      useInnerText: true,
    });
    await cart.expectLine(serum, 2, "$64.00");

    await expect(page.getByRole("main").getByText("Total", { exact: true })).toBeVisible();
    await expect(cart.total).toHaveText("$363.00");
    // /checkout belongs to another issue: only its link is checked here.
    await expect(cart.root.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");
    await expect(cart.root.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
  });

  test("one unit reads '1 item in your cart'", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, serum);
    await visit(page, "/cart");
    await expect(new CartUi(page, hasJs).countLine).toHaveText("1 item in your cart");
  });

  test("plus and minus change the quantity, line total, total and badge", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, clip1);
    await addFromCard(page, hasJs, serum);
    await visit(page, "/cart");
    if (hasJs) await markDocument(page);
    const cart = new CartUi(page, hasJs);

    await cart.increase(clip1);
    await cart.expectLine(clip1, 2, "$598.00");
    await expect(cart.total).toHaveText("$630.00");
    await expect(cart.countLine).toHaveText("3 items in your cart");
    await expect(CartUi.badge(page)).toHaveText("3");

    await cart.decrease(clip1);
    await cart.expectLine(clip1, 1, "$299.00");
    await expect(cart.total).toHaveText("$331.00");
    await expect(CartUi.badge(page)).toHaveText("2");

    // Minus at quantity 1 removes the line.
    await cart.decrease(serum);
    await expect(cart.line(serum)).toHaveCount(0);
    await expectToast(page, "Removed from cart", "Item has been removed from your cart.");
    await expect(cart.lines).toHaveCount(1);
    await expect(cart.total).toHaveText("$299.00");
    await expect(CartUi.badge(page)).toHaveText("1");

    await expect(page).toHaveURL(/\/cart$/);
    if (hasJs) await expectSameDocument(page);
  });

  test("remove drops a line and clear empties the cart, with the spec's toasts", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, clip1);
    await addFromCard(page, hasJs, tape1);
    await addFromCard(page, hasJs, serum);
    await visit(page, "/cart");
    const cart = new CartUi(page, hasJs);
    await expect(cart.lines).toHaveCount(3);

    await cart.remove(tape1);
    await expectToast(page, "Removed from cart", "Item has been removed from your cart.");
    await expect(cart.lines).toHaveCount(2);
    await expect(cart.line(tape1)).toHaveCount(0);
    await expect(cart.total).toHaveText("$331.00");

    await cart.clear();
    await expectToast(page, "Cart cleared", "All items have been removed from your cart.");
    await expect(cart.emptyMessage).toBeVisible();
    await expect(cart.root.getByText("Add some beautiful hair extensions to get started!")).toBeVisible();
    await expect(CartUi.badge(page)).toHaveCount(0);

    // The server agrees: a fresh load shows the empty cart.
    await visit(page, "/cart");
    await expect(cart.emptyMessage).toBeVisible();
  });
});

test.describe("without JavaScript: plain HTML form posts", { tag: "@no-js-only" }, () => {
  test("every cart action is a full POST answered by a 303 back to the page", async ({ page, hasJs }) => {
    await visit(page, "/shop?category=accessories");
    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await addFromCard(page, hasJs, serum);
    const add = await posted;
    expect(new URL(add.url()).pathname).toBe("/cart");
    expect(add.status()).toBe(303);
    // Back to the page, at the card whose button was pressed.
    expect(add.headers()["location"]).toBe("/shop?category=accessories#product-acc-3");
    await expect(page).toHaveURL(/\/shop\?category=accessories#product-acc-3$/);
    await expectToast(page, "Added to cart", `${serum} has been added to your cart.`);

    await visit(page, "/cart");
    const cart = new CartUi(page, hasJs);
    for (const action of [() => cart.increase(serum), () => cart.remove(serum)]) {
      const response = page.waitForResponse((candidate) => candidate.request().method() === "POST");
      await action();
      expect((await response).status()).toBe(303);
      expect((await response).headers()["location"]).toBe("/cart");
    }
    await expect(cart.emptyMessage).toBeVisible();
  });

  test("the cart button is a link to the /cart page", async ({ page }) => {
    await visit(page, "/about");
    await expect(CartUi.cartButton(page)).toHaveAttribute("href", "/cart");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

// The panel is the enhanced cart; without JavaScript the cart button leads to /cart.
test.describe("with JavaScript: the slide-in panel", { tag: "@js-only" }, () => {
  test("opens as a modal dialog with focus inside; Esc and the backdrop close it and focus returns", async ({
    page,
  }) => {
    await visit(page, "/blog");
    const button = CartUi.cartButton(page);
    const dialog = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");

    await button.click();
    await expect(dialog).toBeVisible();
    // A modal <dialog> (showModal): the rest of the page is inert.
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await expect(dialog.getByText("Your cart is currently empty")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(dialog).toBeVisible();
    // The panel sits at the right; a click to its left lands on the backdrop.
    await page.mouse.click(20, 400);
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await dialog.getByRole("button", { name: "Continue Shopping" }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("shows the cart and changes it in place, without navigating", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, clip1);
    await addFromCard(page, hasJs, serum);
    await markDocument(page);

    await CartUi.cartButton(page).click();
    const panel = new CartUi(page, hasJs, "panel");
    await expect(panel.root).toBeVisible();
    await expect(panel.countLine).toHaveText("2 items in your cart");
    await panel.expectLine(clip1, 1, "$299.00");
    await expect(panel.total).toHaveText("$331.00");
    await expect(panel.root.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");

    await panel.increase(serum);
    await panel.expectLine(serum, 2, "$64.00");
    await expect(panel.total).toHaveText("$363.00");
    await expect(CartUi.badge(page)).toHaveText("3");

    await panel.remove(clip1);
    await expect(panel.line(clip1)).toHaveCount(0);
    await expectToast(page, "Removed from cart", "Item has been removed from your cart.");
    await expect(panel.root).toBeVisible();

    await panel.clear();
    await expect(panel.emptyMessage).toBeVisible();
    await expectToast(page, "Cart cleared", "All items have been removed from your cart.");
    await expect(CartUi.badge(page)).toHaveCount(0);

    await expect(page).toHaveURL(/\/shop$/);
    await expectSameDocument(page);
  });

  test("is full width on a phone and at most 'lg' wide on a desktop", async ({ page }) => {
    await visit(page, "/");
    await CartUi.cartButton(page).click();
    const dialog = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(512);
    await page.keyboard.press("Escape");

    await page.setViewportSize({ width: 390, height: 844 });
    await CartUi.cartButton(page).click();
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(390);
  });

  test("five quick clicks on plus end at the right quantity once the network settles", async ({ page, hasJs }) => {
    await visit(page, "/product/clip-3");
    await addFromProductPage(page, hasJs, 1);
    await visit(page, "/cart");
    const cart = new CartUi(page, hasJs);
    const plus = cart
      .line("Volume Boost Clip-In Halo")
      .getByRole("button", { name: "Increase quantity of Volume Boost Clip-In Halo" });
    for (let click = 0; click < 5; click += 1) await plus.click();

    await waitForRemixIdle(page);
    await cart.expectLine("Volume Boost Clip-In Halo", 6, "$1,134.00");
    await expect(CartUi.badge(page)).toHaveText("6");

    // And the server kept exactly that.
    await visit(page, "/cart");
    await cart.expectLine("Volume Boost Clip-In Halo", 6, "$1,134.00");
  });

  test("a request that fails puts the server's cart back and says so", async ({ page, hasJs, allowProblem }) => {
    await visit(page, "/product/clip-3");
    await addFromProductPage(page, hasJs, 2);
    await visit(page, "/cart");
    const cart = new CartUi(page, hasJs);
    await cart.expectLine("Volume Boost Clip-In Halo", 2, "$378.00");

    // The connection drops on the next cart request: the browser gets no answer at all.
    allowProblem(/^request failed: POST .*\/cart\.data/);
    allowProblem(/^console\.error: Failed to load resource: net::ERR_CONNECTION_RESET$/);
    await page.route("**/cart.data*", (route) =>
      route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
    );
    await cart.increase("Volume Boost Clip-In Halo");

    await expectToast(page, "Error", "Your cart could not be updated. Check your connection and try again.");
    await cart.expectLine("Volume Boost Clip-In Halo", 2, "$378.00");
    await expect(CartUi.badge(page)).toHaveText("2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");

    // Once the connection is back, the same click works.
    await page.unrouteAll();
    await cart.increase("Volume Boost Clip-In Halo");
    await cart.expectLine("Volume Boost Clip-In Halo", 3, "$567.00");
  });
});

// What the server refuses (decides alone, whatever the page runs): once, without JavaScript (@once).
test.describe("refused and forged requests", () => {
  test("an unknown product is refused with 404 and the cart does not change @once", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, serum);

    // As a script would post it (a fetch, not a navigation): the status says what happened.
    const fetched = await page.request.post("/cart", {
      form: { intent: "add", productId: "no-such-product" },
      headers: { "Sec-Fetch-Mode": "cors" },
    });
    expect(fetched.status()).toBe(404);

    // As a plain form would: 303 back, and the toast explains.
    const posted = await page.request.post("/cart", {
      form: { intent: "add", productId: "no-such-product", redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    expect(posted.headers()["location"]).toBe("/cart");

    await visit(page, "/cart");
    await expectToast(page, "Error", "Product not found.");
    const cart = new CartUi(page, hasJs);
    await expect(cart.lines).toHaveCount(1);
    await cart.expectLine(serum, 1, "$32.00");
    await expect(CartUi.badge(page)).toHaveText("1");
  });

  test("an out-of-stock product cannot be added @once", async ({ page, hasJs }) => {
    await visit(page, "/cart");
    const fetched = await page.request.post("/cart", {
      form: { intent: "add", productId: "wig-2" },
      headers: { "Sec-Fetch-Mode": "cors" },
    });
    expect(fetched.status()).toBe(409);

    await visit(page, "/cart");
    await expectToast(page, "Out of stock", "Long Wavy Lace Wig is out of stock.");
    await expect(new CartUi(page, hasJs).emptyMessage).toBeVisible();
    await expect(CartUi.badge(page)).toHaveCount(0);
  });

  test("a tampered cart cookie is ignored: an empty cart, no error page @once", async ({
    page,
    context,
    hasJs,
    baseURL,
  }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, serum);
    const original = (await context.cookies()).find((cookie) => cookie.name === "cart");
    expect(original, "the cart lives in a cookie").toBeTruthy();
    expect(original?.httpOnly).toBe(true);

    // Keep the signature but change the signed value: the server must notice.
    const signature = decodeURIComponent(original?.value ?? "")
      .split(".")
      .at(-1);
    const forgedValue = `${Buffer.from(JSON.stringify("acc-3:50")).toString("base64")}.${signature}`;
    for (const value of [encodeURIComponent(forgedValue), "not-a-signed-cookie"]) {
      await context.clearCookies();
      await context.addCookies([{ name: "cart", value, url: baseURL ?? "http://localhost:4173" }]);
      const response = await visit(page, "/cart");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
      await expect(new CartUi(page, hasJs).emptyMessage).toBeVisible();
      await expect(CartUi.badge(page)).toHaveCount(0);
    }

    // The shopper can carry on: a new add replaces the forged cookie.
    await visit(page, "/shop");
    await addFromCard(page, hasJs, clip1);
    await expect(CartUi.badge(page)).toHaveText("1");
  });
});

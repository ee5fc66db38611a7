import type { Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { createAccount, fillAuthForm, PASSWORD } from "./pages/account";
import { addFromCard, addFromProductPage, CartUi } from "./pages/cart-ui";
import { act } from "./pages/navigation";

// What a visitor collected before signing in joins the member's stored cart and wishlist (docs/product.md, decision 2).
// The server merges them, so once, without JavaScript (@once): the sign-in form's enhanced post is account.spec.ts's,
// the cart's and the heart's in-place changes cart.spec.ts's and wishlist-newsletter.spec.ts's.

const clip1 = "Silky Straight Clip-In Extensions"; // $299
const serum = "Heat Protectant Serum"; // $32

async function heartProduct(page: Page, productId: string) {
  await visit(page, `/product/${productId}`);
  const heart = page.getByRole("main").getByRole("button", { name: "Add to wishlist" });
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("toast")).toContainText("added to your wishlist");
}

test("signing in merges the visitor's cart and wishlist into the member's, and empties the visitor's @once", async ({
  page,
  hasJs,
}) => {
  test.slow();
  // The member already has one clip-in in the stored cart and the brush in the wishlist.
  const email = await createAccount(page, { signedIn: true });
  await visit(page, "/product/clip-1");
  await addFromProductPage(page, hasJs, 1);
  await expect(CartUi.badge(page)).toHaveText("1");
  await heartProduct(page, "acc-2");
  expect((await page.request.post("/sign-out")).ok()).toBe(true);

  // Signed out, the same browser collects more as a visitor.
  await visit(page, "/product/clip-1");
  await expect(CartUi.badge(page)).toHaveCount(0);
  await addFromProductPage(page, hasJs, 2);
  await visit(page, "/shop?category=accessories");
  await addFromCard(page, hasJs, serum);
  await expect(CartUi.badge(page)).toHaveText("3");
  await heartProduct(page, "wig-3");

  await visit(page, "/auth");
  await fillAuthForm(page, email, PASSWORD);
  await act(page, hasJs, () => page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click());
  await expect(page.getByTestId("toast")).toContainText("Welcome back!");

  // Quantities add up; nothing is lost from either side.
  await expect(CartUi.badge(page)).toHaveText("4");
  await visit(page, "/cart");
  const cart = new CartUi(page, hasJs);
  await expect(cart.lines).toHaveCount(2);
  await cart.expectLine(clip1, 3, "$897.00");
  await cart.expectLine(serum, 1, "$32.00");

  await visit(page, "/wishlist");
  const items = page.getByTestId("wishlist-item");
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: "Luxury Full Lace Wig" })).toHaveCount(1);
  await expect(items.filter({ hasText: "Boar Bristle Extension Brush" })).toHaveCount(1);

  // The visitor's cookies were emptied at sign-in: signing out shows an empty cart, not the old visitor cart.
  expect((await page.request.post("/sign-out")).ok()).toBe(true);
  await visit(page, "/cart");
  await expect(cart.emptyMessage).toBeVisible();
  await expect(CartUi.badge(page)).toHaveCount(0);
  await visit(page, "/wishlist");
  await expect(page.getByRole("heading", { name: "Your wishlist is empty" })).toBeVisible();
});

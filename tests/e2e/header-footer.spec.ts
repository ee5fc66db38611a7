import { expect, test, visit } from "./fixtures";
import { createAccount } from "./pages/account";
import { addFromProductPage, CartUi } from "./pages/cart-ui";
import { act } from "./pages/navigation";

const headerLinks = [
  ["Shop", "/shop"],
  ["Extensions", "/shop?category=extensions"],
  ["Wigs", "/shop?category=wigs"],
  ["Accessories", "/shop?category=accessories"],
  ["Blog", "/blog"],
] as const;

test.describe("header", () => {
  test("logo links home and the main navigation has the five spec links @server-only", async ({ page }) => {
    await visit(page, "/blog");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Luxe Strands, home" })).toHaveAttribute("href", "/");

    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(headerLinks.map(([label]) => label));
    for (const [label, href] of headerLinks) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("a nav link and the logo lead to their pages", async ({ page, hasJs }) => {
    await visit(page, "/blog");
    const header = page.getByRole("banner");
    await act(page, hasJs, () =>
      header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wigs" }).click(),
    );
    await expect(page).toHaveURL(/\/shop\?category=wigs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wigs");

    await act(page, hasJs, () => header.getByRole("link", { name: "Luxe Strands, home" }).click());
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Premium hair");
  });

  test("search finds products by name, description and category", async ({ page, hasJs }) => {
    await visit(page, "/");
    const search = page.locator("#header-search");
    await expect(search).toHaveAttribute("placeholder", "Search products...");
    await search.fill("lace wig");
    await act(page, hasJs, () => search.press("Enter"));

    await expect(page).toHaveURL(/\/shop\?q=lace\+wig$/);
    await expect(page.getByText("Results for “lace wig”")).toBeVisible();
    const names = page.getByRole("main").getByRole("article").getByRole("heading", { level: 3 });
    await expect(names).toHaveText(["Lace Front Bob Wig", "Long Wavy Lace Wig", "Luxury Full Lace Wig"]);
    // The box keeps the query on the results page.
    await expect(page.locator("#header-search")).toHaveValue("lace wig");
  });

  test("search with no match shows the empty state", async ({ page, hasJs }) => {
    await visit(page, "/");
    const search = page.locator("#header-search");
    await search.fill("unicorn glitter");
    await act(page, hasJs, () =>
      page.getByRole("banner").getByRole("search").getByRole("button", { name: "Search" }).first().click(),
    );
    await expect(page.getByText("No products found matching your filters.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  });

  test("cart badge is hidden at 0 and shows the item count", async ({ page, hasJs }) => {
    await visit(page, "/product/clip-3");
    await expect(CartUi.badge(page)).toHaveCount(0);
    await expect(CartUi.cartButton(page)).toHaveAccessibleName("Shopping cart, 0 items");

    await addFromProductPage(page, hasJs, 3);
    await expect(CartUi.badge(page)).toHaveText("3");
    await expect(CartUi.cartButton(page)).toHaveAccessibleName("Shopping cart, 3 items");

    // The badge comes from the server on every page, also on a fresh load.
    await visit(page, "/about");
    await expect(CartUi.badge(page)).toHaveText("3");
  });

  test("cart badge shows 99+ above 99 items", async ({ page, hasJs }) => {
    await visit(page, "/product/acc-2");
    await addFromProductPage(page, hasJs, 99);
    await expect(CartUi.badge(page)).toHaveText("99");

    await visit(page, "/product/acc-3");
    await addFromProductPage(page, hasJs, 2);
    await expect(CartUi.badge(page)).toHaveText("99+");
    await expect(CartUi.cartButton(page)).toHaveAccessibleName("Shopping cart, 101 items");

    await visit(page, "/");
    await expect(CartUi.badge(page)).toHaveText("99+");
  });

  test("cart button leads to the cart", async ({ page, hasJs }) => {
    await visit(page, "/");
    const button = CartUi.cartButton(page);
    if (hasJs) {
      await expect(button).toHaveRole("button");
      await button.click();
      await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toBeVisible();
    } else {
      await expect(button).toHaveAttribute("href", "/cart");
      await act(page, hasJs, () => button.click());
      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shopping Cart");
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the search shows in the page's head without opening anything, and leads to results", async ({
      page,
      hasJs,
    }) => {
      await visit(page, "/blog");
      const search = page.getByRole("searchbox", { name: "Search products" });
      await expect(search).toBeVisible();
      await expect(search).toHaveAttribute("placeholder", "Search products...");
      // Not inside the menu: the menu is closed.
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      await search.fill("clip-in");
      await act(page, hasJs, () => search.press("Enter"));
      await expect(page).toHaveURL(/\/shop\?q=clip-in$/);
      await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("clip-in");
    });

    test("the menu opens (also without JavaScript) with the header's links, Sale, the account and the information pages", async ({
      page,
      hasJs,
    }) => {
      await visit(page, "/");
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(mobileNav).toBeHidden();

      await page.getByRole("banner").locator('summary[aria-label="Menu"]').click();
      await expect(mobileNav).toBeVisible();
      const phoneLinks = [
        ...headerLinks,
        ["Sale", "/sale"],
        ["Sign in", "/auth"],
        ["Wishlist", "/wishlist"],
        ["Size Guide", "/size-guide"],
        ["Hair Care", "/care"],
        ["Returns & Exchanges", "/returns"],
        ["Shipping Info", "/shipping"],
        ["FAQ", "/faq"],
        ["About Us", "/about"],
        ["Careers", "/careers"],
        ["Privacy Policy", "/privacy"],
        ["Terms of Service", "/terms"],
      ] as const;
      await expect(mobileNav.getByRole("link")).toHaveText(phoneLinks.map(([label]) => label));
      for (const [label, href] of phoneLinks) {
        await expect(mobileNav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
      await expect(mobileNav.getByRole("searchbox")).toHaveCount(0);

      // The last link is reachable on the screen: the menu scrolls on its own.
      await mobileNav.getByRole("link", { name: "Terms of Service" }).scrollIntoViewIfNeeded();
      await expect(mobileNav.getByRole("link", { name: "Terms of Service" })).toBeInViewport();
      await act(page, hasJs, () => mobileNav.getByRole("link", { name: "Sale" }).click());
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sale");
      // A new page (or, with JavaScript, the client-side navigation) starts with the menu closed.
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    });

    test("signed in, the menu holds the account's Profile, Orders and Sign out", async ({ page, hasJs }) => {
      await createAccount(page, { signedIn: true });
      await visit(page, "/");
      await page.getByRole("banner").locator('summary[aria-label="Menu"]').click();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav.getByRole("link", { name: "Sign in" })).toHaveCount(0);
      await expect(mobileNav.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
      await expect(mobileNav.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/orders");
      await act(page, hasJs, () => mobileNav.getByRole("button", { name: "Sign out" }).click());
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    });
  });
});

const footerLinks = [
  "/extensions/clip-in",
  "/extensions/tape-in",
  "/wigs",
  "/accessories",
  "/sale",
  "/size-guide",
  "/care",
  "/returns",
  "/shipping",
  "/faq",
  "/about",
  "/blog",
  "/careers",
  "/privacy",
  "/terms",
];

test.describe("footer", () => {
  test("has every spec link, contact details, copyright and three social links @server-only", async ({ page }) => {
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");
    for (const href of footerLinks) {
      await expect(footer.locator(`a[href="${href}"]`), `footer link ${href}`).toHaveCount(1);
    }
    await expect(footer.getByText("9454 Wilshire Blvd, Beverly Hills, CA 90212")).toBeVisible();
    await expect(footer.getByRole("link", { name: "+1 (310) 555-0142" })).toHaveAttribute("href", "tel:+13105550142");
    await expect(footer.getByRole("link", { name: "hello@luxestrands.example" })).toHaveAttribute(
      "href",
      "mailto:hello@luxestrands.example",
    );
    // The current year (the spec's '© 2024' was the year it was written).
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();

    const social = footer.getByRole("link", { name: /^(Instagram|Facebook|Pinterest)$/ });
    await expect(social).toHaveCount(3);
    for (const name of ["Instagram", "Facebook", "Pinterest"]) {
      await expect(footer.getByRole("link", { name })).toHaveAttribute("href", /^https:\/\/www\.\w+\.com\//);
    }
  });

  test("footer links lead to working pages", async ({ page, hasJs }) => {
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");
    await act(page, hasJs, () => footer.locator('a[href="/sale"]').click());
    await expect(page).toHaveURL(/\/sale$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sale");

    await act(page, hasJs, () => page.getByRole("contentinfo").locator('a[href="/faq"]').click());
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  });
});

import { expect, type Locator, type Page } from "@playwright/test";

import { act } from "./navigation";

/**
 * The cart as a shopper sees it: the /cart page (the panel without JavaScript) or the slide-in panel.
 * Every action waits until its effect is on screen: a full page load without JavaScript, the settled
 * fetchers with it.
 */
export class CartUi {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    readonly hasJs: boolean,
    where: "page" | "panel" = "page",
  ) {
    this.root = where === "panel" ? page.getByRole("dialog", { name: "Shopping Cart" }) : page.getByRole("main");
  }

  /** The header's cart button: a link to /cart without JavaScript, a dialog opener with it. */
  static cartButton(page: Page): Locator {
    return page.getByRole("banner").getByTestId("cart-button");
  }

  static badge(page: Page): Locator {
    return page.getByRole("banner").getByTestId("cart-badge");
  }

  get lines(): Locator {
    return this.root.getByTestId("cart-line");
  }

  line(name: string): Locator {
    return this.lines.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  quantity(name: string): Locator {
    return this.line(name).getByTestId("cart-line-quantity");
  }

  lineTotal(name: string): Locator {
    return this.line(name).getByTestId("cart-line-total");
  }

  get countLine(): Locator {
    return this.root.getByTestId("cart-count-line");
  }

  get total(): Locator {
    return this.root.getByTestId("cart-total");
  }

  get emptyMessage(): Locator {
    return this.root.getByText("Your cart is currently empty");
  }

  async increase(name: string) {
    await act(this.page, this.hasJs, () =>
      this.line(name)
        .getByRole("button", { name: `Increase quantity of ${name}` })
        .click(),
    );
  }

  async decrease(name: string) {
    await act(this.page, this.hasJs, () =>
      this.line(name)
        .getByRole("button", { name: `Decrease quantity of ${name}` })
        .click(),
    );
  }

  async remove(name: string) {
    await act(this.page, this.hasJs, () =>
      this.line(name)
        .getByRole("button", { name: `Remove ${name} from cart` })
        .click(),
    );
  }

  async clear() {
    await act(this.page, this.hasJs, () => this.root.getByRole("button", { name: "Clear cart" }).click());
  }

  async expectLine(name: string, quantity: number, lineTotal: string) {
    await expect(this.quantity(name)).toHaveText(String(quantity));
    await expect(this.lineTotal(name)).toHaveText(lineTotal);
  }
}

/** The toast of the last cart action (title and text). */
export async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(title);
  await expect(toast).toContainText(description);
}

/** Adds a product from its detail page with the chosen quantity, typed into the quantity input. */
export async function addFromProductPage(page: Page, hasJs: boolean, quantity: number) {
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await act(page, hasJs, () => page.getByRole("button", { name: "Add to Cart", exact: true }).click());
}

/** Adds one unit from a product card on the current page. */
export async function addFromCard(page: Page, hasJs: boolean, name: string) {
  await act(page, hasJs, () => page.getByRole("button", { name: `Add to Cart: ${name}`, exact: true }).click());
}

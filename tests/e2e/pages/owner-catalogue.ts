import { expect, type Locator, type Page } from "@playwright/test";

import { cameraJpeg } from "../../support/photos";
import { shippingAddress } from "../../support/shipping";
import { test, visit } from "../fixtures";
import { stripeShopPort, stripeShopURL } from "../servers";
import { signInAsStaff } from "./admin";
import { addFromProductPage, expectToast } from "./cart-ui";
import { act } from "./navigation";

// The owner runs the catalogue (issue 38), on the card-payment shop (whose specs order by product id and never list
// the catalogue: a product added here would change the first shop's listings under its listing specs). One flow,
// run by the desktop spec (admin-catalogue.spec.ts) and the phone one (phone/admin-products.spec.ts), with
// JavaScript on and off: a product with two variants and a photo is created in the back office and appears in the
// shop; a shopper buys the second variant's last unit by its URL and it shows out of stock; the owner restocks it
// and it is back; a price change shows on the product page and is what the order charges.

/** The storefront reads the catalogue again within a few seconds of a change (decision 0036): reload until then. */
async function expectInShopSoon(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await visit(page, path);
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

/** Fills one field of the editor by its label inside a scope (a variant's fieldset, or the whole form). */
const fill = (scope: Locator, label: string, value: string) => scope.getByLabel(label, { exact: true }).fill(value);

/**
 * The whole flow, as staff member 8 of the card-payment shop; `mark` makes the product's name, id and SKUs the
 * run's own (the projects run it at once).
 */
export async function ownerRunsTheCatalogue(page: Page, hasJs: boolean, mark: string) {
  const name = `Wave Wig ${mark}`;
  await signInAsStaff(page, 8, stripeShopPort);

  await visit(page, "/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Products" })).toContainText("Silky Straight Clip-In Extensions");
  await act(page, hasJs, () => page.getByRole("link", { name: "New product" }).click());
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill("Soft body waves, ready to wear.");
  await page.getByLabel("Category").selectOption("wigs");
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Colour", { exact: true }).fill("Natural Black");
  await page.getByLabel("First option").fill("Length");
  await page.getByLabel("Second option (optional)").fill("Shade");
  const first = page.getByRole("group", { name: "Variant 1" });
  await fill(first, "Length", "18 inch");
  await fill(first, "Shade", "Natural Black");
  await fill(first, "SKU", `WW-18-${mark}`);
  await fill(first, "Price ($)", "150");
  await fill(first, "Units on hand (when tracked)", "5");

  // Without JavaScript the server draws the form again with a new row, keeping what was typed.
  await act(page, hasJs, () => page.getByRole("button", { name: "Add a variant" }).click());
  const second = page.getByRole("group", { name: "Variant 2" });
  await expect(second).toBeVisible();
  await expect(first.getByLabel("SKU", { exact: true })).toHaveValue(`WW-18-${mark}`);
  await fill(second, "Length", "22 inch");
  await fill(second, "Shade", "Chestnut Brown");
  await fill(second, "SKU", `WW-22-${mark}`);
  await fill(second, "Price ($)", "210");
  await fill(second, "Units on hand (when tracked)", "1");
  // A row added by mistake goes again, in place with JavaScript, by a redrawn form without; the others stay.
  await act(page, hasJs, () => page.getByRole("button", { name: "Add a variant" }).click());
  await expect(page.getByRole("group", { name: "Variant 3" })).toBeVisible();
  await act(page, hasJs, () => page.getByRole("button", { name: "Remove variant 3" }).click());
  await expect(page.getByRole("group", { name: "Variant 3" })).toHaveCount(0);
  await expect(second.getByLabel("SKU", { exact: true })).toHaveValue(`WW-22-${mark}`);
  await act(page, hasJs, () => page.getByRole("button", { name: "Create product" }).click());
  await expectToast(page, "Product created", `${name} is in the shop`);
  const productId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect(productId).toBe(`wave-wig-${mark}`.toLowerCase());
  const secondVariant = `${productId}-22-inch-chestnut-brown`;

  // Its photo: uploaded on the product's photos page, and the cover of its card in the shop.
  await visit(page, `/admin/products/${productId}/photos`);
  const photos = page.getByRole("main");
  await photos.getByLabel("Description (alt text)").fill(`Body waves in daylight (${mark})`);
  await photos
    .getByLabel("Photo", { exact: true })
    .setInputFiles({ name: "waves.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await cameraJpeg()) });
  await act(page, hasJs, () => photos.getByRole("button", { name: "Upload photo" }).click());
  await expect(page.getByTestId("toast")).toContainText("is now the product's last photo");

  // In the shop: its category's listing with that photo, and the second variant by its own URL.
  await expectInShopSoon(page, "/wigs", async () => {
    await expect(page.getByRole("main").getByText(name, { exact: true })).toBeVisible({ timeout: 1000 });
    await expect(page.locator(`a[href="/product/${productId}"] img`)).toHaveAttribute("src", /^\/catalogue-images\//, {
      timeout: 1000,
    });
  });
  await visit(page, `/product/${productId}?variant=${secondVariant}`);
  await expect(page.getByRole("main")).toContainText("$210.00");
  await expect(page.getByRole("radio", { name: "Chestnut Brown" })).toBeChecked();
  await addFromProductPage(page, hasJs, 1);

  // The last unit: bought through the checkout's own form post, with the page's cart.
  const placed = await page.request.post("/checkout", {
    form: {
      ...shippingAddress,
      email: `buyer-${mark}@example.com`,
      shippingMethod: "standard",
      idempotencyKey: `e2e-catalogue-${mark}`,
    },
    maxRedirects: 0,
  });
  // A 303 to the payment page: the order is placed (pending) and holds its unit.
  expect(placed.status(), "Place Order").toBe(303);
  await expectInShopSoon(page, `/product/${productId}?variant=${secondVariant}`, async () =>
    expect(page.getByRole("main").getByText("Out of Stock").first()).toBeVisible({ timeout: 1000 }),
  );

  // The owner sees the order in the stock history, and restocks.
  await visit(page, `/admin/products/${productId}`);
  await expect(page.getByRole("list", { name: "Stock history, newest first" })).toContainText("1 → 0 · Order");
  const stock = page.getByRole("form", { name: "Stock of 22 inch / Chestnut Brown" });
  await stock.getByLabel("Units").fill("3");
  await stock.getByLabel("Reason").fill("Restocked from supplier");
  await act(page, hasJs, () => stock.getByRole("button", { name: "Update stock" }).click());
  await expectToast(page, "Stock updated", "3 on hand now.");
  await expectInShopSoon(page, `/product/${productId}?variant=${secondVariant}`, async () =>
    expect(page.getByRole("main").getByText("In Stock").first()).toBeVisible({ timeout: 1000 }),
  );

  // A new price shows on the product page and is what the order charges.
  await visit(page, `/admin/products/${productId}`);
  await fill(page.getByRole("group", { name: "Variant 1" }), "Price ($)", "140");
  await act(page, hasJs, () => page.getByRole("button", { name: "Save product" }).click());
  await expectToast(page, "Product saved", `${name} is in the shop`);
  const firstVariant = `${productId}-18-inch-natural-black`;
  await expectInShopSoon(page, `/product/${productId}?variant=${firstVariant}`, async () =>
    expect(page.getByRole("main")).toContainText("$140.00", { timeout: 1000 }),
  );
  await addFromProductPage(page, hasJs, 1);
  await visit(page, "/cart");
  await expect(page.getByRole("main")).toContainText("$140.00");
}

/** The flow as a test of the spec that calls this, on the card-payment shop, its name made the project's own. */
export function testOwnerRunsTheCatalogue() {
  test.describe(() => {
    test.describe.configure({ timeout: 240_000 });
    test.use({ baseURL: stripeShopURL });
    test("the owner creates a product with two variants and a photo; a shopper buys the last unit; the owner restocks and reprices", async ({
      page,
      hasJs,
    }) => {
      await ownerRunsTheCatalogue(page, hasJs, `${test.info().project.name}-${Date.now().toString(36)}`);
    });
  });
}

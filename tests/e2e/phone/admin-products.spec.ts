import { expect, expectAccessible, test } from "../fixtures";
import { signInAsStaff } from "../pages/admin";
import { ownerRunsTheCatalogue } from "../pages/owner-catalogue";
import { expectNoSidewaysScroll, expectTouchTargets } from "../pages/phone-layout";
import { stripeShopURL } from "../servers";

// The back office's product screens (issue 38) on a 390x844 touch phone: the list and the editor fit the screen and
// every control is a 44 px target; and the owner's whole flow, as on a desktop (admin-catalogue.spec.ts), by touch.

test("the product list and the product editor fit a phone and their controls are 44 px targets", async ({
  page,
  hasJs,
}) => {
  await signInAsStaff(page, 8);
  await expectNoSidewaysScroll(page, "/admin/products");
  await expect(page.getByRole("list", { name: "Products" })).toContainText("Silky Straight Clip-In Extensions");
  await expectTouchTargets(page.getByRole("main"), 16);
  if (hasJs) await expectAccessible(page);

  await expectNoSidewaysScroll(page, "/admin/products/clip-1");
  await expect(page.getByRole("group", { name: "Variant 1" })).toBeVisible();
  await expectTouchTargets(page.getByRole("main"), 20);
  if (hasJs) await expectAccessible(page);
});

test.describe("the owner's catalogue flow on a phone", () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ baseURL: stripeShopURL });

  test("the owner creates a product with two variants and a photo; a shopper buys the last unit; the owner restocks and reprices", async ({
    page,
    hasJs,
  }) => {
    await ownerRunsTheCatalogue(page, hasJs, `${test.info().project.name}-${Date.now().toString(36)}`);
  });
});

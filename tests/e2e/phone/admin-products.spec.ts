import { expect, expectAccessible, test } from "../fixtures";
import { signInAsStaff } from "../pages/admin";
import { testOwnerRunsTheCatalogue } from "../pages/owner-catalogue";
import { expectNoSidewaysScroll, expectTouchTargets } from "../pages/phone-layout";

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

testOwnerRunsTheCatalogue();

import { expectAccessible, test } from "../fixtures";
import { signInAsStaff } from "../pages/admin";
import { expectNoSidewaysScroll, expectTouchTargets } from "../pages/phone-layout";

// A product's photo page (decision 0038) on a 390x844 touch phone: it fits the screen and every control (the move and
// remove buttons, the upload form) is a 44 px target. Read only: the desktop spec uploads.

test("the product photo page fits a phone and its controls are 44 px targets", async ({ page, hasJs }) => {
  await signInAsStaff(page, 7);
  await expectNoSidewaysScroll(page, "/admin/products/clip-1/photos");
  await expectTouchTargets(page.getByRole("main"), 9);
  if (hasJs) await expectAccessible(page);
});

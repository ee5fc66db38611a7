import { expect, expectAccessible, test, visit } from "../fixtures";
import { signInAsStaff } from "../pages/admin";
import { expectNoSidewaysScroll, expectTouchTargets } from "../pages/phone-layout";
import { saveRates, withRatesHeld } from "../pages/shipping-rates";
import { stripeShopPort, stripeShopURL } from "../servers";

// The shipping rates page on a 390x844 touch phone: it fits the screen, its controls are 44 px targets, and a
// price saved from the phone is what the shipping page shows. (Its axe check is here: the desktop spec runs once, in
// no-js.)

test.describe("shipping rates on a phone", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ baseURL: stripeShopURL });

  test("the form fits the screen with 44 px targets, and Express's new price reaches the shipping page", async ({
    page,
    hasJs,
  }) => {
    const express = hasJs ? "26.99" : "27.49";
    await signInAsStaff(page, 5, stripeShopPort);
    await expectNoSidewaysScroll(page, "/admin/shipping");
    await expectTouchTargets(page.getByRole("main"), 6);
    if (hasJs) await expectAccessible(page);
    await withRatesHeld(async () => {
      try {
        await saveRates(page, hasJs, { "Express ($)": express });
        await visit(page, "/shipping");
        const options = page.getByRole("table", { name: "Shipping options and rates, chosen at checkout" });
        await expect(options.getByRole("row", { name: /^Express/ })).toContainText(`$${express}`);
      } finally {
        await saveRates(page, hasJs, { "Express ($)": "19.99" });
      }
    });
  });
});

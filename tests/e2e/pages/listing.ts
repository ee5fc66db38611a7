import { expect, type Page } from "@playwright/test";

import { expectSameDocument, markDocument, waitForRemixIdle, withFullPageLoad } from "./navigation";

/**
 * Changes the filter form the way each shopper can: without JavaScript, by the Apply Filters button (a GET
 * form, full page load); with JavaScript the change applies by itself, in place, without a page load.
 */
export async function applyFilterChange(page: Page, hasJs: boolean, change: () => Promise<unknown>) {
  if (hasJs) {
    await markDocument(page);
    const url = page.url();
    await change();
    await expect(page).not.toHaveURL(url);
    await waitForRemixIdle(page);
    await expectSameDocument(page);
  } else {
    await change();
    await withFullPageLoad(page, () => page.getByRole("button", { name: "Apply Filters" }).click());
  }
}

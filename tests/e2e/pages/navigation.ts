import { expect, type Page, type Route } from "@playwright/test";

import { routerIsIdle } from "../../../scripts/lib/framework-probe.mjs";
import { waitForHydration } from "../fixtures";

/**
 * Runs `action` (a click or key press that submits a form or follows a link) and waits until the browser has
 * loaded the document it leads to. For plain-HTML navigations (no JavaScript), where the old page is still on
 * screen until the new one commits, so asserting right after the click could read the old page.
 */
export async function withFullPageLoad(page: Page, action: () => Promise<unknown>) {
  const committed = page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() });
  await action();
  await committed;
  await page.waitForLoadState("load");
}

/** Runs `action` the way the project's shopper would see it: a full page load without JavaScript, in place with it. */
export async function act(page: Page, hasJs: boolean, action: () => Promise<unknown>) {
  if (hasJs) {
    await action();
    await waitForRemixIdle(page);
  } else {
    await withFullPageLoad(page, action);
  }
}

/**
 * With JavaScript: waits until no Remix navigation, revalidation or fetcher is in flight (the network has settled).
 * After a full page load, the new page is hydrated first (waitForHydration).
 */
export async function waitForRemixIdle(page: Page) {
  await waitForHydration(page);
  await page.waitForFunction(routerIsIdle);
}

/**
 * Marks the current document so that a later check can prove no full page load happened in between
 * (a client-side navigation or fetcher keeps the same `window`). JavaScript project only.
 */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument = true;
  });
}

export async function expectSameDocument(page: Page) {
  const same = await page.evaluate(
    () => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument === true,
  );
  expect(same, "the page was reloaded, but the change should have applied in place").toBe(true);
}

/**
 * Holds every script the page asks for until `release()`: the page stays as it is before hydration meanwhile (the
 * framework starts on intent, docs/decisions/0018).
 */
export async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route("**/assets/*.js", (route) => (released ? route.continue() : held.push(route)));
  return {
    async release() {
      released = true;
      // Requests of a page the browser has left since are gone: nothing to continue.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

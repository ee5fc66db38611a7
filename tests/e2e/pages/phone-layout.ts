import { expect, type Locator, type Page } from "@playwright/test";

import { visit } from "../fixtures";

// Layout checks for the 390x844 touch phone projects, shared by the phone specs.

/** The element's box on the page (it must be rendered). */
export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${String(locator)}`);
  return found;
}

/**
 * Every visible control inside `scope` is at least 44x44 CSS px. A checkbox or radio inside its label is measured by
 * the label: a tap anywhere on it ticks the box.
 */
export async function expectTouchTargets(scope: Locator, minimumCount: number) {
  const controls = scope.locator("a, button, summary, select, input:not([type=hidden])");
  // Wait for the page to show them (some, like a stepper's buttons, show only where scripts run).
  await expect(controls.locator("visible=true").first()).toBeVisible();
  const sizes = await controls.evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const wrappingLabel = element.matches("input[type=checkbox], input[type=radio]") && element.closest("label");
        const rect = (wrappingLabel || element).getBoundingClientRect();
        const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        return { name, width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 };
      })
      .filter((size) => size.width > 0 && size.height > 0),
  );
  expect(sizes.length).toBeGreaterThanOrEqual(minimumCount);
  expect(sizes.filter((size) => size.width < 44 || size.height < 44)).toEqual([]);
}

/** `path` fits the screen's width: nothing makes the page scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, path: string) {
  await visit(page, path);
  const widths = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    // The innermost elements that reach past the right edge: what a failure needs fixing.
    const wide = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > client + 0.5)
      .filter((element) => ![...element.children].some((child) => child.getBoundingClientRect().right > client + 0.5))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  expect(widths.scroll, `${path} scrolls sideways: ${widths.wide.join(" | ")}`).toBeLessThanOrEqual(widths.client);
}

/**
 * Where each visible control of the page is (page coordinates, rounded), by its name (its label or text; a name met
 * again gets its ordinal): what a finger aims at.
 */
export async function controlBoxes(
  page: Page,
): Promise<Record<string, { x: number; y: number; width: number; height: number }>> {
  return page.evaluate(() => {
    const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const element of document.querySelectorAll("a, button, summary, select, input:not([type=hidden]), textarea")) {
      const rect = element.getBoundingClientRect();
      if (!element.checkVisibility() || rect.width === 0 || rect.right < 0) continue;
      const name =
        (element.getAttribute("aria-label") ?? element.getAttribute("name") ?? "") ||
        (element.textContent ?? "").trim().slice(0, 40);
      let key = name;
      for (let ordinal = 2; key in boxes; ordinal++) key = `${name} #${ordinal}`;
      boxes[key] = {
        x: Math.round(rect.x),
        y: Math.round(rect.y + scrollY),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
      };
    }
    return boxes;
  });
}

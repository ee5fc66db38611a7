import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

import { isHydrated } from "../../scripts/lib/framework-probe.mjs";

interface ShopFixtures {
  /** Declare an HTTP error status the test expects (e.g. visiting a missing page) so it is not reported as a failure. */
  allowHttpError: (status: number, urlPart?: string) => void;
  /** Declare a problem the test causes on purpose (matched on the reported line), e.g. a request it cuts off. */
  allowProblem: (line: RegExp) => void;
  /** Whether this project runs with JavaScript enabled. */
  hasJs: boolean;
}

/**
 * Every test fails on a console error, an uncaught page error, a failed request, or an HTTP error response it
 * did not declare: a page that looks right but logs errors or 404s an asset is broken.
 */
export const test = base.extend<ShopFixtures & { guard: void }>({
  hasJs: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  allowHttpError: [
    // Playwright reads fixture dependencies from the destructuring pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const allowed: Array<{ status: number; urlPart?: string }> = [];
      (testInfo as unknown as { allowedHttpErrors: typeof allowed }).allowedHttpErrors = allowed;
      await use((status, urlPart) => allowed.push({ status, urlPart }));
    },
    { scope: "test" },
  ],
  allowProblem: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const allowed: RegExp[] = [];
      (testInfo as unknown as { allowedProblems: RegExp[] }).allowedProblems = allowed;
      await use((line) => allowed.push(line));
    },
    { scope: "test" },
  ],
  guard: [
    async ({ page, allowHttpError: _ensureAllowList, allowProblem: _ensureProblemList }, use, testInfo) => {
      const problems: string[] = [];
      const allowed = (testInfo as unknown as { allowedHttpErrors: Array<{ status: number; urlPart?: string }> })
        .allowedHttpErrors;
      const isAllowed = (status: number, url: string) =>
        allowed.some((entry) => entry.status === status && (!entry.urlPart || url.includes(entry.urlPart)));

      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // The browser logs every 4xx/5xx response as a console error; those are judged by status below.
        if (message.text().startsWith("Failed to load resource: the server responded with a status of")) return;
        problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("requestfailed", (request) => {
        const failure = request.failure()?.errorText ?? "";
        // A navigation that replaces an in-flight fetch aborts it; that is not a broken request.
        if (failure === "net::ERR_ABORTED") return;
        // With JavaScript disabled Chromium refuses the page's module preloads and reports them as "csp",
        // even when the page sends no Content-Security-Policy at all: that is the missing JavaScript, not a fault.
        if (failure === "csp" && testInfo.project.use.javaScriptEnabled === false) return;
        problems.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
      });
      page.on("response", (response) => {
        const status = response.status();
        if (status >= 400 && !isAllowed(status, response.url())) {
          problems.push(`HTTP ${status}: ${response.request().method()} ${response.url()}`);
        }
      });

      await use();
      const allowedProblems = (testInfo as unknown as { allowedProblems: RegExp[] }).allowedProblems;
      const unexpected = problems.filter((line) => !allowedProblems.some((allowed) => allowed.test(line)));
      expect(unexpected, "console errors, failed requests or unexpected HTTP errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Navigates and, with JavaScript on, waits until Remix has hydrated so that clicks are handled by the app. */
export async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/**
 * With JavaScript on: shows intent (a Shift key press, which changes nothing on the page) and waits until Remix has
 * hydrated. The framework starts on the shopper's first scroll, touch, key or focus in a form field, or a few seconds
 * after load (docs/decisions/0018), so a test that needs the enhanced page says so here rather than waiting.
 */
export async function waitForHydration(page: Page) {
  if (base.info().project.use.javaScriptEnabled === false) return;
  // During a page load the old document may be gone: then the new one needs the intent too.
  if (!(await page.evaluate(isHydrated).catch(() => false))) await page.keyboard.press("Shift");
  await page.waitForFunction(isHydrated);
  // The router is initialised before React has committed the hydration (it runs in a transition), and a change made in
  // between can be undone by it: wait for the header's cart link to have become the panel's button, which happens
  // only once the hydration has committed.
  await page.locator('button[data-testid="cart-button"]').waitFor({ state: "attached" });
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, "serious or critical axe violations").toEqual([]);
}

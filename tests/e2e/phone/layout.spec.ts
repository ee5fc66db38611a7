import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

import { expect, expectAccessible, test, visit, waitForHydration } from "../fixtures";
import { createAccount } from "../pages/account";
import { addFromCard, addFromProductPage, CartUi } from "../pages/cart-ui";
import { applyFilterChange } from "../pages/listing";
import {
  act,
  expectSameDocument,
  holdScripts,
  markDocument,
  waitForRemixIdle,
  withFullPageLoad,
} from "../pages/navigation";
import { box, controlBoxes, expectNoSidewaysScroll, expectTouchTargets } from "../pages/phone-layout";
import { bigCatalogURL } from "../servers";

// The shop on a 390x844 touch phone (the phone-js and phone-no-js projects).

const SCREEN_HEIGHT = 844;

function productCards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/** `locator` is visible and no taller than two of its lines. */
async function expectAtMostTwoLines(locator: Locator) {
  await expect(locator).toBeVisible();
  const lineHeight = await locator.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  expect((await box(locator)).height).toBeLessThanOrEqual(lineHeight * 2 + 1);
}

test.describe("listing on a phone", () => {
  test("two products a row, the first image in the upper 60% of the first screen", async ({ page }) => {
    await visit(page, "/shop");
    const [first, second] = [productCards(page).nth(0), productCards(page).nth(1)];
    const [a, b] = [await box(first), await box(second)];
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    const image = await box(first.locator("img"));
    expect(image.y).toBeGreaterThanOrEqual(0);
    expect(image.y).toBeLessThan(SCREEN_HEIGHT * 0.6);
  });

  test("header search results start above the fold", async ({ page, hasJs }) => {
    await visit(page, "/");
    // In sight at the top of the page, under the header's bar: no menu to open first.
    const search = page.getByRole("searchbox", { name: "Search products" });
    await search.fill("wig");
    await act(page, hasJs, () => search.press("Enter"));
    await expect(page).toHaveURL(/\/shop\?q=wig$/);
    await expect(productCards(page).first()).toContainText(/wig/i);
    const image = await box(productCards(page).first().locator("img"));
    expect(image.y).toBeLessThan(SCREEN_HEIGHT * 0.6);
  });

  test("the filters sit behind one Filters control that opens without JavaScript and counts active filters", async ({
    page,
    hasJs,
  }) => {
    await visit(page, "/shop?color=black&maxPrice=500&sort=rating");
    const maxPrice = page.getByRole("slider", { name: "Maximum price" });
    const toggle = page.getByRole("main").locator("summary", { hasText: "Filters" });
    await expect(maxPrice).toBeHidden();
    // Colour and price are filters; the sort is not.
    await expect(toggle).toHaveText("Filters2 active");
    const listed = await box(productCards(page).first());

    await toggle.click();
    await expect(maxPrice).toBeVisible();
    await expect(maxPrice).toHaveValue("500");
    await applyFilterChange(page, hasJs, () => page.getByLabel("Color", { exact: true }).selectOption("all"));
    await expect(page).toHaveURL(/[?&]color=all(&|$)/);
    await expect(toggle).toHaveText("Filters1 active");
    await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);
    expect(listed.y).toBeLessThan(SCREEN_HEIGHT * 0.6);
    if (hasJs) {
      // The change applied already: Apply Filters closes the panel, so the results show, and focus is on its toggle.
      await expect(maxPrice).toBeVisible();
      await page.getByRole("button", { name: "Apply Filters" }).click();
      await expect(toggle).toBeFocused();
    }
    // Without JavaScript Apply Filters loaded a new page, which starts with the panel closed.
    await expect(maxPrice).toBeHidden();
  });

  test("sort sits beside the result count and applies at once with JavaScript, by its button without", async ({
    page,
    hasJs,
  }) => {
    await visit(page, "/shop");
    const sort = page.getByRole("combobox", { name: "Sort by" });
    const count = page.getByRole("heading", { name: "12 products" });
    const [sortBox, countBox] = [await box(sort), await box(count)];
    expect(Math.abs(sortBox.y + sortBox.height / 2 - (countBox.y + countBox.height / 2))).toBeLessThan(4);

    const button = page.getByRole("button", { name: "Sort", exact: true });
    if (hasJs) {
      await expect(button).toBeHidden();
      await markDocument(page);
      await sort.selectOption("price-low");
      await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
      await waitForRemixIdle(page);
      await expectSameDocument(page);
    } else {
      const buttonBox = await box(button);
      expect(Math.abs(buttonBox.y - sortBox.y)).toBeLessThan(4);
      expect(buttonBox.x).toBeGreaterThanOrEqual(sortBox.x + sortBox.width);
      await sort.selectOption("price-low");
      await withFullPageLoad(page, () => button.click());
      await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    }
    await expect(productCards(page).first().getByRole("heading", { level: 3 })).toHaveText(
      "Boar Bristle Extension Brush",
    );
  });
});

test.describe("the sort row before the framework arrives", { tag: "@js-only" }, () => {
  test("with JavaScript the Sort button never shows: the row stands still from the first paint through hydration", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto("/shop");
    const sort = page.getByRole("combobox", { name: "Sort by" });
    await expect(page.getByRole("button", { name: "Sort", exact: true })).toBeHidden();
    const before = await box(sort);
    await scripts.release();
    await waitForHydration(page);
    expect(await box(sort)).toEqual(before);
  });

  for (const path of ["/", "/shop", "/product/clip-1", "/checkout", "/auth"]) {
    test(`nothing a finger aims at on ${path} moves when the framework arrives`, async ({ page }) => {
      if (path === "/checkout") {
        await visit(page, "/product/acc-1");
        await addFromProductPage(page, true, 1);
      }
      const scripts = await holdScripts(page);
      await page.goto(path);
      const before = await controlBoxes(page);
      await scripts.release();
      await waitForHydration(page);
      const after = await controlBoxes(page);
      // A control that only the page without scripts needs may go (its place kept); every other stays where it was.
      const moved = Object.entries(before).filter(
        ([name, was]) => name in after && JSON.stringify(after[name]) !== JSON.stringify(was),
      );
      expect(moved.map(([name, was]) => `${name}: ${JSON.stringify(was)} -> ${JSON.stringify(after[name])}`)).toEqual(
        [],
      );
      expect(Object.keys(before).filter((name) => name in after).length).toBeGreaterThan(
        Object.keys(before).length - 2,
      );
    });
  }
});

/** The listing's settle delay for the price sliders (app/routes/catalog/listing.tsx). */
const PRICE_SETTLE_MS = 400;

test.describe("price range with JavaScript", () => {
  /** Counts the listing's data requests (one per applied change) and records every value the slider takes. */
  async function watch(page: Page) {
    const listingRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/shop.data")) listingRequests.push(request.url());
    });
    await page.evaluate(() => {
      const seen: string[] = [];
      const at: number[] = [];
      Object.assign(window, { __sliderValues: seen, __sliderTimes: at });
      document.addEventListener("input", (event) => {
        seen.push((event.target as HTMLInputElement).value);
        at.push(performance.now());
      });
    });
    return listingRequests;
  }
  /**
   * Debounced: one listing request once the thumb settles, for the value it settled on, and one more only for each
   * pause between steps as long as the settle delay (none on a quiet machine; a loaded one can deliver steps slowly).
   * A request a newer one supersedes is cancelled, which Remix reports on the console as an AbortError.
   */
  async function expectSettled(
    page: Page,
    requests: string[],
    settledAt: number,
    allowProblem: (line: RegExp) => void,
  ) {
    const times = await page.evaluate(() => (window as unknown as { __sliderTimes: number[] }).__sliderTimes);
    const pauses = times.filter((time, index) => index > 0 && time - times[index - 1]! >= PRICE_SETTLE_MS - 50).length;
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThanOrEqual(1 + pauses);
    expect(requests.length).toBeLessThan(times.length);
    expect(new URL(requests.at(-1)!).searchParams.get("maxPrice")).toBe(String(settledAt));
    if (requests.length > 1) allowProblem(/^console\.error: AbortError: signal is aborted without reason/);
  }
  const sliderValues = (page: Page) =>
    page.evaluate(() => (window as unknown as { __sliderValues: string[] }).__sliderValues.map(Number));

  test("keyboard steps move one step each, keep focus, never cross, and update the listing once @js-only", async ({
    page,
    allowProblem,
  }) => {
    await visit(page, "/shop");
    await page.getByRole("main").locator("summary", { hasText: "Filters" }).click();
    const maxPrice = page.getByRole("slider", { name: "Maximum price" });
    const minPrice = page.getByRole("slider", { name: "Minimum price" });
    const requests = await watch(page);
    await markDocument(page);

    await maxPrice.focus();
    // The keyboard straight away (no actionability wait per step), as a held key would.
    for (let step = 1; step <= 6; step += 1) await page.keyboard.press("ArrowLeft");
    await expect(maxPrice).toBeFocused();
    await expect(page).toHaveURL(/[?&]maxPrice=940(&|$)/);
    await waitForRemixIdle(page);
    expect(await sliderValues(page)).toEqual([990, 980, 970, 960, 950, 940]);
    await expectSettled(page, requests, 940, allowProblem);
    await expect(maxPrice).toBeFocused();
    await expect(maxPrice).toHaveValue("940");
    await expectSameDocument(page);

    // The minimum thumb stops at the maximum.
    await minPrice.focus();
    await minPrice.press("End");
    await expect(minPrice).toHaveValue("940");
    await expect(page).toHaveURL(/[?&]minPrice=940(&|$)/);
    await waitForRemixIdle(page);
    await expect(minPrice).toHaveValue("940");
    await expect(maxPrice).toHaveValue("940");
    await expect(minPrice).toBeFocused();
  });

  test("a drag moves the thumb smoothly and updates the listing once it settles @js-only", async ({
    page,
    allowProblem,
  }) => {
    await visit(page, "/shop");
    await page.getByRole("main").locator("summary", { hasText: "Filters" }).click();
    const maxPrice = page.getByRole("slider", { name: "Maximum price" });
    const requests = await watch(page);
    await markDocument(page);

    const track = await box(maxPrice);
    const y = track.y + track.height / 2;
    // The thumb sits at the right end ($1,000); drag it to about 43% of the track ($430).
    await page.mouse.move(track.x + track.width - 8, y);
    await page.mouse.down();
    await page.mouse.move(track.x + 8 + (track.width - 16) * 0.43, y, { steps: 25 });
    await page.mouse.up();

    await expect(page).toHaveURL(/[?&]maxPrice=4[2-4]0(&|$)/);
    await waitForRemixIdle(page);
    const values = await sliderValues(page);
    expect(values.length).toBeGreaterThan(10);
    expect(values.every((value, index) => index === 0 || value <= values[index - 1]!)).toBe(true);
    await expectSettled(page, requests, values.at(-1)!, allowProblem);
    await expect(maxPrice).toBeFocused();
    await expect(maxPrice).toHaveValue(String(values.at(-1)));
    await expect(page.getByRole("heading", { name: /^\d+ products?$/ })).not.toHaveText("12 products");
    await expectSameDocument(page);
  });
});

test.describe("listing selects", () => {
  test("sort and colour apply at once, keep focus, and follow the URL @js-only", async ({ page }) => {
    await visit(page, "/shop");
    const sort = page.getByRole("main").getByLabel("Sort by");
    await sort.focus();
    await sort.selectOption("price-low");
    await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    await waitForRemixIdle(page);
    await expect(sort).toBeFocused();

    await page.getByRole("main").locator("summary", { hasText: "Filters" }).click();
    const color = page.getByRole("main").getByLabel("Color", { exact: true });
    await color.focus();
    await color.selectOption("blonde");
    await expect(page).toHaveURL(/[?&]color=/);
    await waitForRemixIdle(page);
    await expect(color).toBeFocused();

    // Kept mounted, they still show what a new URL says.
    await page.getByRole("main").getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).not.toHaveURL(/[?&](color|sort)=/);
    await expect(color).toHaveValue("all");
    await expect(sort).toHaveValue("featured");
  });
});

test.describe("touch targets", () => {
  test("header icons and the listing's controls are at least 44x44", async ({ page }) => {
    await visit(page, "/shop");
    await expectTouchTargets(page.getByRole("banner"), 4);
  });

  test("the phone's search and every entry of its menu are at least 44x44", async ({ page }) => {
    await visit(page, "/");
    const search = page.getByRole("search").filter({ has: page.getByRole("searchbox", { name: "Search products" }) });
    await expectTouchTargets(search, 2);
    await page.getByRole("banner").getByLabel("Menu").click();
    await expectTouchTargets(page.getByRole("navigation", { name: "Mobile" }), 17);
  });

  test("the blog's search button and category links are at least 44x44", async ({ page }) => {
    await visit(page, "/blog");
    await expectTouchTargets(page.getByRole("main").getByRole("search"), 2);
    await expectTouchTargets(page.getByRole("navigation", { name: "Blog categories" }), 3);
  });

  test("pagination links are at least 44x44", async ({ page }) => {
    await visit(page, `${bigCatalogURL}/shop?page=2`);
    await expectTouchTargets(page.getByRole("navigation", { name: "Pagination" }), 2);
  });

  test("the product page's quantity stepper and Add to Cart (on one line) are at least 44 px", async ({ page }) => {
    await visit(page, "/product/clip-1");
    const form = page.getByRole("main").locator("form", { has: page.getByRole("spinbutton", { name: "Quantity" }) });
    await expectTouchTargets(form, 2);
    const add = form.getByRole("button", { name: "Add to Cart", exact: true });
    const lines = await add.evaluate((button) => {
      const style = getComputedStyle(button);
      const text = [...button.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      const range = document.createRange();
      range.selectNodeContents(text!);
      return {
        rects: range.getClientRects().length,
        overflow: button.scrollWidth > button.clientWidth,
        whiteSpace: style.whiteSpace,
      };
    });
    expect(lines).toEqual({ rects: 1, overflow: false, whiteSpace: "nowrap" });
  });

  test("every control on /cart, and the 99+ badge beside the bag, not over it", async ({ page, hasJs }) => {
    test.slow();
    await visit(page, "/product/clip-1");
    await addFromProductPage(page, hasJs, 99);
    await visit(page, "/shop");
    await addFromCard(page, hasJs, "Lace Front Bob Wig");
    await expect(CartUi.badge(page)).toHaveText("99+");

    const icon = await box(CartUi.cartButton(page).locator("svg"));
    const badge = await box(CartUi.badge(page));
    const overlapWidth = Math.max(0, Math.min(icon.x + icon.width, badge.x + badge.width) - Math.max(icon.x, badge.x));
    const overlapHeight = Math.max(
      0,
      Math.min(icon.y + icon.height, badge.y + badge.height) - Math.max(icon.y, badge.y),
    );
    // On the corner at most: a quarter of the bag stays clear of the badge's reach, and the bag's centre is free.
    expect(overlapWidth * overlapHeight).toBeLessThan((icon.width * icon.height) / 4);
    expect(badge.x).toBeGreaterThan(icon.x + icon.width / 2);

    await visit(page, "/cart");
    await expectTouchTargets(page.getByRole("main"), 9);
  });

  test("form fields and the password's show button are at least 44 px tall", async ({ page, hasJs }) => {
    await visit(page, "/auth");
    // The field and, once hydrated, its Show password button, which takes the field's height.
    const passwordField = page.getByLabel("Password", { exact: true }).locator("..");
    await expectTouchTargets(passwordField, hasJs ? 2 : 1);
    await expectTouchTargets(page.getByLabel("Email", { exact: true }).locator(".."), 1);
  });

  test("every control in the cart panel is at least 44x44 @js-only", async ({ page, hasJs }) => {
    await visit(page, "/shop");
    await addFromCard(page, hasJs, "Lace Front Bob Wig");
    await CartUi.cartButton(page).click();
    const panel = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(panel).toBeVisible();
    await expectTouchTargets(panel, 8);
  });
});

/**
 * How dark each side edge of `locator` is drawn: 255 minus the median brightness of its outermost column of pixels
 * but one (the median ignores the few pixels text may cover). 0 is white.
 */
async function edgeShades(locator: Locator) {
  const { data, info } = await sharp(await locator.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const shade = (x: number) => {
    const values: number[] = [];
    for (let y = 0; y < info.height; y += 1) {
      const index = (y * info.width + x) * info.channels;
      values.push((data[index]! + data[index + 1]! + data[index + 2]!) / 3);
    }
    values.sort((a, b) => a - b);
    return 255 - values[Math.floor(values.length / 2)]!;
  };
  return { left: shade(1), right: shade(info.width - 2) };
}

/** The words inside `scope` that a line break cuts in two (a word is one unbroken run of non-space characters). */
async function splitWords(scope: Locator) {
  return scope.evaluate((root) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (range.getClientRects().length > 1) split.push(word[0]);
      }
    }
    return split;
  });
}

test.describe("info-page tables", () => {
  const shippingOptions = (page: Page) =>
    page.getByRole("table", { name: "Shipping options and rates, chosen at checkout" });

  test("the shipping prices and every word of the tables stay on one line at 390 px", async ({ page }) => {
    await visit(page, "/shipping");
    for (const price of ["$9.99", "$19.99", "$39.99"]) {
      const cell = shippingOptions(page).getByRole("cell", { name: price, exact: true });
      const lines = await cell.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getClientRects().length;
      });
      expect(lines, price).toBe(1);
    }
    expect(await splitWords(page.getByRole("main"))).toEqual([]);
  });

  test.describe("at 320 px", () => {
    test.use({ viewport: { width: 320, height: 700 } });

    test("a table too wide for the screen scrolls in its own keyboard-reachable region, not the page", async ({
      page,
      hasJs,
    }) => {
      for (const path of ["/size-guide", "/shipping"]) {
        await expectNoSidewaysScroll(page, path);
        for (const table of await page.getByRole("main").getByRole("table").all())
          expect(await splitWords(table)).toEqual([]);
      }

      // The shipping options are wider than 320 px: their region, named by the caption, scrolls by keyboard.
      const region = page.getByRole("region", { name: "Shipping options and rates, chosen at checkout" });
      const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeGreaterThan(0);
      await region.focus();
      await expect(region).toBeFocused();
      await region.press("ArrowRight");
      await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      // axe (in the page's JavaScript) checks the scrolling region too: focusable, and named.
      if (hasJs) await expectAccessible(page);
    });

    test("a table that scrolls shows that there is more: a shade at the edge with more to see, none at an end", async ({
      page,
    }) => {
      await visit(page, "/shipping");
      const region = page.getByRole("region", { name: "Shipping options and rates, chosen at checkout" });
      const atStart = await edgeShades(region);
      expect(atStart.right).toBeGreaterThan(10);
      expect(atStart.left).toBeLessThan(3);
      await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect
        .poll(() => region.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1))
        .toBe(true);
      const atEnd = await edgeShades(region);
      expect(atEnd.left).toBeGreaterThan(10);
      expect(atEnd.right).toBeLessThan(3);
    });
  });
});

// How long text wraps is the server's markup and the stylesheet, with or without JavaScript: once (@once).
test.describe("long and unusual text at 320 px", () => {
  test.use({ viewport: { width: 320, height: 700 } });

  const rtl = "مرحبا بالعالم";
  const unbroken = "Wolfeschlegelsteinhausenbergerdorff".repeat(3);
  const emoji = "👩🏽‍🦱✨";
  const fullName = `${unbroken} ${emoji} ${rtl} ${"Anne-Marie ".repeat(10)}`.padEnd(200, "x").slice(0, 200);
  const lastName = "L".repeat(100);

  test("a 200-character name, a 100-character last name and a long address never push a page sideways @once", async ({
    page,
    hasJs,
  }) => {
    test.setTimeout(150_000);
    await createAccount(page, { signedIn: true });
    await visit(page, "/profile");
    await act(page, hasJs, () => page.getByRole("link", { name: "Edit Profile" }).click());
    await page.getByLabel("Full Name").fill(fullName);
    await act(page, hasJs, () => page.getByRole("button", { name: "Save Changes" }).click());
    // The profile's heading is cut to two lines, with the full value in its title.
    const heading = page.getByRole("heading", { name: fullName });
    await expect(heading).toHaveAttribute("title", fullName);
    await expectAtMostTwoLines(heading);

    await visit(page, "/shop");
    await addFromCard(page, hasJs, "Luxury Full Lace Wig");
    await visit(page, "/checkout");
    const fields: Array<[string, string]> = [
      ["First Name", `${emoji} ${rtl}`],
      ["Last Name", lastName],
      ["Email", "long-text@example.com"],
      ["Phone", "3105550142"],
      ["Address", `${unbroken}${unbroken} 1 Rodeo Drive`.slice(0, 200)],
      ["City", unbroken.slice(0, 100)],
      ["State", "CA"],
      ["ZIP Code", "90210"],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    // Kept on the profile and offered at the next checkout (decision 0044).
    await page.getByLabel("Save this address to my profile").check();
    await act(page, hasJs, () => page.getByRole("button", { name: /Place Order/ }).click());
    await expect(page).toHaveURL(/\/order-success$/);

    await visit(page, "/shop");
    await addFromCard(page, hasJs, "Silky Straight Clip-In Extensions");
    for (const path of ["/orders", "/profile", "/checkout", "/cart", "/shop", "/product/clip-1", "/"])
      await expectNoSidewaysScroll(page, path);
    // The saved address's controls, on the profile and at checkout, are at least 44x44.
    await visit(page, "/profile");
    await expect(page.getByTestId("saved-address")).toContainText(lastName);
    await expectTouchTargets(page.getByRole("region", { name: "Saved addresses" }), 3);
    await visit(page, "/checkout");
    await expectTouchTargets(page.getByRole("group", { name: "Ship to" }), 2);

    // The account menu: the name is cut to two lines, with the full value in its title.
    await visit(page, "/orders");
    await expect(page.getByRole("main")).toContainText(lastName);
    await page.getByRole("banner").getByLabel("Account menu").click();
    await expectAtMostTwoLines(page.getByRole("banner").getByTitle(fullName));
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});

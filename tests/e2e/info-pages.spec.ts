import type { Locator, Page } from "@playwright/test";

import { expect, test, visit } from "./fixtures";
import { act } from "./pages/navigation";

/** The table row whose row header is exactly `header`. */
function row(page: Page, table: Locator, header: string) {
  return table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: header, exact: true }) });
}

test("about tells the story, mission and promises @server-only", async ({ page }) => {
  await visit(page, "/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("About Luxe Strands");
  await expect(main).toContainText("founded in 2015 in Beverly Hills");
  for (const heading of ["Our mission", "Quality promise", "Expert support", "Sustainability"]) {
    await expect(main.getByRole("heading", { name: heading })).toBeVisible();
  }
});

test("size guide has the length, cap size and weight tables, tips and contact @server-only", async ({ page }) => {
  await visit(page, "/size-guide");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Size Guide");

  const lengths = page.getByRole("table", { name: "Extension lengths and where they fall" });
  for (const [name, inches] of [
    ["Short", "12-14 in"],
    ["Medium", "16-18 in"],
    ["Long", "20-22 in"],
    ["Extra Long", "24-26 in"],
  ] as const) {
    await expect(row(page, lengths, name)).toContainText(inches);
  }

  const caps = page.getByRole("table", { name: "Wig cap sizes by head circumference" });
  for (const [name, inches] of [
    ["Petite", "20.5-21.5 in"],
    ["Average", "21.5-22.5 in"],
    ["Large", "22.5-23.5 in"],
  ] as const) {
    await expect(row(page, caps, name)).toContainText(inches);
  }

  const weights = page.getByRole("table", { name: "Recommended weight by hair thickness" });
  for (const [name, grams] of [
    ["Fine hair", "80-120g"],
    ["Medium hair", "120-160g"],
    ["Thick hair", "160-200g"],
  ] as const) {
    await expect(row(page, weights, name)).toContainText(grams);
  }

  await expect(page.getByRole("heading", { name: "Measuring tips" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "hello@luxestrands.example" })).toBeVisible();
});

test("care guide opens on Extensions and switches tabs", async ({ page, hasJs }) => {
  await visit(page, "/care");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Hair Care Guide");
  const tabs = page.getByRole("tablist", { name: "Hair care topics" }).getByRole("tab");
  await expect(tabs).toHaveText(["Extensions", "Wigs", "General Care"]);
  await expect(page.getByRole("tab", { name: "Extensions" })).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Caring for your extensions");
  await expect(panel).toContainText("6-12 months");
  await expect(panel).toContainText("below 350°F");
  for (const heading of ["Daily care", "Washing", "Heat styling", "Things to avoid"]) {
    await expect(panel.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }

  await act(page, hasJs, () => page.getByRole("tab", { name: "Wigs" }).click());
  await expect(page).toHaveURL(/\/care\?tab=wigs/);
  await expect(page.getByRole("tab", { name: "Wigs" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Extensions" })).toHaveAttribute("aria-selected", "false");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Caring for your wig");
  await expect(panel).toContainText("every 10-15 wears");

  await act(page, hasJs, () => page.getByRole("tab", { name: "General Care" }).click());
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("General care");
  await expect(panel.getByRole("heading", { name: "Recommended products" })).toBeVisible();

  const troubleshooting = main.getByRole("heading", { level: 2, name: "Troubleshooting" });
  await expect(troubleshooting).toBeVisible();
  for (const problem of ["Tangling", "Dryness", "Color fading"]) {
    await expect(main.getByRole("heading", { level: 3, name: problem })).toBeVisible();
  }
});

test("returns states the policy and how to reach us @server-only", async ({ page }) => {
  await visit(page, "/returns");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Returns & Exchanges");
  await expect(main).toContainText("30 days from delivery");
  await expect(main.getByRole("heading", { name: "Items that cannot be returned" })).toBeVisible();
  await expect(main.getByRole("link", { name: "hello@luxestrands.example" }).first()).toHaveAttribute(
    "href",
    "mailto:hello@luxestrands.example",
  );
  await expect(main.getByRole("link", { name: "+1 (310) 555-0142" }).first()).toHaveAttribute(
    "href",
    "tel:+13105550142",
  );
});

test("shipping has the options table, processing times and international rules @server-only", async ({ page }) => {
  await visit(page, "/shipping");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Shipping Information");

  // The rates checkout charges (public.shipping_rates as a new shop has them), International at its flat rate.
  const options = page.getByRole("table", { name: "Shipping options and rates, chosen at checkout" });
  await expect(options.getByRole("row")).toHaveCount(6);
  const expectations: Array<[string, string, string]> = [
    ["Standard", "$9.99", "5-7 business days"],
    ["Express", "$19.99", "2-3 business days"],
    ["Overnight", "$39.99", "1 business day"],
    ["Free Shipping", "Free", "5-7 business days"],
    ["International", "$29.99", "7-14 business days"],
  ];
  for (const [method, cost, time] of expectations) {
    const option = row(page, options, method);
    await expect(option.getByRole("cell").nth(0)).toHaveText(cost);
    await expect(option.getByRole("cell").nth(1)).toHaveText(time);
  }

  const processing = page.getByRole("table", { name: "Time to prepare your order before it ships" });
  await expect(row(page, processing, "Standard orders")).toContainText("1-2 business days");
  await expect(main).toContainText("2 PM PST");
  for (const heading of ["International shipping", "Order tracking", "Delivery", "Shipping restrictions"]) {
    await expect(main.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(main).toContainText("7-14 business days");
  await expect(main).toContainText("International shipping is a flat $29.99 per order");
});

test("FAQ has 12 questions, opens one at a time, and an open one closes", async ({ page }) => {
  await visit(page, "/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const items = page.getByRole("main").locator('details[name="faq"]');
  await expect(items).toHaveCount(12);
  const open = page.getByRole("main").locator('details[name="faq"][open]');
  await expect(open).toHaveCount(0);

  const first = items.nth(0);
  const second = items.nth(1);
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(first.getByText("100% Remy human hair with the cuticles aligned")).toBeVisible();

  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open");
  await expect(open).toHaveCount(1);

  await second.locator("summary").click();
  await expect(open).toHaveCount(0);

  await expect(page.getByRole("main").getByRole("heading", { name: "Still have questions?" })).toBeVisible();
});

for (const [path, title] of [
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
] as const) {
  test(`${title} was last updated January 1, 2024 @server-only`, async ({ page }) => {
    await visit(page, path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(main.getByText(/last updated january 1, 2024/i)).toBeVisible();
    await expect(main.getByRole("navigation", { name: "On this page" }).getByRole("link").first()).toHaveAttribute(
      "href",
      /^#/,
    );
  });
}

test("careers shows the culture, four positions with Apply Now and a general application @server-only", async ({
  page,
}) => {
  await visit(page, "/careers");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Careers");
  for (const culture of ["Passion for beauty", "Growth and learning", "Inclusive team"]) {
    await expect(main.getByRole("heading", { level: 3, name: culture })).toBeVisible();
  }
  const positions = ["Hair Stylist", "Customer Service Representative", "Marketing Coordinator", "Warehouse Associate"];
  // Each position is an <article> in the list of open positions (the page itself is an <article> too).
  const jobs = main.getByRole("listitem").getByRole("article");
  await expect(jobs.getByRole("heading", { level: 3 })).toHaveText(positions);

  const apply = main.getByRole("link", { name: /^Apply Now/ });
  await expect(apply).toHaveCount(4);
  for (const [index, position] of positions.entries()) {
    await expect(apply.nth(index)).toHaveAccessibleName(`Apply Now for ${position}`);
    await expect(apply.nth(index)).toHaveAttribute(
      "href",
      `mailto:careers@luxestrands.example?subject=${encodeURIComponent(`Application: ${position}`)}`,
    );
  }
  const hairStylist = jobs.filter({ hasText: "Hair Stylist" });
  await expect(hairStylist).toContainText("Salon");
  await expect(hairStylist).toContainText("Beverly Hills");
  await expect(hairStylist).toContainText("Full-time");
  await expect(jobs.filter({ hasText: "Warehouse Associate" })).toContainText("Part-time");

  await expect(main.getByRole("link", { name: "Send General Application" })).toHaveAttribute(
    "href",
    /^mailto:careers@luxestrands\.example\?subject=General%20Application$/,
  );
});

import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "#scripts/lib/chromium.mjs";
import { shippingAddress } from "#tests/support/shipping";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { OutboxMessage } from "~/backend/ports/outbox";
import type { OrderRow } from "~/backend/rows.server";
import { renderMail } from "~/modules/mail/templates.server";

// Every message's HTML part in a real browser at phone widths (320-400 px): nothing wider than the screen, and an
// order's quantities, prices and totals apart from each other (they ran together: "1$299.00$299.00"). Also what a
// shopper typed: only in the address block, and never a link.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const context = { origin: "https://shop.example" };
const hostileAddress = {
  ...shippingAddress,
  firstName: "Visit https://evil.example/login now",
  lastName: "x".repeat(150),
  address: "www.evil.example\nURGENT: your account is locked",
};

function orderRow(userId: string | null, address = shippingAddress): OrderRow {
  return {
    id: "3f1c2b9e-0000-4000-8000-00000000abcd",
    user_id: userId,
    status: "pending",
    total_amount: 62_200,
    currency: "usd",
    email: "guest@example.com",
    shipping_address: address,
    created_at: "2026-11-27T10:00:00.000Z",
    order_items: [
      {
        id: "i1",
        product_id: "clip-1",
        variant_id: "clip-1",
        quantity: 2,
        price_per_item: 29_900,
        product_name: "Silky Straight Clip-In Extensions",
        variant_label: null,
        sku: "LS-CLIP-1",
        image: null,
      },
      {
        id: "i2",
        product_id: "acc-2",
        variant_id: "acc-2",
        quantity: 1,
        price_per_item: 2_400,
        product_name: "Boar Bristle Extension Brush",
        variant_label: null,
        sku: "LS-ACC-2",
        image: null,
      },
    ],
  };
}

function message(
  kind: string,
  payload: Record<string, unknown>,
  secret: string | null = "a".repeat(43),
): OutboxMessage {
  return {
    id: "6b2d1f00-0000-4000-8000-000000000001",
    kind,
    recipient: "guest@example.com",
    payload,
    secret,
    attempts: 1,
    createdAt: new Date().toISOString(),
    claim: "c",
  };
}

const messages: [string, OutboxMessage][] = [
  [
    "a guest's order confirmation",
    message("order_confirmation", orderRow(null) as unknown as Record<string, unknown>, null),
  ],
  [
    "a member's order confirmation",
    message(
      "order_confirmation",
      orderRow("9a9a9a9a-0000-4000-8000-000000000009") as unknown as Record<string, unknown>,
      null,
    ),
  ],
  ["the address confirmation", message("confirm_signup", { link_path: "/auth/callback?confirmed=1" })],
  ["someone signing up with a taken address", message("account_exists", {}, null)],
  ["the password reset", message("password_reset", { link_path: "/auth/callback?next=%2Freset-password" })],
  ["the newsletter confirmation", message("newsletter_confirmation", { subscriber_id: "s" }, "b".repeat(64))],
  ["the newsletter welcome", message("newsletter_welcome", { subscriber_id: "s" }, "c".repeat(64))],
];

describe.each([320, 400])("at %i px", (width) => {
  it.each(messages)("%s fits the screen, and links to the shop and its contact page", async (_name, outboxMessage) => {
    await page.setViewportSize({ width, height: 800 });
    const mail = renderMail(outboxMessage, context);
    await page.setContent(mail.html);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const hrefs = await page.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(expect.arrayContaining(["https://shop.example/shop", "https://shop.example/faq"]));
    expect(mail.text).toContain("https://shop.example/shop");
    expect(mail.text).toContain("https://shop.example/faq");
  });

  it("an order's quantity and price stand apart from the line's total", async () => {
    await page.setViewportSize({ width, height: 800 });
    await page.setContent(renderMail(messages[0]![1], context).html);
    const rows = page.locator("tr").filter({ hasText: "Silky Straight Clip-In Extensions" });
    const [item, total] = await rows.last().locator("td").all();
    expect(await item!.innerText()).toContain("2 × $299.00");
    expect(await total!.innerText()).toBe("$598.00");
    const itemBox = await item!.locator("span").boundingBox();
    const totalBox = await total!.boundingBox();
    // The total sits to the right of the "2 × $299.00" line, with a gap.
    expect(totalBox!.x).toBeGreaterThan(itemBox!.x + itemBox!.width);
  });
});

describe("what a shopper typed", () => {
  it("shows only in the address block, on capped lines, and is never a link in either part", async () => {
    const mail = renderMail(
      message("order_confirmation", orderRow(null, hostileAddress) as unknown as Record<string, unknown>, null),
      context,
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("https://evil.example");
      expect(part).not.toContain("www.evil.example");
      expect(part).toContain("https[:]//evil[.]example/login");
      expect(part).not.toContain("x".repeat(100));
    }
    expect(mail.text).toContain("  www[.]evil[.]example URGENT: your account is locked");
    await page.setViewportSize({ width: 320, height: 800 });
    await page.setContent(mail.html);
    const hrefs = await page.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.filter((href) => href.includes("evil"))).toEqual([]);
    // Only under "Shipping to".
    const body = await page.locator("body").innerText();
    expect(body.indexOf("evil[.]example")).toBeGreaterThan(body.indexOf("Shipping to"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
});

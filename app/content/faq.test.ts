import { describe, expect, it } from "vitest";

import { faqItems as faqItemsAt } from "~/content/faq";

/** The rates a new shop starts with (public.shipping_rates' seed); the page reads the database's. */
const prices = {
  standard: { amountCents: 999, freeFromCents: 20_000 },
  express: { amountCents: 1999, freeFromCents: null },
  overnight: { amountCents: 3999, freeFromCents: null },
  international: { amountCents: 2999, freeFromCents: null },
};
const faqItems = faqItemsAt(prices);

describe("faqItems", () => {
  it("has 12 items with unique, non-empty questions and answers", () => {
    expect(faqItems).toHaveLength(12);
    expect(new Set(faqItems.map((item) => item.question)).size).toBe(12);
    for (const item of faqItems) {
      expect(item.question.trim()).toMatch(/\?$/);
      expect(item.answer.trim().length).toBeGreaterThan(20);
      expect(item.answer).not.toMatch(/undefined|NaN|\[object/);
    }
  });

  it("quotes the same figures as the other information pages", () => {
    const text = faqItems.map((item) => item.answer).join("\n");
    for (const figure of [
      "6-12 months",
      "6-8 weeks",
      "12-18 months",
      "2-3 times a week",
      "every 10-15 wears",
      "350°F",
      "$9.99 (5-7 business days)",
      "$19.99 (2-3 business days)",
      "$39.99 (1 business day)",
      "over $200",
      "1-2 business days for standard orders",
      "after 2 PM PST",
      "7-14 business days",
      "within 30 days of delivery",
      "5-7 business days after your return arrives",
      "within 24 hours",
      "80-120g for fine hair",
      "Short 12-14 in",
      "Petite 20.5-21.5 in",
      "Monday-Friday 9AM-6PM PST",
    ]) {
      expect(text).toContain(figure);
    }
  });

  it("quotes the rates it is given: what staff saved is what the answers say", () => {
    const text = faqItemsAt({ ...prices, express: { amountCents: 2499, freeFromCents: null } })
      .map((item) => item.answer)
      .join("\n");
    expect(text).toContain("Express $24.99 (2-3 business days)");
    expect(text).not.toContain("$19.99");
  });
});

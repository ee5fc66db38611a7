import { describe, expect, test } from "vitest";

import {
  allocate,
  dateInZone,
  DISCOUNT_REFUSAL_REASONS,
  discountDescription,
  evaluateDiscount,
  normalizeCode,
  percentOf,
  refusalMessage,
  withShipping,
  type AppliedDiscount,
  type DiscountCart,
  type DiscountLine,
  type DiscountRefusal,
  type DiscountRule,
} from "./rules";

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  id: "00000000-0000-4000-8000-000000000001",
  code: "SAVE15",
  kind: "percent",
  percentOff: 15,
  amountOffCents: null,
  minimumSubtotalCents: 0,
  startsOn: null,
  endsOn: null,
  timeZone: "America/New_York",
  usageLimit: null,
  timesUsed: 0,
  oncePerCustomer: false,
  categories: [],
  productIds: [],
  variantIds: [],
  status: "active",
  ...overrides,
});

const line = (variantId: string, unitCents: number, quantity = 1, extra: Partial<DiscountLine> = {}): DiscountLine => ({
  variantId,
  productId: variantId,
  category: "clip-in",
  unitCents,
  quantity,
  ...extra,
});

const cart = (lines: DiscountLine[], shippingCents: number | null = 999): DiscountCart => ({ lines, shippingCents });
const now = new Date("2026-12-05T15:00:00Z");
const evaluate = (r: DiscountRule, c: DiscountCart, usedByCustomer = false) =>
  evaluateDiscount(r, c, { now, usedByCustomer });

function applied(outcome: ReturnType<typeof evaluate>): AppliedDiscount {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return outcome;
}

function refused(outcome: ReturnType<typeof evaluate>): DiscountRefusal {
  if (outcome.ok) throw new Error("applied");
  return outcome;
}

describe("what a code gives", () => {
  test("percent off: rounded half up once on the eligible subtotal, shared so the lines add up", () => {
    // 15% of $100.05 is $15.0075: $15.01.
    const outcome = applied(evaluate(rule(), cart([line("a", 3335, 3)])));
    expect(outcome).toMatchObject({ itemsCents: 1501, shippingCents: 0, totalCents: 1501, freeShipping: false });
    expect(outcome.lines).toEqual([{ variantId: "a", totalCents: 10005, discountCents: 1501, paidCents: 8504 }]);
    // Half a cent goes up: 15% of 10 cents is 1.5 cents.
    expect(percentOf(10, 15)).toBe(2);
    expect(percentOf(9, 15)).toBe(1);
    expect(percentOf(100, 100)).toBe(100);
  });

  test("rounding is once per order, not per line: three lines of $0.10 at 15% give 5 cents, not 6", () => {
    const outcome = applied(evaluate(rule(), cart([line("a", 10), line("b", 10), line("c", 10)])));
    expect(outcome.itemsCents).toBe(5);
    expect(outcome.lines.map((share) => share.discountCents)).toEqual([2, 2, 1]);
    expect(outcome.lines.reduce((sum, share) => sum + share.paidCents, 0)).toBe(30 - 5);
  });

  test("a fixed amount off, never more than the eligible items", () => {
    expect(applied(evaluate(rule({ kind: "amount", amountOffCents: 1000 }), cart([line("a", 2500)]))).itemsCents).toBe(
      1000,
    );
    const capped = applied(evaluate(rule({ kind: "amount", amountOffCents: 5000 }), cart([line("a", 2500)])));
    expect(capped).toMatchObject({ itemsCents: 2500, totalCents: 2500 });
    expect(capped.lines[0]).toMatchObject({ discountCents: 2500, paidCents: 0 });
  });

  test("free shipping takes the shipping line only, whatever the method costs; none chosen yet is 0", () => {
    const free = rule({ kind: "free_shipping", percentOff: null });
    const outcome = applied(evaluate(free, cart([line("a", 2500)], 1999)));
    expect(outcome).toMatchObject({ itemsCents: 0, shippingCents: 1999, totalCents: 1999, freeShipping: true });
    expect(outcome.lines[0]).toMatchObject({ discountCents: 0, paidCents: 2500 });
    expect(applied(evaluate(free, cart([line("a", 2500)], null))).shippingCents).toBe(0);
    expect(withShipping(outcome, 3999)).toMatchObject({ shippingCents: 3999, totalCents: 3999 });
    const percent = applied(evaluate(rule(), cart([line("a", 2000)])));
    expect(withShipping(percent, 3999)).toBe(percent);
  });

  test("a scope by category, product or variant: only those lines count, and only they share the discount", () => {
    const lines = [
      line("clip-1", 10000, 1, { category: "clip-in" }),
      line("wig-2-long", 20000, 1, { productId: "wig-2", category: "wigs" }),
      line("acc-1", 5000, 2, { category: "accessories" }),
    ];
    const byCategory = applied(evaluate(rule({ percentOff: 10, categories: ["wigs"] }), cart(lines)));
    expect(byCategory.eligibleSubtotalCents).toBe(20000);
    expect(byCategory.lines.map((share) => share.discountCents)).toEqual([0, 2000, 0]);
    const byProduct = applied(evaluate(rule({ percentOff: 10, productIds: ["wig-2"] }), cart(lines)));
    expect(byProduct.itemsCents).toBe(2000);
    const byVariant = applied(evaluate(rule({ percentOff: 10, variantIds: ["acc-1"] }), cart(lines)));
    expect(byVariant).toMatchObject({ eligibleSubtotalCents: 10000, itemsCents: 1000 });
    // Any of the lists: a line counts when one of them names it.
    const either = applied(
      evaluate(rule({ percentOff: 10, categories: ["clip-in"], variantIds: ["acc-1"] }), cart(lines)),
    );
    expect(either.eligibleSubtotalCents).toBe(20000);
  });

  test("the minimum is of the eligible items, and met exactly is enough", () => {
    const hundred = rule({ minimumSubtotalCents: 10000 });
    expect(applied(evaluate(hundred, cart([line("a", 10000)]))).itemsCents).toBe(1500);
    expect(refused(evaluate(hundred, cart([line("a", 9999)])))).toMatchObject({
      reason: "below_minimum",
      minimumSubtotalCents: 10000,
      eligibleSubtotalCents: 9999,
    });
    // Other products do not count towards a scoped code's minimum.
    const wigs = rule({ minimumSubtotalCents: 10000, categories: ["wigs"] });
    expect(refused(evaluate(wigs, cart([line("a", 50000), line("w", 5000, 1, { category: "wigs" })]))).reason).toBe(
      "below_minimum",
    );
  });
});

describe("why a code gives nothing", () => {
  test("each reason, in the order the database checks them too", () => {
    const some = cart([line("a", 5000)]);
    expect(refused(evaluate(rule({ status: "paused" }), some)).reason).toBe("paused");
    expect(refused(evaluate(rule({ status: "ended", startsOn: "2030-01-01" }), some)).reason).toBe("ended");
    expect(refused(evaluate(rule({ startsOn: "2026-12-06" }), some))).toMatchObject({
      reason: "not_started",
      startsOn: "2026-12-06",
    });
    expect(refused(evaluate(rule({ endsOn: "2026-12-04" }), some))).toMatchObject({
      reason: "expired",
      endsOn: "2026-12-04",
    });
    expect(refused(evaluate(rule({ usageLimit: 3, timesUsed: 3 }), some)).reason).toBe("used_up");
    expect(refused(evaluate(rule({ oncePerCustomer: true }), some, true)).reason).toBe("used_by_customer");
    // Without "once per customer" an earlier use is no reason.
    expect(evaluate(rule(), some, true).ok).toBe(true);
    expect(refused(evaluate(rule({ variantIds: ["other"] }), some)).reason).toBe("not_eligible");
    expect(refused(evaluate(rule(), cart([]))).reason).toBe("not_eligible");
    expect(refused(evaluate(rule({ minimumSubtotalCents: 5001 }), some)).reason).toBe("below_minimum");
    // Used up comes before used by this customer, which comes before the cart's own reasons.
    expect(
      refused(
        evaluate(rule({ usageLimit: 1, timesUsed: 1, oncePerCustomer: true, minimumSubtotalCents: 9e6 }), some, true),
      ).reason,
    ).toBe("used_up");
  });

  test("the days are the shop's time zone's, the start and end days included", () => {
    // 2026-12-05T03:30Z is still 4 December in New York and already 5 December in Berlin.
    const late = new Date("2026-12-05T03:30:00Z");
    const endsOn4th = rule({ endsOn: "2026-12-04" });
    expect(evaluateDiscount(endsOn4th, cart([line("a", 100)]), { now: late, usedByCustomer: false }).ok).toBe(true);
    expect(
      evaluateDiscount({ ...endsOn4th, timeZone: "Europe/Berlin" }, cart([line("a", 100)]), {
        now: late,
        usedByCustomer: false,
      }).ok,
    ).toBe(false);
    const starts5th = rule({ startsOn: "2026-12-05", timeZone: "Europe/Berlin" });
    expect(evaluateDiscount(starts5th, cart([line("a", 100)]), { now: late, usedByCustomer: false }).ok).toBe(true);
    expect(
      evaluateDiscount({ ...starts5th, timeZone: "America/New_York" }, cart([line("a", 100)]), {
        now: late,
        usedByCustomer: false,
      }).ok,
    ).toBe(false);
    expect(dateInZone(late, "America/New_York")).toBe("2026-12-04");
    expect(dateInZone(late, "Europe/Berlin")).toBe("2026-12-05");
  });

  test("every reason has its own message, naming the code", () => {
    const messages = DISCOUNT_REFUSAL_REASONS.map((reason) =>
      refusalMessage({
        reason,
        code: "SAVE15",
        startsOn: "2026-12-24",
        endsOn: "2026-12-31",
        minimumSubtotalCents: 10000,
        eligibleSubtotalCents: 4500,
      }),
    );
    expect(new Set(messages).size).toBe(DISCOUNT_REFUSAL_REASONS.length);
    for (const message of messages) expect(message).toContain("SAVE15");
    expect(messages).toContain("The code SAVE15 starts on December 24, 2026.");
    expect(messages).toContain("The code SAVE15 expired on December 31, 2026.");
    expect(messages).toContain("The code SAVE15 needs $100.00 of eligible items; your cart has $45.00.");
  });
});

describe("codes and shares", () => {
  test("codes are case-blind, trimmed, and made of letters, digits, '-' and '_'", () => {
    expect(normalizeCode("  save15 ")).toBe("SAVE15");
    expect(normalizeCode("welcome-ab12_x")).toBe("WELCOME-AB12_X");
    expect(normalizeCode("ab")).toBeNull();
    expect(normalizeCode("no spaces")).toBeNull();
    expect(normalizeCode("-LEADING")).toBeNull();
    expect(normalizeCode("X".repeat(41))).toBeNull();
    expect(normalizeCode("💸SAVE")).toBeNull();
  });

  test("the shares add up to the discount, never more than a line, the largest remainder first", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(5, [10, 30, 0, 60])).toEqual([1, 1, 0, 3]);
    expect(allocate(0, [10, 20])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
    for (let seed = 1; seed < 200; seed += 1) {
      const weights = [((seed * 7) % 13) + 1, (seed * 11) % 17, (seed % 5) + 3];
      const total = Math.min(
        seed * 3,
        weights.reduce((a, b) => a + b, 0),
      );
      const shares = allocate(total, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(weights[index]!));
    }
  });

  test("what a code gives, in words", () => {
    expect(discountDescription({ kind: "percent", percentOff: 15, amountOffCents: null })).toBe("15% off");
    expect(discountDescription({ kind: "amount", percentOff: null, amountOffCents: 1050 })).toBe("$10.50 off");
    expect(discountDescription({ kind: "free_shipping", percentOff: null, amountOffCents: null })).toBe(
      "Free shipping",
    );
  });
});

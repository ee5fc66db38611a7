import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, test } from "vitest";

import type { StaffDiscountCode } from "~/backend/ports/discounts";
import {
  codeRulesLine,
  codeStateLabel,
  discountCodeFormDefaults,
  DiscountCodeFormSchema,
  discountCodeInput,
  parseDiscountListQuery,
  toAdminDiscountRow,
  WelcomeOfferFormSchema,
  welcomeOfferInput,
} from "./admin-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const lookup = {
  productExists: (id: string) => ["clip-1", "wig-2"].includes(id),
  variantOf: (entry: string) => ({ "LS-CLIP-1": "clip-1", "clip-1": "clip-1", "ls-wig-2-long": "wig-2-long" })[entry],
};

const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: DiscountCodeFormSchema });

describe("the code editor", () => {
  test("a 15% code from $100, once per customer, for everything: saved upper case, in the shop's time zone", () => {
    const submission = parse({
      code: " spring15 ",
      kind: "percent",
      percentOff: "15",
      minimum: "$100",
      oncePerCustomer: "on",
      appliesTo: "all",
      categoryWigs: "on",
      products: "",
      variants: "",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(discountCodeInput(submission.value, "America/Chicago", lookup)).toEqual({
      input: {
        code: "SPRING15",
        kind: "percent",
        percentOff: 15,
        amountOffCents: null,
        minimumSubtotalCents: 10_000,
        startsOn: null,
        endsOn: null,
        timeZone: "America/Chicago",
        usageLimit: null,
        oncePerCustomer: true,
        // "Every product" wins over a category ticked and then left.
        categories: [],
        productIds: [],
        variantIds: [],
      },
    });
  });

  test("each field says what is wrong with it", () => {
    const submission = parse({
      code: "two words",
      kind: "percent",
      percentOff: "150",
      amountOff: "ten",
      startsOn: "2026-12-31",
      endsOn: "2026-02-30",
      usageLimit: "0",
      appliesTo: "chosen",
    });
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.code?.[0]).toMatch(/letters, digits, dashes or underscores/);
    expect(errors.percentOff?.[0]).toMatch(/1 to 100/);
    expect(errors.amountOff?.[0]).toMatch(/in dollars/);
    expect(errors.endsOn?.[0]).toMatch(/does not exist/);
    expect(errors.usageLimit?.[0]).toMatch(/1 to 1,000,000/);
    const missing = parse({
      code: "OK15",
      kind: "amount",
      appliesTo: "chosen",
      startsOn: "2026-12-31",
      endsOn: "2026-12-01",
    });
    const missingErrors = missing.reply().error ?? {};
    expect(missingErrors.amountOff?.[0]).toMatch(/amount off/);
    expect(missingErrors.endsOn?.[0]).toMatch(/on or after/);
    expect(missingErrors.appliesTo?.[0]).toMatch(/Choose a category/);
  });

  test("a scope: ticked categories, product ids and SKUs (any separator); an unknown one is refused by name", () => {
    const submission = parse({
      code: "WIGS10",
      kind: "amount",
      amountOff: "10",
      appliesTo: "chosen",
      categoryWigs: "on",
      categoryTapeIn: "on",
      products: "clip-1, wig-2\nclip-1",
      variants: "LS-CLIP-1 ls-wig-2-long",
    });
    if (submission.status !== "success") throw new Error("refused");
    expect(discountCodeInput(submission.value, "UTC", lookup)).toMatchObject({
      input: {
        amountOffCents: 1_000,
        categories: ["tape-in", "wigs"],
        productIds: ["clip-1", "wig-2"],
        variantIds: ["clip-1", "wig-2-long"],
      },
    });
    const unknown = parse({
      code: "WIGS10",
      kind: "free_shipping",
      appliesTo: "chosen",
      products: "nope",
      variants: "NOPE-1",
    });
    if (unknown.status !== "success") throw new Error("refused");
    expect(discountCodeInput(unknown.value, "UTC", lookup)).toEqual({
      errors: { products: ["No product has the id nope."], variants: ["No variant has the SKU NOPE-1."] },
    });
  });

  test("a stored code's fields, its variants by SKU", () => {
    const stored: StaffDiscountCode = {
      id: "00000000-0000-4000-8000-000000000001",
      code: "SHADES",
      kind: "amount",
      percentOff: null,
      amountOffCents: 1_250,
      minimumSubtotalCents: 0,
      startsOn: "2026-12-01",
      endsOn: null,
      timeZone: "UTC",
      usageLimit: 10,
      timesUsed: 10,
      oncePerCustomer: false,
      categories: ["wigs"],
      productIds: [],
      variantIds: ["clip-1"],
      status: "active",
      source: "staff",
      welcomeEmail: null,
      version: 3,
      givenCents: 12_500,
      createdAt: "2026-12-01T00:00:00.000Z",
      updatedAt: "2026-12-01T00:00:00.000Z",
      updatedBy: "owner@example.com",
    };
    expect(discountCodeFormDefaults(stored, (id) => (id === "clip-1" ? "LS-CLIP-1" : undefined))).toMatchObject({
      amountOff: "12.50",
      appliesTo: "chosen",
      categoryWigs: "on",
      categoryClipIn: "",
      variants: "LS-CLIP-1",
      usageLimit: "10",
      version: "3",
    });
    const now = new Date("2026-12-05T12:00:00Z");
    expect(toAdminDiscountRow(stored, now)).toMatchObject({
      state: "Used up",
      uses: "10 of 10 uses",
      given: "$125.00",
    });
    expect(codeRulesLine(stored)).toBe("$12.50 off · Wigs, 1 variant · from Dec 1, 2026");
    expect(codeStateLabel({ ...stored, usageLimit: null, startsOn: "2026-12-06" }, now)).toBe("Scheduled");
    expect(codeStateLabel({ ...stored, status: "paused" }, now)).toBe("Paused");
  });
});

describe("the welcome offer and the list", () => {
  test("the welcome offer: on, a percentage, 1 to 365 days", () => {
    const ok = parseWithZod(form({ enabled: "on", kind: "percent", percentOff: "10", validDays: "30", version: "1" }), {
      schema: WelcomeOfferFormSchema,
    });
    if (ok.status !== "success") throw new Error("refused");
    expect(welcomeOfferInput(ok.value, "UTC")).toEqual({
      enabled: true,
      kind: "percent",
      percentOff: 10,
      amountOffCents: null,
      validDays: 30,
      timeZone: "UTC",
    });
    const bad = parseWithZod(form({ kind: "amount", validDays: "400", version: "1" }), {
      schema: WelcomeOfferFormSchema,
    });
    expect(bad.reply().error).toMatchObject({
      amountOff: [expect.any(String)],
      validDays: ["A code lasts 1 to 365 days."],
    });
  });

  test("the list's query", () => {
    expect(parseDiscountListQuery(new URLSearchParams("source=welcome&q= a "))).toEqual({
      source: "welcome",
      search: "a",
    });
    expect(parseDiscountListQuery(new URLSearchParams("source=other"))).toEqual({ source: "staff", search: "" });
  });
});

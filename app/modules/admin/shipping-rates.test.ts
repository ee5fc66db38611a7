import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, it } from "vitest";

import {
  dollarsField,
  parseDollars,
  savedRatesMessage,
  shippingRatesFormDefaults,
  ShippingRatesFormSchema,
  shippingRatesInput,
} from "~/modules/admin/shipping-rates";

const rates = {
  version: 3,
  prices: {
    standard: { amountCents: 999, freeFromCents: 20_000 },
    express: { amountCents: 1999, freeFromCents: null },
    overnight: { amountCents: 3999, freeFromCents: null },
    international: { amountCents: 2999, freeFromCents: null },
  },
};

function post(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ ...shippingRatesFormDefaults(rates), ...fields })) {
    formData.set(name, value);
  }
  return parseWithZod(formData, { schema: ShippingRatesFormSchema });
}

describe("the shipping rates form", () => {
  it("reads dollars as whole cents, without floating-point drift", () => {
    expect(parseDollars("19.99")).toBe(1999);
    expect(parseDollars("$ 24.9")).toBe(2490);
    expect(parseDollars("1,000")).toBe(100_000);
    expect(parseDollars("0")).toBe(0);
    expect(parseDollars("0.29")).toBe(29);
    for (const text of ["", "abc", "9.999", "-1", "1,00", "1e3", "9,99", "$"]) expect(parseDollars(text)).toBeNull();
    expect(dollarsField(999)).toBe("9.99");
    expect(dollarsField(20_000)).toBe("200.00");
  });

  it("starts from the rates as they are, with their version", () => {
    expect(shippingRatesFormDefaults(rates)).toEqual({
      standard: "9.99",
      express: "19.99",
      overnight: "39.99",
      international: "29.99",
      freeFrom: "200.00",
      version: "3",
    });
  });

  it("saves every price and the threshold in cents, with the version it was drawn from", () => {
    const submission = post({ express: "24.99", freeFrom: "$150" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.version).toBe(3);
    expect(shippingRatesInput(submission.value)).toEqual({
      amountsCents: { standard: 999, express: 2499, overnight: 3999, international: 2999 },
      freeFromCents: 15_000,
    });
  });

  it("says what is wrong with each field, and keeps what was typed", () => {
    const submission = post({ express: "twenty", overnight: "1000.01", standard: "", freeFrom: "0.50" });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({
      standard: ["Enter the Standard price in dollars, like 9.99."],
      express: ["Enter the Express price in dollars and cents, like 9.99: digits, at most two after the point."],
      overnight: ["The Overnight price must be from $0.00 to $1,000.00."],
      freeFrom: ["The free-shipping threshold must be from $1.00 to $100,000.00."],
    });
    expect(reply.initialValue).toMatchObject({ express: "twenty", overnight: "1000.01", freeFrom: "0.50" });
  });

  it("allows a free method, and refuses a form without its version", () => {
    expect(post({ international: "0" }).status).toBe("success");
    expect(post({ version: "" }).reply().error).toHaveProperty("version");
  });

  it("says what the shop now charges", () => {
    expect(savedRatesMessage(rates)).toBe(
      "Standard $9.99, Express $19.99, Overnight $39.99, International $29.99; free Standard shipping from $200.00. The shop shows them within a few seconds.",
    );
  });
});

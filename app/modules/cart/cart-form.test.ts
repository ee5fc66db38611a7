import { describe, expect, it } from "vitest";

import { REPEATED_FIELD_MESSAGE } from "~/forms/form-text";
import { parseCartForm } from "~/modules/cart/cart-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("parseCartForm", () => {
  it("adds one unit when no quantity is given (a product card)", () => {
    expect(parseCartForm(form({ intent: "add", productId: "clip-1" }))).toEqual({
      change: { intent: "add", productId: "clip-1", quantity: 1 },
    });
  });

  it("adds the chosen quantity (the product page)", () => {
    expect(parseCartForm(form({ intent: "add", productId: "clip-1", quantity: "3" }))).toEqual({
      change: { intent: "add", productId: "clip-1", quantity: 3 },
    });
  });

  it.each([
    ["0", "Quantity must be at least 1."],
    ["-2", "Quantity must be at least 1."],
    ["1.5", "Quantity must be a whole number."],
    ["abc", "Quantity must be a number."],
    ["0x10", "Quantity must be a number."],
    ["1e3", "Quantity must be a number."],
    ["Infinity", "Quantity must be a number."],
    ["1000", "Quantity must be 999 or less."],
  ])("refuses to add quantity %s", (quantity, message) => {
    expect(parseCartForm(form({ intent: "add", productId: "clip-1", quantity }))).toEqual({
      error: message,
      unknownIntent: false,
    });
  });

  it("accepts setting zero or below (it removes the line)", () => {
    expect(parseCartForm(form({ intent: "set", productId: "clip-1", quantity: "0" }))).toEqual({
      change: { intent: "set", productId: "clip-1", quantity: 0 },
    });
  });

  it("reads a whole number with spaces or a sign as written", () => {
    expect(parseCartForm(form({ intent: "set", productId: "clip-1", quantity: " +7 " }))).toEqual({
      change: { intent: "set", productId: "clip-1", quantity: 7 },
    });
    expect(parseCartForm(form({ intent: "set", productId: "clip-1", quantity: "-3" }))).toEqual({
      change: { intent: "set", productId: "clip-1", quantity: -3 },
    });
  });

  it("refuses absurd quantities", () => {
    expect(parseCartForm(form({ intent: "set", productId: "clip-1", quantity: "1e9" }))).toMatchObject({
      unknownIntent: false,
    });
  });

  it("flags an unknown intent", () => {
    expect(parseCartForm(form({ intent: "explode" }))).toEqual({ error: "Unknown cart action.", unknownIntent: true });
    expect(parseCartForm(form({}))).toEqual({ error: "Unknown cart action.", unknownIntent: true });
  });

  it("clears without a product", () => {
    expect(parseCartForm(form({ intent: "clear" }))).toEqual({ change: { intent: "clear" } });
  });

  it.each(["intent", "productId", "quantity"])(
    "refuses %s sent twice with the message the other forms give",
    (name) => {
      const data = form({ intent: "add", productId: "clip-1", quantity: "2" });
      data.append(name, name === "intent" ? "add" : name === "productId" ? "clip-2" : "3");
      expect(parseCartForm(data)).toEqual({ error: REPEATED_FIELD_MESSAGE, unknownIntent: false });
    },
  );
});

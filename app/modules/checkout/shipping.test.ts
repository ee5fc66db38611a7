import { describe, expect, it } from "vitest";

import {
  checkoutTotals,
  chosenShippingMethod,
  findShippingMethod,
  formatThreshold,
  freeShippingLine,
  shippingChoices,
  shippingMethodName,
  shippingMethodProblem,
  shippingRegion,
  type ShippingPrices,
} from "~/modules/checkout/shipping";

/** The rates a new shop starts with (public.shipping_rates' seed); the pages read the database's. */
const prices: ShippingPrices = {
  standard: { amountCents: 999, freeFromCents: 20_000 },
  express: { amountCents: 1999, freeFromCents: null },
  overnight: { amountCents: 3999, freeFromCents: null },
  international: { amountCents: 2999, freeFromCents: null },
};

describe("shipping at checkout", () => {
  it("tells a US address from one abroad, whatever the US is called", () => {
    for (const country of [
      "United States",
      "united states",
      "USA",
      "U.S.",
      "U.S.A.",
      " US ",
      "United States of America",
    ]) {
      expect(shippingRegion(country)).toBe("us");
    }
    for (const country of ["Canada", "France", "United Kingdom", "Australia", "", "Unites States"]) {
      expect(shippingRegion(country)).toBe("international");
    }
  });

  it("offers Standard, Express and Overnight in the US, at the shipping page's rates; Standard is free from $200", () => {
    expect(shippingChoices(prices, "United States", 19_999)).toEqual([
      { id: "standard", name: "Standard", deliveryTime: "5-7 business days", amountCents: 999 },
      { id: "express", name: "Express", deliveryTime: "2-3 business days", amountCents: 1999 },
      { id: "overnight", name: "Overnight", deliveryTime: "1 business day", amountCents: 3999 },
    ]);
    expect(shippingChoices(prices, "USA", 20_000).map((choice) => [choice.id, choice.amountCents])).toEqual([
      ["standard", 0],
      ["express", 1999],
      ["overnight", 3999],
    ]);
  });

  it("offers International alone abroad, at one flat rate, never free", () => {
    expect(shippingChoices(prices, "Canada", 100_000)).toEqual([
      { id: "international", name: "International", deliveryTime: "7-14 business days", amountCents: 2999 },
    ]);
  });

  it("keeps the method asked for when the address may use it, else the region's first", () => {
    expect(chosenShippingMethod("United States", "express")).toBe("express");
    expect(chosenShippingMethod("United States", "international")).toBe("standard");
    expect(chosenShippingMethod("Canada", "express")).toBe("international");
    expect(chosenShippingMethod("United States", undefined)).toBe("standard");
    expect(chosenShippingMethod("United States", "__proto__")).toBe("standard");
  });

  it("says why an address may not use a method, as the database does", () => {
    expect(shippingMethodProblem("United States", "overnight")).toBeNull();
    expect(shippingMethodProblem("Canada", "overnight")).toBe(
      "This shipping method is for US addresses: please choose International shipping.",
    );
    expect(shippingMethodProblem("USA", "international")).toBe(
      "International shipping is for addresses outside the United States.",
    );
    expect(shippingMethodProblem("USA", "free")).toBe("Please choose a shipping method.");
  });

  it("adds shipping to the subtotal; tax stays $0.00", () => {
    expect(checkoutTotals(prices, 2_400, "standard")).toEqual({
      subtotalCents: 2_400,
      shippingCents: 999,
      taxCents: 0,
      totalCents: 3_399,
    });
    expect(checkoutTotals(prices, 59_800, "standard")).toEqual({
      subtotalCents: 59_800,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 59_800,
    });
    expect(checkoutTotals(prices, 59_800, "overnight").totalCents).toBe(63_799);
    expect(checkoutTotals(prices, 59_800, "international").totalCents).toBe(62_799);
  });

  it("prices from the rates it is given: a changed price and threshold are what the page shows", () => {
    const changed = { ...prices, express: { amountCents: 2499, freeFromCents: null } };
    changed.standard = { amountCents: 999, freeFromCents: 15_050 };
    expect(shippingChoices(changed, "USA", 15_050).map((choice) => choice.amountCents)).toEqual([0, 2499, 3999]);
    expect(checkoutTotals(changed, 15_049, "standard").shippingCents).toBe(999);
    expect(freeShippingLine(changed)).toBe("Free shipping on orders over $150.50");
    expect(freeShippingLine(prices, "free shipping")).toBe("free shipping on orders over $200");
    expect(freeShippingLine({ ...prices, standard: { amountCents: 999, freeFromCents: null } })).toBeNull();
    expect(formatThreshold(1_000_000)).toBe("$10,000");
  });

  it("finds only its own methods, and names stored ones", () => {
    expect(findShippingMethod("constructor")).toBeUndefined();
    expect(findShippingMethod("toString")).toBeUndefined();
    expect(shippingMethodName("overnight")).toBe("Overnight");
    expect(shippingMethodName("retired")).toBe("retired");
  });
});

import { describe, expect, it } from "vitest";
import { careFigures, careTopicIds } from "~/content/care";
import { internationalShipping, processingTimes, returnPolicy, shippingOptions } from "~/content/policies";

describe("shipping and returns figures", () => {
  it("offers the spec's shipping options", () => {
    expect(shippingOptions.map(({ method, cost, deliveryTime }) => [method, cost, deliveryTime])).toEqual([
      ["Standard", 9.99, "5-7 business days"],
      ["Express", 19.99, "2-3 business days"],
      ["Overnight", 39.99, "1 business day"],
      ["Free Shipping", 0, "5-7 business days"],
    ]);
    expect(shippingOptions.at(-1)?.note).toBe("Orders over $200; not available internationally");
    expect(internationalShipping.deliveryTime).toBe("7-14 business days");
  });

  it("uses the spec's processing times and return terms", () => {
    expect(processingTimes.map((entry) => entry.time)).toEqual(["1-2 business days", "3-5 business days", "2-3 business days"]);
    expect(returnPolicy.windowDays).toBe(30);
    expect(returnPolicy.refundTime).toBe("5-7 business days");
    expect(returnPolicy.nonReturnable).toHaveLength(5);
  });
});

describe("care figures", () => {
  it("defaults to the Extensions tab", () => {
    expect(careTopicIds[0]).toBe("extensions");
    expect(careTopicIds).toEqual(["extensions", "wigs", "general"]);
  });

  it("matches the spec's lifespans, washing and heat limits", () => {
    expect(careFigures).toEqual({
      clipInLifespan: "6-12 months",
      tapeInLifespan: "6-8 weeks",
      wigLifespan: "12-18 months",
      extensionWashFrequency: "2-3 times a week",
      wigWashFrequency: "every 10-15 wears",
      maxHeat: "350°F",
    });
  });
});

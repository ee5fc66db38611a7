import { describe, expect, it } from "vitest";

import { careFigures, careTopicIds } from "~/content/care";
import { returnPolicy } from "~/content/policies";
import { internationalShipping, processingTimes, shippingMethods } from "~/content/shipping";

describe("shipping and returns figures", () => {
  it("offers the spec's shipping options (their prices are the database's), and International abroad", () => {
    expect(shippingMethods.map(({ id, region, deliveryTime }) => [id, region, deliveryTime])).toEqual([
      ["standard", "us", "5-7 business days"],
      ["express", "us", "2-3 business days"],
      ["overnight", "us", "1 business day"],
      ["international", "international", "7-14 business days"],
    ]);
    expect(internationalShipping.id).toBe("international");
  });

  it("uses the spec's processing times and return terms", () => {
    expect(processingTimes.map((entry) => entry.time)).toEqual([
      "1-2 business days",
      "3-5 business days",
      "2-3 business days",
    ]);
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

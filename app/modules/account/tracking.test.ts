import { describe, expect, test } from "vitest";

import { trackingUrl } from "./tracking";

describe("trackingUrl", () => {
  test("links the usual US carriers, whatever the case or spacing of their names, without the number's spaces", () => {
    expect(trackingUrl("USPS", "9400 1000 0000 0000 0000 00")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
    );
    expect(trackingUrl(" ups ", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingUrl("Fed-Ex", "123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
    expect(trackingUrl("DHL", "JD-0146-0000")).toMatch(/dhl\.com.*tracking-id=JD01460000$/);
  });

  test("has no link for another carrier or a missing number", () => {
    expect(trackingUrl("Royal Mail", "AB123")).toBeNull();
    expect(trackingUrl("UPS", null)).toBeNull();
    expect(trackingUrl(null, "1Z")).toBeNull();
    expect(trackingUrl("UPS", " - ")).toBeNull();
  });
});

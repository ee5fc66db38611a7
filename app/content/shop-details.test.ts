import { afterEach, describe, expect, test } from "vitest";

import { adoptShopDetails, DEFAULT_SHOP_DETAILS, shopDetails, telHref } from "./shop-details";

afterEach(() => {
  globalThis.__shopDetails = undefined;
});

describe("shop details", () => {
  test("default to today's texts until the server adopts the environment's", () => {
    expect(shopDetails()).toEqual(DEFAULT_SHOP_DETAILS);
    adoptShopDetails({ name: " Curl Corner ", email: "hi@curl.example", phone: "", supportHours: undefined });
    expect(shopDetails()).toEqual({ ...DEFAULT_SHOP_DETAILS, name: "Curl Corner", email: "hi@curl.example" });
  });

  test("the phone becomes a dialable link", () => {
    expect(telHref("+1 (310) 555-0142")).toBe("tel:+13105550142");
    expect(telHref("0044 20 7946 0958")).toBe("tel:00442079460958");
  });
});

import { describe, expect, it } from "vitest";

import { SHOPPER_TEXT_MAX_LENGTH, shopperText } from "./shopper-text";

describe("shopperText", () => {
  it.each([
    ["Visit https://evil.example/login now", "Visit https[:]//evil[.]example/login now"],
    ["www.evil.example", "www[.]evil[.]example"],
    ["evil.example/login", "evil[.]example/login"],
    ["mail me at someone@evil.example", "mail me at someone[at]evil[.]example"],
    ["ftp://files.example", "ftp[:]//files[.]example"],
    ["evil\u3002example and evil\uff0eexample", "evil[.]example and evil[.]example"],
  ])("never leaves a link in %j", (typed, shown) => {
    expect(shopperText(typed)).toBe(shown);
  });

  it.each([
    "1 Rodeo Drive",
    "Apt. 4, 2nd floor",
    "Ada Lovelace",
    "90210",
    "+1 (555) 123-4567",
    "12.5 Main St",
    "São Paulo",
  ])("leaves an ordinary address line %j as typed", (typed) => {
    expect(shopperText(typed)).toBe(typed);
  });

  it("puts a line typed with breaks on one line", () => {
    expect(shopperText("1 Rodeo Drive\n\nURGENT: your account\r\nis locked")).toBe(
      "1 Rodeo Drive URGENT: your account is locked",
    );
  });

  it("caps a long line with an ellipsis", () => {
    const shown = shopperText("x".repeat(500));
    expect(shown).toHaveLength(SHOPPER_TEXT_MAX_LENGTH);
    expect(shown.endsWith("\u2026")).toBe(true);
  });
});

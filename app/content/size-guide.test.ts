import { describe, expect, it } from "vitest";

import { extensionLengths, formatCentimeters, formatInches, weightGuide, wigCapSizes } from "~/content/size-guide";

describe("size guide figures", () => {
  it("matches the spec's lengths, cap sizes and weights", () => {
    expect(extensionLengths.map((length) => `${length.name} ${formatInches(length)}`)).toEqual([
      "Short 12-14 in",
      "Medium 16-18 in",
      "Long 20-22 in",
      "Extra Long 24-26 in",
    ]);
    expect(wigCapSizes.map((size) => `${size.name} ${formatInches(size)}`)).toEqual([
      "Petite 20.5-21.5 in",
      "Average 21.5-22.5 in",
      "Large 22.5-23.5 in",
    ]);
    expect(weightGuide.map((weight) => weight.grams)).toEqual(["80-120g", "120-160g", "160-200g"]);
  });

  it("converts inches to whole centimeters", () => {
    expect(formatCentimeters({ name: "Short", minInches: 12, maxInches: 14, description: "" })).toBe("30-36 cm");
    expect(formatCentimeters({ name: "Petite", minInches: 20.5, maxInches: 21.5, description: "" })).toBe("52-55 cm");
  });
});

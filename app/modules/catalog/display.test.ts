import { describe, expect, it } from "vitest";

import { filledStars } from "~/modules/catalog/display";

describe("filledStars", () => {
  it.each([
    [4.8, 4],
    [5, 5],
    [4.0, 4],
    [0.9, 0],
    [7, 5],
  ])("draws %s as %s stars", (rating, stars) => {
    expect(filledStars(rating)).toBe(stars);
  });
});

import { describe, expect, test } from "vitest";

import { periodTotals, revenueBars } from "./overview";

const days = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, "0")}`,
  count: index % 3,
  revenue: index === 29 ? 5_000 : index >= 23 ? 1_000 : 100,
}));

describe("periodTotals", () => {
  test("today is the last day; the week its last 7; the month all 30", () => {
    const totals = periodTotals(days);
    expect(totals.today).toEqual({ count: 29 % 3, revenue: 5_000 });
    expect(totals.week).toEqual({
      count: [23, 24, 25, 26, 27, 28, 29].reduce((sum, index) => sum + (index % 3), 0),
      revenue: 6 * 1_000 + 5_000,
    });
    expect(totals.month.revenue).toBe(23 * 100 + 6 * 1_000 + 5_000);
  });
});

describe("revenueBars", () => {
  test("scales each day to the largest, inside the drawing, one slot per day", () => {
    const { bars, maxRevenue } = revenueBars(days, 300, 100);
    expect(maxRevenue).toBe(5_000);
    expect(bars).toHaveLength(30);
    expect(bars[29]).toMatchObject({ y: 0, height: 100 });
    expect(bars[23]).toMatchObject({ y: 80, height: 20 });
    expect(bars[0]?.x).toBeGreaterThanOrEqual(0);
    expect((bars[29]?.x ?? 0) + (bars[29]?.width ?? 0)).toBeLessThanOrEqual(300);
  });

  test("days without revenue are hairlines", () => {
    const { bars, maxRevenue } = revenueBars(
      days.map((day) => ({ ...day, revenue: 0 })),
      300,
      100,
    );
    expect(maxRevenue).toBe(0);
    expect(bars.every((bar) => bar.height === 1 && bar.y === 99)).toBe(true);
  });
});

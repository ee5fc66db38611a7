// The overview's figures and its chart, from the daily rows the database counts (StaffOverview.days).

import type { StaffOverview } from "~/backend/ports/staff";

export interface PeriodTotals {
  count: number;
  /** Cents. */
  revenue: number;
}

/** Today (the last day), the last 7 and the last 30 days. */
export function periodTotals(days: StaffOverview["days"]): {
  today: PeriodTotals;
  week: PeriodTotals;
  month: PeriodTotals;
} {
  const sum = (slice: StaffOverview["days"]) =>
    slice.reduce((total, day) => ({ count: total.count + day.count, revenue: total.revenue + day.revenue }), {
      count: 0,
      revenue: 0,
    });
  return { today: sum(days.slice(-1)), week: sum(days.slice(-7)), month: sum(days.slice(-30)) };
}

export interface ChartBar {
  day: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One bar per day, scaled to the largest day's revenue, in an SVG of `width` x `height` user units (drawn on the
 * server: no script). A day without revenue gets a hairline, so the days stay countable.
 */
export function revenueBars(
  days: StaffOverview["days"],
  width: number,
  height: number,
): { bars: ChartBar[]; maxRevenue: number } {
  const maxRevenue = Math.max(0, ...days.map((day) => day.revenue));
  const slot = days.length > 0 ? width / days.length : width;
  const gap = Math.min(2, slot / 4);
  const bars = days.map((day, index) => {
    const barHeight = maxRevenue > 0 ? Math.max(1, (day.revenue / maxRevenue) * height) : 1;
    return {
      day: day.day,
      x: round(index * slot + gap / 2),
      y: round(height - barHeight),
      width: round(slot - gap),
      height: round(barHeight),
    };
  });
  return { bars, maxRevenue };
}

const round = (value: number) => Math.round(value * 100) / 100;

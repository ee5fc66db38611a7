import { describe, expect, it } from "vitest";

import { afterFailure, defaultRetryPolicy } from "./retry";

const createdAt = new Date("2026-01-01T00:00:00Z");
const at = (ms: number) => new Date(createdAt.getTime() + ms);

describe("afterFailure", () => {
  it("waits 30 s after the first failure and doubles the wait after each further one", () => {
    const waits = [1, 2, 3, 4].map((attempts) => {
      const next = afterFailure(defaultRetryPolicy, { attempts, createdAt, now: at(1000) });
      if (next.giveUp) throw new Error("gave up");
      return next.retryAt.getTime() - at(1000).getTime();
    });
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it("never waits more than an hour", () => {
    const next = afterFailure(defaultRetryPolicy, { attempts: 40, createdAt, now: at(1000) });
    expect(next).toEqual({ giveUp: false, retryAt: at(1000 + 60 * 60_000) });
  });

  it("gives up a day after the message was written, not before", () => {
    const day = 24 * 60 * 60_000;
    expect(afterFailure(defaultRetryPolicy, { attempts: 20, createdAt, now: at(day - 1) }).giveUp).toBe(false);
    expect(afterFailure(defaultRetryPolicy, { attempts: 20, createdAt, now: at(day) }).giveUp).toBe(true);
  });
});

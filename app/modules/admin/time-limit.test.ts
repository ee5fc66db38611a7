import { describe, expect, test } from "vitest";

import { TimeLimitExceeded, withinTimeLimit } from "./time-limit";

describe("withinTimeLimit", () => {
  test("passes every item on while within the limit, then fails and closes the source", async () => {
    let clock = 0;
    let closed = false;
    async function* source() {
      try {
        for (let item = 1; item <= 5; item += 1) {
          yield item;
          clock += 400;
        }
      } finally {
        closed = true;
      }
    }
    const seen: number[] = [];
    const reading = (async () => {
      for await (const item of withinTimeLimit(source(), 1_000, () => clock)) seen.push(item);
    })();
    await expect(reading).rejects.toBeInstanceOf(TimeLimitExceeded);
    // 1 at 0 ms, 2 at 400, 3 at 800; the fourth comes at 1,200 ms, past the limit.
    expect(seen).toEqual([1, 2, 3]);
    expect(closed).toBe(true);
  });

  test("a source that ends in time ends normally", async () => {
    async function* source() {
      yield "a";
      yield "b";
    }
    const seen: string[] = [];
    for await (const item of withinTimeLimit(source(), 1_000, () => 0)) seen.push(item);
    expect(seen).toEqual(["a", "b"]);
  });
});

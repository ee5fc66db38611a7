import { describe, expect, test } from "vitest";

import { welcomeCodeNote } from "./welcome-code";

describe("welcomeCodeNote", () => {
  test("what the code gives, that it works once and until when", () => {
    expect(
      welcomeCodeNote({
        code: "WELCOME-1",
        kind: "percent",
        percent_off: 10,
        amount_off_cents: null,
        ends_on: "2026-12-31",
      }),
    ).toBe("10% off your next order: type it at the cart or checkout. It works once, until December 31, 2026.");
    expect(
      welcomeCodeNote({ code: "WELCOME-2", kind: "amount", percent_off: null, amount_off_cents: 500, ends_on: null }),
    ).toBe("$5.00 off your next order: type it at the cart or checkout. It works once.");
  });
});

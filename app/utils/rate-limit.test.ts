import { expect, test } from "vitest";
import { formatWait } from "./rate-limit";

test("formatWait rounds up to the unit a shopper reads", () => {
  expect(formatWait(0.2)).toBe("1 second");
  expect(formatWait(1)).toBe("1 second");
  expect(formatWait(45)).toBe("45 seconds");
  expect(formatWait(60)).toBe("1 minute");
  expect(formatWait(61)).toBe("2 minutes");
  expect(formatWait(3599)).toBe("60 minutes");
  expect(formatWait(3600)).toBe("1 hour");
  expect(formatWait(7201)).toBe("3 hours");
});

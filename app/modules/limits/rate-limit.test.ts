import { expect, test } from "vitest";

import { clientKey, formatWait } from "./rate-limit";

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

test("clients are counted by IPv4 address, and by /64 for IPv6 (one subscriber's whole block)", () => {
  expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  expect(clientKey("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:8d3::/64");
  expect(clientKey("2001:db8:85a3:8d3:ffff::1")).toBe(clientKey("2001:db8:85a3:8d3:1319:8a2e:370:7348"));
  expect(clientKey("2001:0db8::1")).toBe("2001:db8:0:0::/64");
  expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(clientKey("::1")).toBe("0:0:0:0::/64");
  expect(clientKey("2001:db8:85a3:8d4::1")).not.toBe(clientKey("2001:db8:85a3:8d3::1"));
});

import { describe, expect, test } from "vitest";

import { defaultScryptCost, hashPassword, verifyPassword } from "./passwords.server";

describe("passwords", () => {
  test("scrypt with the memory-hard default cost, parameters stored with a random salt", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(
      new RegExp(`^scrypt\\$${defaultScryptCost.N}\\$8\\$5\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`),
    );
    // OWASP's equivalent settings trade memory (128 * N * r bytes) for passes (p) at a constant N * p of 2^16 or more
    // (N=2^17 p=1 aside); each still needs at least 8 MiB.
    expect(defaultScryptCost.r).toBe(8);
    expect(defaultScryptCost.N * defaultScryptCost.p).toBeGreaterThanOrEqual(5 * 2 ** 14);
    expect(128 * defaultScryptCost.N * defaultScryptCost.r).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  test("a hash made at another cost still verifies (the cost can rise later)", async () => {
    const cheap = await hashPassword("pw-12345678", { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("pw-12345678", cheap)).toBe(true);
    // The previous default, N=2^15 r=8 p=1.
    const previous = await hashPassword("pw-12345678", { N: 2 ** 15, r: 8, p: 1 });
    expect(await verifyPassword("pw-12345678", previous)).toBe(true);
  });

  test("no hash or a malformed one never matches", async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    expect(await verifyPassword("", null, cost)).toBe(false);
    expect(await verifyPassword("x", "plain-text", cost)).toBe(false);
    expect(await verifyPassword("x", "scrypt$a$b$c$d$e", cost)).toBe(false);
  });
});

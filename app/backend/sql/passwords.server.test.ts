import { describe, expect, test } from "vitest";
import { defaultScryptCost, hashPassword, verifyPassword } from "./passwords.server";

describe("passwords", () => {
  test("scrypt with the memory-hard default cost, parameters stored with a random salt", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(new RegExp(`^scrypt\\$${defaultScryptCost.N}\\$8\\$1\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`));
    expect(128 * defaultScryptCost.N * defaultScryptCost.r).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
  });

  test("a hash made at another cost still verifies (the cost can rise later)", async () => {
    const cheap = await hashPassword("pw-12345678", { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword("pw-12345678", cheap)).toBe(true);
  });

  test("no hash or a malformed one never matches", async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    expect(await verifyPassword("", null, cost)).toBe(false);
    expect(await verifyPassword("x", "plain-text", cost)).toBe(false);
    expect(await verifyPassword("x", "scrypt$a$b$c$d$e", cost)).toBe(false);
  });
});

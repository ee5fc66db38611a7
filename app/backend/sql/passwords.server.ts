import crypto from "node:crypto";

import { createHashGate } from "./hash-gate.server";
import { scryptOnThread } from "./scrypt-thread.server";

/** scrypt cost: N (CPU and memory), r (block size), p (parallelism). Memory used is 128 * N * r bytes. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * One of OWASP's equivalent scrypt settings (Password Storage Cheat Sheet: N=2^17 r=8 p=1, ..., N=2^14 r=8 p=5):
 * 16 MiB per hash, memory-hard enough to make guessing expensive on GPUs, and 0.3-0.4 s of CPU here. Earlier hashes
 * (N=2^15 r=8 p=1: 32 MiB, below OWASP's line) still verify. The lower memory matters on a small host: up to four
 * hashes could run at once, beside the shop (decision 0010); each runs on a thread kept for hashing (scrypt-thread.server.ts).
 */
export const defaultScryptCost: ScryptCost = { N: 2 ** 14, r: 8, p: 5 };

const KEY_LENGTH = 32;

/**
 * Password hashing limits for this process: one hash at a time leaves the other core to the pages during a flood
 * of sign-ins (measured by `npm run bench:sign-in-flood`); 16 more wait (~5 s), and beyond that sign-ins are
 * refused with 429 until the queue drains. PASSWORD_HASH_CONCURRENCY raises the first on a bigger host.
 */
export const passwordHashLimits = {
  concurrency: Math.max(1, Number(process.env.PASSWORD_HASH_CONCURRENCY) || 1),
  maxQueued: 16,
} as const;

const hashGate = createHashGate(passwordHashLimits);

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return hashGate.run(() => scryptNow(password, salt, cost));
}

function scryptNow(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // Off the event loop, on a thread of its own (scrypt-thread.server.ts: libuv's pool kept 16 MiB per thread).
  return scryptOnThread(
    password.normalize("NFKC"),
    salt,
    KEY_LENGTH,
    { ...cost, maxmem: 256 * cost.N * cost.r },
    passwordHashLimits.concurrency,
  );
}

/** "scrypt$N$r$p$salt$hash": the parameters travel with the hash, so the cost can rise later. */
export async function hashPassword(password: string, cost: ScryptCost = defaultScryptCost): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/**
 * True when `password` matches `stored`. With no stored hash (unknown address, Google-only account) it
 * still spends one hash, so response times do not reveal which addresses have accounts.
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  costForMissingHash: ScryptCost = defaultScryptCost,
): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : null;
  if (!parsed) {
    await scrypt(password, crypto.randomBytes(16), costForMissingHash);
    return false;
  }
  const key = await scrypt(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && crypto.timingSafeEqual(key, parsed.key);
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const [scheme, N, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !key) return null;
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger)) return null;
  return { cost, salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64") };
}

import type { AppLoadContext } from "@remix-run/node";

import { getBackend } from "~/backend/backend.server";
import type { RateLimitRule } from "~/backend/ports/rate-limits";
import { clientKey, formatWait } from "~/modules/limits/rate-limit";
import { getEnv } from "~/site/env.server";
import { floodGate } from "./flood-gate.server";

/**
 * Per-client limits on the posts that cost the shop (a password hash, an e-mail, an order), all in one place.
 * A shopper never meets them; a script posting from one address does. Each action counts one hit per valid
 * form (an invalid one costs nothing and is answered with 400 first). RATE_LIMITS=off turns them off.
 */
export const rateLimitRules = {
  signIn: [
    { name: "sign-in", points: 10, durationSeconds: 60 },
    { name: "sign-in-hourly", points: 100, durationSeconds: 60 * 60 },
  ],
  signUp: [
    { name: "sign-up", points: 5, durationSeconds: 60 },
    { name: "sign-up-hourly", points: 30, durationSeconds: 60 * 60 },
  ],
  forgotPassword: [
    { name: "forgot-password", points: 5, durationSeconds: 60 },
    { name: "forgot-password-hourly", points: 30, durationSeconds: 60 * 60 },
  ],
  checkout: [
    { name: "checkout", points: 20, durationSeconds: 60 },
    { name: "checkout-hourly", points: 200, durationSeconds: 60 * 60 },
  ],
  // Each subscription queues a confirmation e-mail to whatever address was typed.
  newsletter: [
    { name: "newsletter", points: 5, durationSeconds: 60 },
    { name: "newsletter-hourly", points: 30, durationSeconds: 60 * 60 },
  ],
  resendConfirmation: [
    { name: "resend-confirmation", points: 5, durationSeconds: 60 },
    { name: "resend-confirmation-hourly", points: 30, durationSeconds: 60 * 60 },
  ],
  // Each try of a discount code looks it up: a shopper applies a code or two, a script guessing codes meets this
  // (decision 0042). Counted before the lookup, right or wrong, so a refused try costs no database read.
  discountCode: [
    { name: "discount-code", points: 10, durationSeconds: 60 },
    { name: "discount-code-hourly", points: 40, durationSeconds: 60 * 60 },
  ],
  // Each try checks a guess of the current password (a hash, like a sign-in).
  changePassword: [
    { name: "change-password", points: 5, durationSeconds: 60 },
    { name: "change-password-hourly", points: 30, durationSeconds: 60 * 60 },
  ],
} as const satisfies Record<string, readonly RateLimitRule[]>;

export type RateLimitedAction = keyof typeof rateLimitRules;

/**
 * Per-account limits, for posts that only a signed-in member can make: a stolen session guessing from many
 * addresses meets these where it would dodge the per-client ones.
 */
export const accountRateLimitRules = {
  changePassword: [{ name: "change-password-account", points: 10, durationSeconds: 60 * 60 }],
  // The back office's share of the shop (decision 0035). A search, a filter or a page of the orders list is one
  // count, one page of orders and a page to render: a person reads a page in seconds, a script asks for dozens a
  // second. Two a second at most, so that a burst is never more than two pages' work.
  staffSearch: [
    { name: "staff-search", points: 2, durationSeconds: 1 },
    { name: "staff-search-minute", points: 30, durationSeconds: 60 },
    { name: "staff-search-hourly", points: 600, durationSeconds: 60 * 60 },
  ],
  // A CSV export reads every order the filter shows (10,000 orders: ~50 pages, ~1 s of the database).
  staffExport: [
    { name: "staff-export", points: 5, durationSeconds: 5 * 60 },
    { name: "staff-export-hourly", points: 20, durationSeconds: 60 * 60 },
  ],
} as const satisfies Record<string, readonly RateLimitRule[]>;

export type AccountRateLimitedAction = keyof typeof accountRateLimitRules;

const accountRefusals: Record<AccountRateLimitedAction, string> = {
  changePassword: "Too many attempts for this account.",
  staffSearch: "Too many searches from your account.",
  staffExport: "Too many exports from your account.",
};

/**
 * Tasks an account runs one at a time, and for how long at most: a lease of one point (a rate-limit rule), taken
 * when the task starts and given back when it ends, or expired after that time should the process die first.
 * Counted where the other limits are, so that on PostgreSQL every instance sees the same lease.
 */
export const accountLeases = {
  // Within EXPORT_TIME_LIMIT_SECONDS (modules/admin/fair-share.server.ts) an export ends or is stopped.
  staffExport: { name: "staff-export-running", points: 1, durationSeconds: 5 * 60 + 30 },
} as const satisfies Record<string, RateLimitRule>;

export type AccountLease = keyof typeof accountLeases;

export interface RateLimitRefusal {
  retryAfterSeconds: number;
  /** For the page: what happened and when to try again. */
  message: string;
  /** Retry-After, for the 429 response. */
  headers: Record<string, string>;
}

/**
 * Counts this post against its action's limits for the client's address (server.js puts Express's `req.ip` in
 * the load context: the socket's peer, or with TRUST_PROXY=true the address X-Forwarded-For names). Null when
 * the post may go on; else a refusal to answer with status 429.
 */
export async function refusedByRateLimit(
  context: AppLoadContext,
  action: RateLimitedAction,
): Promise<RateLimitRefusal | null> {
  // No address (a route called outside server.js): nothing to count per client, and one shared bucket for
  // every such call would turn a per-client limit into a global one.
  if (!context.clientIp) return null;
  const refusal = await refusedPastLimits(
    rateLimitRules[action],
    clientKey(context.clientIp),
    "Too many attempts from your network.",
  );
  // This answer is the friendly one; until it may retry, the client's further posts here are refused before Remix.
  if (refusal && context.requestPath)
    floodGate().close(context.clientIp, context.requestPath, refusal.retryAfterSeconds);
  return refusal;
}

/** Counts this post against its action's limits for the signed-in account, wherever it comes from. */
export async function refusedByAccountRateLimit(
  userId: string,
  action: AccountRateLimitedAction,
): Promise<RateLimitRefusal | null> {
  return refusedPastLimits(accountRateLimitRules[action], `account:${userId}`, accountRefusals[action]);
}

/**
 * Takes the account's lease on `task`: its release function, or the seconds until the lease held by the running
 * task expires (it is released sooner when that task ends). With RATE_LIMITS=off too: this bounds what runs at
 * once, not how often.
 */
export async function takeAccountLease(
  userId: string,
  task: AccountLease,
): Promise<{ release: () => Promise<void> } | { heldForSeconds: number }> {
  const { rateLimits } = await getBackend();
  const rule = accountLeases[task];
  const key = `account:${userId}`;
  const heldForSeconds = await rateLimits.hit([rule], key);
  if (heldForSeconds > 0) return { heldForSeconds };
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await rateLimits.release(rule, key);
    },
  };
}

/** One hit on `rules` for `key`: null while within them (or with RATE_LIMITS=off), else the refusal saying `what`. */
async function refusedPastLimits(
  rules: readonly RateLimitRule[],
  key: string,
  what: string,
): Promise<RateLimitRefusal | null> {
  if (getEnv().RATE_LIMITS === "off") return null;
  const { rateLimits } = await getBackend();
  const retryAfterSeconds = await rateLimits.hit(rules, key);
  return retryAfterSeconds === 0 ? null : tooManyRequests(retryAfterSeconds, what);
}

/** The 429 answer's parts, for a limit of ours or the backend's own throttle. */
export function tooManyRequests(retryAfterSeconds: number, what: string): RateLimitRefusal {
  return {
    retryAfterSeconds,
    message: `${what} Please try again in ${formatWait(retryAfterSeconds)}.`,
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

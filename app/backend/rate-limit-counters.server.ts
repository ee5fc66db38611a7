import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

import type { RateLimitRule, RateLimitsPort } from "~/backend/ports/rate-limits";

/** Builds the counter of one rule; `keyPrefix` keeps the rules apart in a shared store. */
export type LimiterFactory = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export const memoryLimiter: LimiterFactory = (options) => new RateLimiterMemory(options);

/**
 * rate-limiter-flexible counters behind the port: one limiter per rule, made on first use. Memory counters
 * count per process; a shared store (PostgreSQL) counts for every instance.
 */
export function createRateLimits({
  shared,
  limiterFor,
}: {
  shared: boolean;
  limiterFor: LimiterFactory;
}): RateLimitsPort {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterOf = (rule: RateLimitRule) => {
    // Same name, other numbers (tests lower them): a counter of its own.
    const id = `${rule.name}:${rule.points}:${rule.durationSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = limiterFor({ keyPrefix: id, points: rule.points, duration: rule.durationSeconds });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    shared,
    async hit(rules, key) {
      const waits = await Promise.all(
        rules.map((rule) =>
          limiterOf(rule)
            .consume(key)
            .then(
              () => 0,
              (refusal: unknown) => {
                if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
                // The store failed (and so did its insurance): serve rather than refuse everybody.
                console.warn("Rate limit counter failed; letting the request through:", refusal);
                return 0;
              },
            ),
        ),
      );
      return Math.max(0, ...waits);
    },
    async release(rule, key) {
      await limiterOf(rule)
        .delete(key)
        .catch((error: unknown) => console.warn("Rate limit counter failed to release; it expires by itself:", error));
    },
  };
}

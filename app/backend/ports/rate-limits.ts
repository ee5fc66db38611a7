// Counters for per-client limits (sign-in floods, the back office's fair share: decisions 0015, 0035).

/** At most `points` hits per `durationSeconds` for one key (e.g. one client address). */
export interface RateLimitRule {
  /** Names the counter: rules with the same name share it. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface RateLimitsPort {
  /** True when the counters live in the database, so that every app instance counts together. */
  readonly shared: boolean;
  /**
   * Counts one hit for `key` against every rule. Returns 0 when all allow it, else the seconds until the
   * strictest refusing rule allows again. A counter store that fails lets the hit through (and logs it).
   */
  hit(rules: readonly RateLimitRule[], key: string): Promise<number>;
  /** Forgets the hits of `key` on `rule`: a rule of one point held for a task's length is a lease it gives back. */
  release(rule: RateLimitRule, key: string): Promise<void>;
}

// When a durable queue's failed attempt is tried again (a doubling back-off), and when it gives up: the mail
// sender's (decision 0016, the default policy) and the refund worker's (decision 0033). Pure, tested beside.

export interface RetryPolicy {
  /** The wait after the first failure; it doubles with each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A message still undelivered this long after it was written is given up (and logged). */
  giveUpAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/** After failed attempt number `attempts` (1 for the first) of a message written at `createdAt`. */
export function afterFailure(
  policy: RetryPolicy,
  { attempts, createdAt, now }: { attempts: number; createdAt: Date; now: Date },
): { giveUp: true } | { giveUp: false; retryAt: Date } {
  if (now.getTime() - createdAt.getTime() >= policy.giveUpAfterMs) return { giveUp: true };
  const delay = Math.min(policy.firstDelayMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)), policy.maxDelayMs);
  return { giveUp: false, retryAt: new Date(now.getTime() + delay) };
}

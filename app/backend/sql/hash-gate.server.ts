import { BackendError } from "~/backend/errors";

/**
 * At most `concurrency` jobs at once, the next `maxQueued` waiting in order, anything beyond refused at once
 * (BackendError "too_many_attempts", which routes answer with 429). Password hashing goes through one: scrypt
 * takes a core for ~0.3 s, and a flood of sign-ins would otherwise take every core from the pages. The back
 * office's statements go through another (back-office-gate.server.ts).
 */
export function createHashGate({
  concurrency,
  maxQueued,
  busyMessage = "Too many sign-ins at the moment. Try again in a few seconds.",
}: {
  concurrency: number;
  maxQueued: number;
  /** What a refusal says (the 429 page shows it). */
  busyMessage?: string;
}) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) {
          throw new BackendError("too_many_attempts", busyMessage, { retryAfterSeconds: HASH_GATE_RETRY_SECONDS });
        }
        // The slot passes straight from the job that ends to this one (running stays the same).
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
    /** Jobs running and waiting, for tests and benchmarks. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}

export type HashGate = ReturnType<typeof createHashGate>;

/** Seconds a refused hash suggests waiting (Retry-After): about what the queue takes to drain. */
export const HASH_GATE_RETRY_SECONDS = 5;

// The sign-in lockout of the SQL backends: failed passwords are counted per address in auth.sign_in_failures, and
// past a few, that address waits longer and longer before it may try again.
import { BackendError } from "~/backend/errors";
import type { SqlDatabase, SqlExecutor } from "./sql-database";

/** Sign-in throttle per address: after this many failures within the window, wait before trying again. */
export const signInThrottle = {
  freeFailures: 5,
  windowMinutes: 15,
  firstLockSeconds: 30,
  maxLockSeconds: 15 * 60,
} as const;

/** How long the address must still wait before it may try a password again: 0 when it may now. */
export async function lockedSecondsLeft(db: SqlDatabase, email: string, now: () => Date): Promise<number> {
  const [row] = await db.query<{ locked_until: string | Date | null }>(
    "select locked_until from auth.sign_in_failures where email = $1",
    [email],
  );
  if (!row?.locked_until) return 0;
  return Math.max(0, Math.ceil((new Date(row.locked_until).getTime() - now().getTime()) / 1000));
}

/** Failures counted before the window and no longer locking: they count for nothing (recordFailure resets them). */
async function purgeExpiredFailures(tx: SqlExecutor, windowStart: Date, at: Date): Promise<void> {
  await tx.query(
    "delete from auth.sign_in_failures where first_failed_at < $1 and (locked_until is null or locked_until <= $2)",
    [windowStart, at],
  );
}

/** Counts a wrong password for the address, and locks it once it has failed too often. */
export async function recordFailure(db: SqlDatabase, email: string, at: Date): Promise<void> {
  const windowStart = new Date(at.getTime() - signInThrottle.windowMinutes * 60_000);
  await db.transaction(async (tx) => {
    // Rows of addresses that stopped failing expire here, so a flood of made-up addresses does not pile up.
    await purgeExpiredFailures(tx, windowStart, at);
    const [row] = await tx.query<{ failures: number }>(
      `insert into auth.sign_in_failures as f (email, failures, first_failed_at) values ($1, 1, $2)
       on conflict (email) do update set
         failures = case when f.first_failed_at < $3 then 1 else f.failures + 1 end,
         first_failed_at = case when f.first_failed_at < $3 then $2 else f.first_failed_at end
       returning failures`,
      [email, at, windowStart],
    );
    const failures = row?.failures ?? 1;
    if (failures >= signInThrottle.freeFailures) {
      // Doubles with every further failure: 30 s, 1 min, 2 min, ... at most 15 min.
      const seconds = Math.min(
        signInThrottle.firstLockSeconds * 2 ** (failures - signInThrottle.freeFailures),
        signInThrottle.maxLockSeconds,
      );
      await tx.query("update auth.sign_in_failures set locked_until = $2 where email = $1", [
        email,
        new Date(at.getTime() + seconds * 1000),
      ]);
    }
  });
}

/** The right password: the address starts again with no failures. */
export async function clearFailures(db: SqlExecutor, email: string): Promise<void> {
  await db.query("delete from auth.sign_in_failures where email = $1", [email]);
}

export function throttledError(seconds: number): BackendError {
  const wait = seconds <= 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  return new BackendError("too_many_attempts", `Too many failed sign-in attempts. Try again in ${wait}.`, {
    retryAfterSeconds: seconds,
  });
}

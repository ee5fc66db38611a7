import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";

import { BackendError } from "~/backend/errors";

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * The holder refreshes the lock's mtime every UPDATE_MS; a lock not refreshed for STALE_MS belongs to a process
 * that is gone (killed, or its container rescheduled), whatever its PID or hostname was. Decision 0014.
 */
export const LOCK_STALE_MS = 15_000;
const LOCK_UPDATE_MS = 5_000;
/** A restart right after a crash waits here for the dead holder's lock to go stale: one try of a restart policy. */
const LOCK_WAIT_MS = LOCK_STALE_MS + 5_000;

/** Locks this process holds: a second opener here is refused at once rather than after the wait. */
const heldHere = new Set<string>();

/**
 * PGlite is a single-process database: a second process writing the same directory corrupts it. `proper-lockfile`
 * keeps it out: an atomic mkdir of `lockPath`, its mtime refreshed while we run (decision 0014).
 */
export async function acquireDataDirLock(
  lockPath: string,
  { onWait = () => {} }: { onWait?: (message: string) => void } = {},
): Promise<DataDirLock> {
  const dataDir = path.dirname(lockPath);
  if (heldHere.has(lockPath)) {
    throw new BackendError(
      "unavailable",
      `The embedded database in ${dataDir} is already open in this process. Set DATA_DIR to another directory.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const options: lockfile.LockOptions = {
    lockfilePath: lockPath,
    // The locked "file" is the directory itself; no realpath, so a missing database directory is fine.
    realpath: false,
    stale: LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    // Another process took the lock over (our event loop was blocked past the stale time, or someone removed it):
    // two writers would corrupt the database, so this one stops at once and a restart policy brings it back.
    onCompromised: (error) => {
      process.stderr.write(
        `The embedded database lock ${lockPath} was lost (${error.message}); stopping to protect the data.\n`,
      );
      process.exit(1);
    },
  };

  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    onWait(
      `The embedded database in ${dataDir} is locked; waiting up to ${LOCK_WAIT_MS / 1000} s ` +
        `(a lock left by a crashed process frees itself within ${LOCK_STALE_MS / 1000} s).`,
    );
    try {
      release = await lockfile.lock(dataDir, {
        ...options,
        retries: { retries: LOCK_WAIT_MS / 1000, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== "ELOCKED") throw retryError;
      throw new BackendError(
        "unavailable",
        `The embedded database in ${dataDir} is in use by another running shop process (its lock ${lockPath} ` +
          `is still being refreshed). Stop the other shop process, or set DATA_DIR to another directory.`,
      );
    }
  }

  heldHere.add(lockPath);
  let released = false;
  return {
    path: lockPath,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(lockPath);
      // Already gone (compromised, or removed by hand): nothing of ours to release.
      await release().catch(() => {});
    },
  };
}

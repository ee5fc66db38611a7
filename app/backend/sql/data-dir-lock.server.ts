import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BackendError } from "~/backend/errors";

interface LockOwner {
  pid: number;
  hostname: string;
  acquiredAt: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * PGlite is a single-process database: a second process writing the same directory corrupts it.
 * An exclusive lock file (created with O_EXCL) holding the owner's pid keeps a second opener out with a
 * clear error; a lock left by a process that no longer runs on this host is stale and taken over.
 */
export function acquireDataDirLock(lockPath: string): DataDirLock {
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const owner: LockOwner = { pid: process.pid, hostname: os.hostname(), acquiredAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(owner), { flag: "wx" });
      return createLock(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }

    const holder = readLockOwner(lockPath);
    if (holder && isAlive(holder)) {
      const who = holder.pid === process.pid ? "this process (it is already open)" : `process ${holder.pid}`;
      throw new BackendError(
        "unavailable",
        `The embedded database in ${path.dirname(lockPath)} is in use by ${who}. ` +
          `Stop the other shop process, or set DATA_DIR to another directory. ` +
          `If no such process runs, delete ${lockPath}.`,
      );
    }
    // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
    fs.rmSync(lockPath, { force: true });
  }
  throw new BackendError("unavailable", `Could not lock ${lockPath}: another process keeps taking it.`);
}

function createLock(lockPath: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    // Only remove our own lock, never one a later owner wrote after a takeover.
    if (readLockOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
  };
  // Best effort on a normal exit; after a crash the pid check finds the lock stale.
  process.on("exit", release);
  return { path: lockPath, release };
}

function readLockOwner(lockPath: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(lockPath, "utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      typeof (parsed as LockOwner).pid === "number" &&
      typeof (parsed as LockOwner).hostname === "string"
    ) {
      return parsed as LockOwner;
    }
    return null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  // A pid means nothing on another host (a data directory on a shared volume): treat it as held.
  if (owner.hostname !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

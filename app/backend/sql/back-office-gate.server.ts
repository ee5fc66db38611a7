import { createHashGate, type HashGate } from "./hash-gate.server";
import type { SqlDatabase } from "./sql-database";

/**
 * The back office's statements take turns (decision 0035). The embedded database runs inside this process, on the
 * event loop's thread, one statement at a time, and its lock hands over to the next waiting statement without
 * returning to the event loop: twenty searches and exports queued there kept a shopper's request waiting for all
 * of them (issue 36: /shop 27 ms idle, 1,750 ms under one staff session's load). Through this gate at most
 * `concurrency` of them run at once, and each starts on a turn of the event loop of its own, so a shopper's
 * request waits for one of them at most. On PostgreSQL it keeps half the pool's connections for the shop.
 */
const gates = new WeakMap<SqlDatabase, HashGate>();

/** Waiting statements beyond these are refused (429); the per-account limits keep a session far below it. */
const MAX_QUEUED = 64;

export function backOfficeGate(db: SqlDatabase): HashGate {
  let gate = gates.get(db);
  if (!gate) {
    gate = createHashGate({
      concurrency: Math.max(1, Math.floor(db.connections / 2)),
      maxQueued: MAX_QUEUED,
      busyMessage: "The back office is busy. Please try again in a few seconds.",
    });
    gates.set(db, gate);
  }
  return gate;
}

/** Resolves after the event loop's next turn: I/O waiting meanwhile (a shopper's request) is handled first. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs one back-office statement through the database's gate, on a turn of the event loop of its own. */
export function inBackOfficeTurn<T>(db: SqlDatabase, statement: () => Promise<T>): Promise<T> {
  return backOfficeGate(db).run(async () => {
    await yieldToEventLoop();
    return statement();
  });
}

import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "./data-dir-lock.server";
import type { SqlDatabase, SqlExecutor } from "./sql-database";

/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) persisted in `<dataDir>/pglite`,
 * locked against a second process (`<dataDir>/pglite.lock`).
 */
export async function openPGliteDatabase(dataDir: string): Promise<SqlDatabase> {
  const databaseDir = path.join(dataDir, "pglite");
  const lock = acquireDataDirLock(path.join(dataDir, "pglite.lock"));
  try {
    const pglite = await PGlite.create(databaseDir, {
      // PostgreSQL's default 128 MB of shared buffers is sized for a server of its own; a shop's tables fit in a
      // fraction, and WebAssembly memory never shrinks: 16 MB takes ~130 MB off the process (docs/performance.md).
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    });
    return wrapPGlite(pglite, `PGlite at ${displayPath(databaseDir)}`, async () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Adapts a PGlite instance (persistent, or in memory for tests) to the SQL adapter's interface. */
export function wrapPGlite(pglite: PGlite, description: string, afterClose?: () => Promise<void>): SqlDatabase {
  const executorOf = (target: Pick<PGlite, "query" | "exec">): SqlExecutor => ({
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(text, [...params]);
      return result.rows;
    },
    async exec(script: string) {
      await target.exec(script);
    },
  });

  return {
    ...executorOf(pglite),
    description,
    // PGlite runs one statement at a time; its transaction() also holds other queries back until it ends.
    transaction: (work) => pglite.transaction((tx) => work(executorOf(tx))),
    async close() {
      if (!pglite.closed) await pglite.close();
      await afterClose?.();
    },
  };
}

function displayPath(absoluteOrRelative: string): string {
  const relative = path.relative(process.cwd(), path.resolve(absoluteOrRelative));
  return relative.startsWith("..") || path.isAbsolute(relative) ? path.resolve(absoluteOrRelative) : `./${relative}`;
}

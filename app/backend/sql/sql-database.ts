// The tiny query interface the SQL adapter runs on, implemented over PGlite and over a `pg` Pool.

import type { LimiterFactory } from "~/backend/rate-limit-counters.server";

export interface SqlExecutor {
  /** One statement with $1.. parameters. Cast in SQL what must not depend on the driver (::int, ::text). */
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements, without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/** One statement of a batch. */
export interface SqlStatement {
  text: string;
  params?: readonly unknown[];
}

/** A batch one statement after another (inside a transaction), for a driver that cannot pipeline them. */
export async function runInOrder(
  tx: SqlExecutor,
  statements: readonly SqlStatement[],
): Promise<Record<string, unknown>[][]> {
  const results: Record<string, unknown>[][] = [];
  for (const { text, params } of statements) results.push(await tx.query(text, params));
  return results;
}

export interface SqlDatabase extends SqlExecutor {
  /** Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Runs the statements in order in one transaction (all or nothing) and returns each one's rows: for a call whose
   * statements do not need each other's results. PGlite receives them in one round trip, without BEGIN and COMMIT.
   */
  batch(statements: readonly SqlStatement[]): Promise<Record<string, unknown>[][]>;
  /** Where the data lives, for the start-up log, without credentials. */
  readonly description: string;
  /** How many statements can run at once: 1 for PGlite, the pool's size for PostgreSQL. */
  readonly connections: number;
  /** Rate-limit counters every app instance on this database shares; absent: memory counters (one process). */
  readonly sharedLimiter?: LimiterFactory;
  close(): Promise<void>;
}

import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres } from "rate-limiter-flexible";

import { BackendError } from "~/backend/errors";
import { runInOrder, type SqlDatabase, type SqlExecutor } from "./sql-database";

/** PostgreSQL through a connection pool; several app instances can share one database. */
export async function openPostgresDatabase(options: { url: string; poolSize: number }): Promise<SqlDatabase> {
  const where = describeDatabaseUrl(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost (${where}): ${error.message}`));

  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new BackendError(
      "unavailable",
      `Cannot connect to ${where}: ${(error as Error).message}. ` +
        "Check DATABASE_URL (postgres://user:password@host:5432/database) and that the server accepts connections.",
      { cause: error },
    );
  }

  const executorOf = (target: pg.Pool | pg.PoolClient): SqlExecutor => ({
    async query<Row extends object>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<Row & pg.QueryResultRow>(text, [...params]);
      return result.rows;
    },
    async exec(script: string) {
      // Without parameters, pg uses the simple query protocol, which runs several statements.
      await target.query(script);
    },
  });

  const database: SqlDatabase = {
    ...executorOf(pool),
    description: where,
    connections: options.poolSize,
    // pg sends one statement at a time on a connection: a batch is a transaction.
    batch: (statements) => database.transaction((tx) => runInOrder(tx, statements)),
    async transaction(work) {
      const client = await pool.connect();
      let brokenConnection: Error | undefined;
      try {
        await client.query("begin");
        const result = await work(executorOf(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch((rollbackError: Error) => {
          brokenConnection = rollbackError;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is discarded instead of returned to the pool.
        client.release(brokenConnection);
      }
    },
    // Rate-limit counters in auth.rate_limits (auth-stand-in.sql), so that every instance counts
    // together; should the database fail, a memory counter stands in (the library's insurance limiter).
    sharedLimiter: (limit) =>
      new RateLimiterPostgres({
        ...limit,
        storeClient: pool,
        storeType: "pool",
        schemaName: "auth",
        tableName: "rate_limits",
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(limit),
      }),
    close: () => pool.end(),
  };
  return database;
}

/** "PostgreSQL at host:5432/shop": where the data lives, never the password. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port || "5432";
  return `PostgreSQL at ${parsed.hostname}:${port}${parsed.pathname || "/"}`;
}

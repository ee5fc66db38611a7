import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "./sql-database";

// PostgreSQL plans a query from its statistics of each table, which autovacuum keeps up to date on a server (and on
// Supabase). The embedded database runs no autovacuum, so a table that grew since its last ANALYZE is planned as the
// small table it was: with 10,000 products written at once (a CSV import, or bench:scale's seeding), reading the
// catalogue planned a sequential scan of every variant and image for each product, 16 s a page of 500 products
// instead of 0.66 s (docs/performance.md, 2026-12-02). Here the embedded backend does what autovacuum would.

/** How often the embedded backend looks for tables that changed enough to need new statistics. */
export const STATISTICS_CHECK_MS = 60_000;

/**
 * Tables changed by more than autovacuum's default analyze threshold since their last ANALYZE (50 rows plus 10% of
 * the table, `autovacuum_analyze_threshold` and `autovacuum_analyze_scale_factor`), or grown by more than a tenth
 * (and 8 pages) beyond the size ANALYZE saw, analyzed one by one. The size is read from the file, so a large write a
 * moment ago counts at once; the counts of changes reach `pg_stat_user_tables` only when the session next reports them.
 */
export async function analyzeChangedTables(db: SqlDatabase): Promise<string[]> {
  const stale = await db.query<{ name: string }>(
    `select format('%I.%I', s.schemaname, s.relname) as name
     from pg_stat_user_tables as s join pg_class as c on c.oid = s.relid
     where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
        or pg_relation_size(c.oid) / current_setting('block_size')::integer > 1.1 * c.relpages + 8
     order by s.relname`,
  );
  for (const { name } of stale) await db.query(`analyze ${name}`);
  return stale.map(({ name }) => name);
}

/**
 * The embedded backend with statistics kept up to date: the tables that grew past what ANALYZE saw analyzed now (the
 * counts of changes do not survive a restart; the sizes do), the changed ones every STATISTICS_CHECK_MS and before
 * each read of the whole catalogue (which follows a change of it within seconds).
 */
export async function withPlannerStatistics(
  db: SqlDatabase,
  backend: Backend,
  { checkEveryMs = STATISTICS_CHECK_MS }: { checkEveryMs?: number } = {},
): Promise<Backend> {
  await analyzeChangedTables(db);
  const timer = setInterval(() => {
    analyzeChangedTables(db).catch((error: unknown) => {
      console.error("Embedded database: could not update the planner's statistics:", error);
    });
  }, checkEveryMs);
  timer.unref();
  return {
    ...backend,
    catalogue: {
      ...backend.catalogue,
      async readAll() {
        await analyzeChangedTables(db);
        return backend.catalogue.readAll();
      },
    },
    async close() {
      clearInterval(timer);
      await backend.close();
    },
  };
}

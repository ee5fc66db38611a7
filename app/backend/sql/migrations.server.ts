import crypto from "node:crypto";

import { BackendError } from "~/backend/errors";
import authStandInSql from "./auth-stand-in.sql?raw";
import type { SqlDatabase } from "./sql-database";

// Bundled at build time, so the server needs no files beside its build to migrate.
const migrationSources = import.meta.glob<string>("/supabase/migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

export interface Migration {
  /** The timestamp prefix, as the Supabase CLI records it. */
  version: string;
  file: string;
  sql: string;
  checksum: string;
}

/** supabase/migrations, oldest first. */
export function listMigrations(): Migration[] {
  return Object.entries(migrationSources)
    .map(([filePath, sql]) => {
      const file = filePath.slice(filePath.lastIndexOf("/") + 1);
      const version = /^(\d+)_[\w-]+\.sql$/.exec(file)?.[1];
      if (!version) throw new Error(`Migration file name ${file} does not match <timestamp>_<name>.sql`);
      return { version, file, sql, checksum: checksumOf(sql) };
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

export const authStandIn = authStandInSql;

// Any constant shared by all app instances: they queue on it instead of migrating at the same time.
const MIGRATION_LOCK_KEY = 7_310_044_021;

/**
 * Applies the auth stand-in (idempotent, every time) and then each migration not yet recorded in
 * app_private.schema_migrations, in order, all in one transaction: a failure leaves the database as it was.
 * Returns the files applied now; [] when the database was up to date.
 */
export async function migrate(db: SqlDatabase, migrations: Migration[] = listMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.exec(authStandIn);
    await tx.exec(`
      create schema if not exists app_private;
      create table if not exists app_private.schema_migrations (
        version text primary key,
        file text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      );
    `);

    const applied = new Map(
      (
        await tx.query<{ version: string; checksum: string }>(
          "select version, checksum from app_private.schema_migrations",
        )
      ).map((row) => [row.version, row.checksum]),
    );

    const appliedNow: string[] = [];
    for (const migration of migrations) {
      const recordedChecksum = applied.get(migration.version);
      if (recordedChecksum !== undefined) {
        if (recordedChecksum !== migration.checksum) {
          throw new BackendError(
            "unexpected",
            `Migration ${migration.file} was changed after it was applied. ` +
              "Restore it and put the change in a new migration.",
          );
        }
        continue;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new BackendError("unexpected", `Migration ${migration.file} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await tx.query("insert into app_private.schema_migrations (version, file, checksum) values ($1, $2, $3)", [
        migration.version,
        migration.file,
        migration.checksum,
      ]);
      appliedNow.push(migration.file);
    }
    return appliedNow;
  });
}

function checksumOf(sql: string): string {
  // Line endings differ between checkouts (Windows); the statements do not.
  return crypto.createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

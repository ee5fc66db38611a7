import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { getMigratedSnapshot } from "#tests/support/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { listMigrations, migrate } from "~/backend/sql/migrations.server";
import { openPGliteDatabase, wrapPGlite } from "~/backend/sql/pglite-database.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";

// Decision 0022: a new data directory starts from the migrated image the build ships instead of initdb and the
// migrations. Whatever it starts from, the database must end up as one migrated from scratch.

const appSchemas = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Everything the migrations define or insert, in a comparable form (rows without their timestamps). */
async function databaseState(db: SqlDatabase) {
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${appSchemas} and (n.nspname, c.relname) <> ('app_private', 'schema_migrations')
     order by 1`,
  );
  const rows: Record<string, unknown> = {};
  for (const { name } of tables) {
    // Rows without their timestamps: a seeded price's updated_at says when the image was made.
    const timestamps = (
      await db.query<{ attname: string }>(
        `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped
         and atttypid in ('timestamptz'::regtype, 'timestamp'::regtype)`,
        [name],
      )
    ).map((column) => column.attname);
    const row = `(to_jsonb(t) - $1::text[])::text`;
    const [digest] = await db.query(
      `select count(*)::int as count, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as md5 from ${name} t`,
      [timestamps],
    );
    rows[name] = digest;
  }
  return {
    migrations: await db.query("select version, file, checksum from app_private.schema_migrations order by version"),
    columns: await db.query(
      `select table_schema, table_name, column_name, ordinal_position, data_type, is_nullable, column_default
       from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2, 4`,
    ),
    relations: await db.query(
      `select format('%I.%I', n.nspname, c.relname) as name, c.relkind, c.relrowsecurity, c.relforcerowsecurity,
              coalesce(c.relacl::text, '') as acl
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${appSchemas} order by 1`,
    ),
    constraints: await db.query(
      `select conrelid::regclass::text as relation, conname, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace where ${appSchemas} order by 1, 2`,
    ),
    indexes: await db.query(
      `select schemaname, tablename, indexname, indexdef from pg_indexes
       where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`,
    ),
    functions: await db.query(
      `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as definition,
              coalesce(p.proacl::text, '') as acl
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${appSchemas} and p.prokind in ('f', 'p')
       order by 1, 2, 3`,
    ),
    triggers: await db.query(
      `select tgrelid::regclass::text as relation, tgname, pg_get_triggerdef(oid) as definition
       from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    policies: await db.query(
      `select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies order by 1, 2, 3`,
    ),
    roles: await db.query(`select rolname, rolsuper, rolinherit, rolcanlogin, rolbypassrls from pg_roles order by 1`),
    schemas: await db.query(
      `select n.nspname, coalesce(n.nspacl::text, '') as acl from pg_namespace n where ${appSchemas} order by 1`,
    ),
    rows,
  };
}

describe("a new data directory started from the migrated image", () => {
  const allMigrations = listMigrations();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-database-image-"));
  let fromScratch: Awaited<ReturnType<typeof databaseState>>;
  /** The image the build ships: every migration. */
  let shippedImage: string;
  /** An image from an older build: all migrations but the last. */
  let olderImage: string;

  beforeAll(async () => {
    // One initdb: migrate the older build's migrations, dump them, then the rest, as a shop upgraded in place would.
    const pglite = await PGlite.create();
    const db = wrapPGlite(pglite, "from scratch");
    await migrate(db, allMigrations.slice(0, -1));
    olderImage = path.join(workDir, "older.tar.gz");
    fs.writeFileSync(olderImage, Buffer.from(await (await pglite.dumpDataDir("gzip")).arrayBuffer()));
    await migrate(db, allMigrations);
    fromScratch = await databaseState(db);
    await db.close();

    // What `npm run build` ships: the same cached image (database-image.server.ts).
    shippedImage = path.join(workDir, "database-image.tar.gz");
    fs.writeFileSync(shippedImage, Buffer.from(await (await getMigratedSnapshot()).arrayBuffer()));
  }, 300_000);

  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  /** Opens a data directory as the embedded backend does: lock, image if new, migrations. */
  async function openMigrated(dataDir: string, image: string): Promise<{ db: SqlDatabase; applied: string[] }> {
    const db = await openPGliteDatabase(dataDir, { image });
    return { db, applied: await migrate(db) };
  }

  test("has the schema, data and migration record of a database migrated from scratch, with nothing left to apply", async () => {
    const dataDir = path.join(workDir, "shipped");
    const { db, applied } = await openMigrated(dataDir, shippedImage);
    try {
      expect(applied).toEqual([]);
      expect(fromScratch.migrations).toHaveLength(allMigrations.length);
      expect(await databaseState(db)).toEqual(fromScratch);
    } finally {
      await db.close();
    }
  });

  test("from an older image, the migrations it lacks are applied at once, as on a shop upgraded in place", async () => {
    const dataDir = path.join(workDir, "older");
    const { db, applied } = await openMigrated(dataDir, olderImage);
    try {
      expect(applied).toEqual([allMigrations.at(-1)?.file]);
      expect(await databaseState(db)).toEqual(fromScratch);
    } finally {
      await db.close();
    }
  });

  test("an existing database is opened as it is, never replaced by the image", async () => {
    const dataDir = path.join(workDir, "existing");
    const first = await openMigrated(dataDir, shippedImage);
    await first.db.query("insert into public.newsletter_subscribers (email) values ($1)", ["kept@example.com"]);
    await first.db.close();

    const reopened = await openMigrated(dataDir, shippedImage);
    try {
      expect(reopened.applied).toEqual([]);
      expect(await reopened.db.query("select email from public.newsletter_subscribers")).toEqual([
        { email: "kept@example.com" },
      ]);
    } finally {
      await reopened.db.close();
    }
  });

  test("a start killed while unpacking left a partial copy: the next start unpacks the image again", async () => {
    const dataDir = path.join(workDir, "interrupted");
    // What a kill -9 halfway through unpacking leaves: part of the files beside the database directory, none in it.
    fs.mkdirSync(path.join(dataDir, "pglite.unpacking", "base"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite.unpacking", "PG_VERSION"), "15\n");
    const { db, applied } = await openMigrated(dataDir, shippedImage);
    try {
      expect(applied).toEqual([]);
      expect(await databaseState(db)).toEqual(fromScratch);
      expect(fs.existsSync(path.join(dataDir, "pglite.unpacking"))).toBe(false);
    } finally {
      await db.close();
    }
  });
});

import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

import { setBackendForTests } from "~/backend/backend.server";
import type { Backend } from "~/backend/ports/backend";
import { cachedDatabaseImage } from "~/backend/sql/database-image.server";
import { wrapPGlite } from "~/backend/sql/pglite-database.server";
import { createSqlBackend, type SqlBackendOptions } from "~/backend/sql/sql-backend.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { startCatalogue, stopCatalogue } from "~/modules/catalog/catalog.server";
import type { Product } from "~/modules/catalog/product";

/** Shared with `npm run build` (vite.config.ts). */
const imageCacheDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../node_modules/.cache/luxe-strands",
);

/** Cheap scrypt for tests that sign up many users; the production cost is tested on its own. */
export const testScryptCost = { N: 1024, r: 8, p: 1 } as const;

export const testBackendOptions: SqlBackendOptions = {
  cookieSecrets: ["test-session-secret"],
  secureCookies: false,
  scryptCost: testScryptCost,
};

let snapshot: Promise<Blob> | undefined;

/**
 * A freshly migrated PGlite data directory as a tarball: the image the build ships (database-image.server.ts).
 * Creating one costs seconds; restoring it well under one, so it is made once per change of the SQL and kept
 * where the build keeps it, for every test file.
 */
export function getMigratedSnapshot(): Promise<Blob> {
  snapshot ??= cachedDatabaseImage(imageCacheDir);
  return snapshot;
}

/** An in-memory PGlite restored from the migrated snapshot, with direct (owner) SQL access. */
export async function openTestDatabase(): Promise<{ db: SqlDatabase; pglite: PGlite }> {
  const pglite = await PGlite.create({ loadDataDir: await getMigratedSnapshot() });
  return { db: wrapPGlite(pglite, "PGlite in memory (test)"), pglite };
}

/** The SQL adapter over a fresh test database, as the embedded backend runs it. */
export async function createTestBackend(
  overrides: Partial<SqlBackendOptions> = {},
): Promise<{ backend: Backend; db: SqlDatabase }> {
  const { db } = await openTestDatabase();
  const backend = createSqlBackend(db, "embedded (PGlite in memory, test)", { ...testBackendOptions, ...overrides });
  return { backend, db };
}

let seeded: Promise<Product[]> | undefined;

/** The catalogue a new shop starts with (the migrations' seed), as the storefront reads it; read once per file. */
export function seededCatalogue(): Promise<Product[]> {
  seeded ??= (async () => {
    const { backend } = await createTestBackend();
    try {
      return (await backend.catalogue.readAll()).products.sort((a, b) => a.featuredPosition - b.featuredPosition);
    } finally {
      await backend.close();
    }
  })();
  return seeded;
}

/**
 * Makes the app's getBackend() answer with a fresh test backend, for route and module tests.
 * Call the returned function (afterAll) to close it.
 */
export async function installTestBackend(): Promise<{
  backend: Backend;
  db: SqlDatabase;
  uninstall: () => Promise<void>;
}> {
  const { backend, db } = await createTestBackend();
  setBackendForTests(backend);
  // As start-up does; a test that changes the catalogue calls refreshCatalogue() (no timer checks for it).
  await startCatalogue(backend.catalogue, { checkEveryMs: null });
  return {
    backend,
    db,
    async uninstall() {
      stopCatalogue();
      setBackendForTests(undefined);
      await backend.close();
    },
  };
}

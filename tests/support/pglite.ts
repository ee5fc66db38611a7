import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { throwawayDir, tmpDir } from "#scripts/lib/shop-harness.mjs";

import { setBackendForTests } from "~/backend/backend.server";
import type { Backend } from "~/backend/ports/backend";
import { cachedDatabaseImage } from "~/backend/sql/database-image.server";
import { pgliteStartParams, wrapPGlite } from "~/backend/sql/pglite-database.server";
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

let template: Promise<string> | undefined;

/**
 * A migrated embedded-database directory (its `pglite` folder as DATA_DIR holds it), restored once from the
 * migrated snapshot and kept in tests/.tmp by the snapshot's hash, to be copied, never opened. Restoring the
 * tarball into a new process's memory takes ~2 s; copying this and starting PGlite on the copy a third of that.
 */
export function migratedDataDirTemplate(): Promise<string> {
  template ??= (async () => {
    const snapshot = await getMigratedSnapshot();
    const fingerprint = Buffer.from(await crypto.subtle.digest("SHA-256", await snapshot.arrayBuffer()))
      .toString("hex")
      .slice(0, 16);
    const dir = path.join(tmpDir, `pglite-data-dir-${fingerprint}`);
    if (!fs.existsSync(dir)) {
      const partial = `${dir}.${process.pid}.partial`;
      fs.mkdirSync(partial, { recursive: true });
      const pglite = await PGlite.create(path.join(partial, "pglite"), { loadDataDir: snapshot });
      await pglite.close();
      // Renamed into place whole: parallel test files never copy half a template.
      try {
        fs.renameSync(partial, dir);
      } catch {
        // Another test file got there first.
        fs.rmSync(partial, { recursive: true, force: true });
      }
    }
    return dir;
  })();
  return template;
}

/**
 * A fresh migrated PGlite with direct (owner) SQL access: a copy of the template, started as the shop starts it,
 * removed when the database is closed (or this process exits).
 */
export async function openTestDatabase(): Promise<{ db: SqlDatabase; pglite: PGlite }> {
  const copy = throwawayDir("pglite-test-");
  fs.cpSync(path.join(await migratedDataDirTemplate(), "pglite"), copy.path, { recursive: true });
  const pglite = await PGlite.create(copy.path, { startParams: pgliteStartParams });
  return { db: wrapPGlite(pglite, "PGlite (test)", async () => copy.remove()), pglite };
}

/** The SQL adapter over a fresh test database, as the embedded backend runs it. */
export async function createTestBackend(
  overrides: Partial<SqlBackendOptions> = {},
): Promise<{ backend: Backend; db: SqlDatabase }> {
  const { db } = await openTestDatabase();
  const backend = createSqlBackend(db, "embedded (PGlite, test)", { ...testBackendOptions, ...overrides });
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

import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

import { authStandIn, listMigrations, migrate } from "./migrations.server";
import { wrapPGlite } from "./pglite-database.server";

/**
 * A new embedded database with every migration applied, as a gzipped tarball of its data directory (PGlite's
 * dumpDataDir). `npm run build` ships one so that a shop's first start unpacks it instead of running initdb, which
 * peaks at ~750 MB inside the process (decision 0022); the tests restore it instead of migrating each time.
 */
export async function createDatabaseImage(migrations = listMigrations()): Promise<Blob> {
  const pglite = await PGlite.create();
  try {
    await migrate(wrapPGlite(pglite, "PGlite in memory (database image)"), migrations);
    return await pglite.dumpDataDir("gzip");
  } finally {
    await pglite.close();
  }
}

/**
 * The image for this code's SQL and this PGlite, from `cacheDir` when one was made before (initdb and the
 * migrations take seconds), else made and kept there. Names change with the SQL and the PGlite version.
 */
export async function cachedDatabaseImage(cacheDir: string): Promise<Blob> {
  const file = path.join(cacheDir, `pglite-migrated-${imageFingerprint()}.tar.gz`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const image = await createDatabaseImage();
  fs.mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed: a parallel reader (test workers, a second build) never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  fs.renameSync(partial, file);
  return image;
}

/** Writes the image to `file` (the build's copy, next to the server build). */
export async function writeDatabaseImage(file: string, { cacheDir }: { cacheDir: string }): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await (await cachedDatabaseImage(cacheDir)).arrayBuffer()));
}

function imageFingerprint(): string {
  const pglitePackage = path.resolve(
    path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")),
    "../package.json",
  );
  const { version } = JSON.parse(fs.readFileSync(pglitePackage, "utf8")) as { version: string };
  return crypto
    .createHash("sha256")
    .update(`pglite ${version}\n`)
    .update(authStandIn)
    .update(
      listMigrations()
        .map((migration) => `${migration.file}:${migration.checksum}`)
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
}

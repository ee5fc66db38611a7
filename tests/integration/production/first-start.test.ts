import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { httpRequest } from "#tests/support/http";
import { openDataDir, useProductionServers } from "#tests/support/production-server";
import { afterAll, beforeAll, expect, it } from "vitest";

import { listMigrations } from "~/backend/sql/migrations.server";

// A shop's first start on an empty DATA_DIR unpacks the migrated database the build ships instead of running
// initdb in its process (decision 0022). tests/integration/backend/database-image.test.ts shows
// the image equals a database migrated from scratch; this shows the build ships it and the server starts from it.
// Its memory is measured by `npm run bench:first-start`, not here.

const shops = useProductionServers();
let dataDir: string;

beforeAll(() => {
  // Empty: the shop creates its database here.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-first-start-"));
});

afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it(
  "starts on an empty data directory from the build's image, with every migration recorded",
  { timeout: 300_000 },
  async () => {
    expect(fs.existsSync(path.join(shops.buildDir, "server/database-image.tar.gz"))).toBe(true);
    const server = await shops.start({ dataDir });
    try {
      expect(server.output()).toContain(
        `Created the embedded database in ${path.join(dataDir, "pglite")} from the build's migrated image.`,
      );
      expect(server.output()).not.toContain("initdb");
      expect((await httpRequest(server.url, "/readyz")).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const pglite = await openDataDir(dataDir);
    try {
      const { rows } = await pglite.query(
        "select version, file, checksum from app_private.schema_migrations order by version",
      );
      expect(rows).toEqual(listMigrations().map(({ version, file, checksum }) => ({ version, file, checksum })));
    } finally {
      await pglite.close();
    }
  },
);

import { testBackendOptions } from "#tests/support/pglite";
import { startPostgresCluster, type PostgresCluster } from "#tests/support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { BackendError } from "~/backend/errors";
import type { Backend } from "~/backend/ports/backend";
import { migrate } from "~/backend/sql/migrations.server";
import { openPostgresDatabase } from "~/backend/sql/pg-database.server";
import { createSqlBackend, openPostgresBackend, type SqlBackendOptions } from "~/backend/sql/sql-backend.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { describeCatalogueImagesContract } from "./catalogue-images-contract";
import { describeBackendContract, outboxRecoveryCode } from "./contract";
import { describeRefundQueue } from "./refund-contract";
import { describeSqlBackend } from "./sql-backend-suite";

// One throwaway PostgreSQL 15 cluster for this file; each suite gets its own database in it.
let cluster: PostgresCluster;
let clusterStarting: Promise<PostgresCluster> | undefined;
const getCluster = async () => {
  clusterStarting ??= startPostgresCluster();
  cluster = await clusterStarting;
  return cluster;
};

afterAll(async () => {
  await cluster?.stop();
});

async function migratedDatabase(name: string) {
  const db = await openPostgresDatabase({ url: await (await getCluster()).createDatabase(name), poolSize: 10 });
  await migrate(db);
  return db;
}
const postgresOver = (db: SqlDatabase, overrides: Partial<SqlBackendOptions> = {}) =>
  createSqlBackend(db, "postgres (test)", { ...testBackendOptions, ...overrides });

describeBackendContract("postgres (PostgreSQL 15)", async () => {
  const db = await migratedDatabase("contract");
  return {
    db,
    createBackend: (overrides = {}) => postgresOver(db, overrides),
    recoveryCode: (email) => outboxRecoveryCode(db, email),
    teardown: () => db.close(),
  };
});

describeRefundQueue("postgres (PostgreSQL 15)", async () => {
  const db = await migratedDatabase("refunds");
  return {
    db,
    createBackend: (overrides = {}) => postgresOver(db, overrides),
    recoveryCode: (email) => outboxRecoveryCode(db, email),
    teardown: () => db.close(),
  };
});

describeCatalogueImagesContract("postgres (PostgreSQL 15)", async () => {
  const db = await migratedDatabase("photos");
  return {
    db,
    createBackend: (overrides = {}) => postgresOver(db, overrides),
    recoveryCode: (email) => outboxRecoveryCode(db, email),
    teardown: () => db.close(),
  };
});

describeSqlBackend("postgres (PostgreSQL 15)", async () => {
  const db = await migratedDatabase("sql_suite");
  return {
    db,
    createBackend: (overrides = {}, database = db) => postgresOver(database, overrides),
    teardown: () => db.close(),
  };
});

describe("postgres backend start-up", () => {
  beforeAll(async () => {
    await getCluster();
  });

  test("opens, migrates a new database and names itself without the password", async () => {
    const url = await cluster.createDatabase("startup");
    const withPassword = url.replace("postgres@", "postgres:hunter2@");
    const backend = await openPostgresBackend({ url: withPassword, poolSize: 2 }, testBackendOptions);
    try {
      expect(backend.description).toMatch(/^postgres \(PostgreSQL at 127\.0\.0\.1:\d+\/startup\)$/);
      await backend.ping();
    } finally {
      await backend.close();
    }
    // Several instances starting at once queue on the migration lock; all find the schema ready.
    const instances = await Promise.all(
      Array.from({ length: 3 }, () => openPostgresBackend({ url, poolSize: 2 }, testBackendOptions)),
    );
    await Promise.all(instances.map((instance) => instance.close()));
  });

  test("rate-limit counters live in the database: two instances count one client together", async () => {
    const url = await cluster.createDatabase("ratelimits");
    const instances = await Promise.all(
      [1, 2].map(() => openPostgresBackend({ url, poolSize: 2 }, testBackendOptions)),
    );
    try {
      const [first, second] = instances as [Backend, Backend];
      expect(first.rateLimits.shared).toBe(true);
      const rule = { name: "sign-in", points: 3, durationSeconds: 60 };
      const hits = [first, second, first].map((instance) => instance.rateLimits.hit([rule], "192.0.2.1"));
      await expect(Promise.all(hits)).resolves.toEqual([0, 0, 0]);
      expect(await second.rateLimits.hit([rule], "192.0.2.1")).toBeGreaterThan(0);
      expect(await first.rateLimits.hit([rule], "192.0.2.2")).toBe(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  test("an unreachable database stops start-up with a message that says what to set", async () => {
    const error = await openPostgresBackend(
      { url: "postgres://shop:secret@127.0.0.1:1/shop", poolSize: 1 },
      testBackendOptions,
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BackendError);
    expect((error as BackendError).code).toBe("unavailable");
    expect((error as BackendError).message).toMatch(/Cannot connect to PostgreSQL at 127\.0\.0\.1:1\/shop/);
    expect((error as BackendError).message).toMatch(/DATABASE_URL/);
    expect((error as BackendError).message).not.toContain("secret");
  });
});

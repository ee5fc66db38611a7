// The back office's share on PostgreSQL 15 (decision 0035): a staff search or export page that runs past the
// statement time limit is stopped by the database and answered with a clear error, and the limit stays with the
// back office's own statements (PGlite cannot stop a statement: there each call reads one page through an index);
// the one-export-at-a-time lease is counted in the database, for every instance.
import { expectBackendError, placeOrder, requestWith, setUpStaff, signUpShopper } from "#tests/support/backend-helpers";
import { testBackendOptions } from "#tests/support/pglite";
import { startPostgresCluster, type PostgresCluster } from "#tests/support/postgres-cluster";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { migrate } from "~/backend/sql/migrations.server";
import { openPostgresDatabase } from "~/backend/sql/pg-database.server";
import { createSqlBackend } from "~/backend/sql/sql-backend.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { accountLeases } from "~/modules/limits/rate-limits.server";

const TIME_LIMIT_MS = 300;

let cluster: PostgresCluster;
let url: string;
let db: SqlDatabase;
let backend: Backend;
let staffCookie: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  url = await cluster.createDatabase("staff_time_limits");
  db = await openPostgresDatabase({ url, poolSize: 4 });
  await migrate(db);
  backend = createSqlBackend(db, "postgres (test)", { ...testBackendOptions, staffStatementTimeoutMs: TIME_LIMIT_MS });
  const listed = await signUpShopper(backend, { fullName: "Owner" });
  await backend.syncStaff({ staffEmails: [listed.email], orderRecipients: [] });
  staffCookie = (await setUpStaff(backend, listed.email)).cookie;
  await placeOrder(backend.forRequest(requestWith()), {
    userId: null,
    items: [{ productId: "clip-1", quantity: 1 }],
    email: "ada@example.com",
  });
});

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

const staffPort = () => backend.forRequest(requestWith(staffCookie)).staff;
const search = { status: null, search: "ada", limit: 25, offset: 0 } as const;

describe("back-office statements on PostgreSQL have a time limit", () => {
  test("a staff search past the time limit fails with a clear error instead of running on", async () => {
    await db.transaction(async (blocker) => {
      // Another session holds the orders table: the search waits for it, and its time runs meanwhile. The lock is
      // only released after the search has answered, so an answer proves the database stopped it.
      await blocker.query("lock table public.orders in access exclusive mode");
      await expectBackendError(staffPort().listOrders(search), "timed_out", /took too long/);
      const exportPages = staffPort().exportOrders({ status: null, search: "" })[Symbol.asyncIterator]();
      await expectBackendError(exportPages.next(), "timed_out");
    });
    // Nothing was left broken: the same search answers once the table is free.
    expect((await staffPort().listOrders(search)).totalCount).toBe(1);
  });

  test("the limit ends with the back office's transaction: the connection goes back to the pool without it", async () => {
    // One connection: the statement after the staff search runs on the connection the search used.
    const single = await openPostgresDatabase({ url, poolSize: 1 });
    try {
      const scoped = createSqlBackend(single, "postgres (test)", {
        ...testBackendOptions,
        staffStatementTimeoutMs: TIME_LIMIT_MS,
      });
      expect((await scoped.forRequest(requestWith(staffCookie)).staff.listOrders(search)).totalCount).toBe(1);
      const [setting] = await single.query<{ value: string }>("select current_setting('statement_timeout') as value");
      expect(setting?.value).toBe("0");
    } finally {
      await single.close();
    }
  });
});

describe("the export lease on PostgreSQL", () => {
  test("two instances see one export of an account; once it is given back, the next one starts", async () => {
    const second = await openPostgresDatabase({ url, poolSize: 2 });
    try {
      const instances = [backend, createSqlBackend(second, "postgres (test)", testBackendOptions)] as const;
      const lease = accountLeases.staffExport;
      const key = `account:${crypto.randomUUID()}`;
      expect(instances[1].rateLimits.shared).toBe(true);
      expect(await instances[0].rateLimits.hit([lease], key)).toBe(0);
      expect(await instances[1].rateLimits.hit([lease], key)).toBeGreaterThan(0);
      await instances[0].rateLimits.release(lease, key);
      expect(await instances[1].rateLimits.hit([lease], key)).toBe(0);
    } finally {
      await second.close();
    }
  });
});

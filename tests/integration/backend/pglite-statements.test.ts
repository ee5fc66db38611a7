// The embedded database's statement path (app/backend/sql/pglite-database.server.ts): prepared statements sent
// as one pipeline. These pin what the adapter relies on: a batch is one transaction, a failure leaves nothing
// behind, and statements never run inside another caller's transaction.
import type { PGlite } from "@electric-sql/pglite";
import { openTestDatabase } from "#tests/support/pglite";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import type { SqlDatabase } from "~/backend/sql/sql-database";

let db: SqlDatabase;
let pglite: PGlite;

beforeAll(async () => {
  ({ db, pglite } = await openTestDatabase());
  await db.exec("create table batch_probe (id integer primary key, note text not null)");
});

afterAll(async () => {
  await db?.close();
});

/** Resolves once the next caller has asked for PGlite's transaction lock (and so waits while it is held). */
function nextTransactionLockRequest(): Promise<void> {
  return new Promise((resolve) => {
    const take = pglite._runExclusiveTransaction.bind(pglite);
    vi.spyOn(pglite, "_runExclusiveTransaction").mockImplementationOnce((work) => {
      const queued = take(work);
      resolve();
      return queued;
    });
  });
}

async function sqlStateOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "expected the statement to fail").toBeDefined();
  return (error as { code?: string }).code;
}

describe("PGlite statements", () => {
  test("a batch returns each statement's rows, and SET LOCAL lasts until its end only", async () => {
    const [claims, who, numbers] = await db.batch([
      {
        text: "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true)",
        params: ["authenticated", "6f1c1f9e-3c1a-4c55-9d51-2f0d9f9a1b11"],
      },
      { text: "select current_user::text as role, auth.uid()::text as uid" },
      { text: "select n from generate_series(1, $1::int) as n", params: [3] },
    ]);
    expect(claims).toHaveLength(1);
    expect(who).toEqual([{ role: "authenticated", uid: "6f1c1f9e-3c1a-4c55-9d51-2f0d9f9a1b11" }]);
    expect(numbers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const [after] = await db.query<{ role: string; uid: string | null }>(
      "select current_user::text as role, auth.uid()::text as uid",
    );
    expect(after).toEqual({ role: "postgres", uid: null });
  });

  test("parameters and results keep their types (dates, JSON, numbers, booleans, null)", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const [row] = await db.query<Record<string, unknown>>(
      "select $1::timestamptz as at, $2::jsonb as doc, $3::int as n, $4::boolean as yes, $5::text as nothing",
      [at, JSON.stringify({ a: [1, "b"] }), 42, true, null],
    );
    expect(row).toEqual({ at, doc: { a: [1, "b"] }, n: 42, yes: true, nothing: null });
  });

  test("a failing statement rolls back the whole batch, and the next batch runs normally", async () => {
    const code = await sqlStateOf(
      db.batch([
        { text: "insert into batch_probe (id, note) values ($1, $2)", params: [1, "kept?"] },
        { text: "insert into batch_probe (id, note) values ($1, $2)", params: [2, null] },
      ]),
    );
    expect(code).toBe("23502");
    expect(await db.query("select * from batch_probe")).toEqual([]);

    const [, rows] = await db.batch([
      { text: "insert into batch_probe (id, note) values ($1, $2)", params: [1, "one"] },
      { text: "select id, note from batch_probe order by id" },
    ]);
    expect(rows).toEqual([{ id: 1, note: "one" }]);
  });

  test("a statement that does not parse fails the same way every time and leaves the database usable", async () => {
    expect(await sqlStateOf(db.query("select frm nowhere where"))).toBe("42601");
    expect(await sqlStateOf(db.query("select frm nowhere where"))).toBe("42601");
    expect(await sqlStateOf(db.query("select * from no_such_table"))).toBe("42P01");
    expect(await db.query("select 1 as one")).toEqual([{ one: 1 }]);
  });

  test("inside a transaction, statements see its uncommitted rows, and a throw rolls them back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into batch_probe (id, note) values ($1, $2)", [10, "ten"]);
        expect(await tx.query("select note from batch_probe where id = $1", [10])).toEqual([{ note: "ten" }]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await db.query("select note from batch_probe where id = $1", [10])).toEqual([]);
  });

  test("statements from elsewhere wait for an open transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into batch_probe (id, note) values ($1, $2)", [20, "twenty"]);
      opened();
      await held;
      await tx.query("delete from batch_probe where id = $1", [20]);
    });
    await isOpen;
    // Sent while the transaction is open: if it ran inside it, it would see row 20 (and its own insert would be
    // part of that transaction). The transaction ends once the batch waits for it, or has wrongly run already.
    const waiting = nextTransactionLockRequest();
    const outside = db.batch([
      { text: "select count(*)::int as seen from batch_probe where id = $1", params: [20] },
      { text: "insert into batch_probe (id, note) values ($1, $2)", params: [21, "twenty-one"] },
    ]);
    await Promise.race([waiting, outside]);
    release();
    await transaction;
    const [seen] = await outside;
    expect(seen).toEqual([{ seen: 0 }]);
    expect(await db.query("select id from batch_probe where id in (20, 21) order by id")).toEqual([{ id: 21 }]);
  });
});

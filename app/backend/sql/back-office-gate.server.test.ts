import { describe, expect, test } from "vitest";

import { backOfficeGate, inBackOfficeTurn } from "./back-office-gate.server";
import type { SqlDatabase } from "./sql-database";

/** The gate only reads how many statements the database runs at once. */
const databaseOf = (connections: number) => ({ connections }) as SqlDatabase;

describe("the back office's turns", () => {
  test("a shopper's callback waiting on the event loop runs between two back-office statements", async () => {
    const db = databaseOf(1);
    const order: string[] = [];
    const first = inBackOfficeTurn(db, async () => {
      order.push("first statement");
      // I/O that arrives while the first statement runs (a shopper's request) waits for the event loop's next turn.
      setImmediate(() => order.push("shopper"));
    });
    const second = inBackOfficeTurn(db, async () => {
      order.push("second statement");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first statement", "shopper", "second statement"]);
  });

  test("on the embedded database one statement at a time; on PostgreSQL half the pool", async () => {
    const embedded = databaseOf(1);
    let finishFirst!: () => void;
    const started: string[] = [];
    const first = inBackOfficeTurn(embedded, async () => {
      started.push("first");
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const second = inBackOfficeTurn(embedded, async () => {
      started.push("second");
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(backOfficeGate(embedded).load).toEqual({ running: 1, waiting: 1 });
    expect(started).toEqual(["first"]);
    finishFirst();
    await Promise.all([first, second]);
    expect(started).toEqual(["first", "second"]);

    const pooled = databaseOf(10);
    const jobs = Array.from({ length: 7 }, () => inBackOfficeTurn(pooled, () => new Promise((r) => setTimeout(r, 5))));
    expect(backOfficeGate(pooled).load).toEqual({ running: 5, waiting: 2 });
    await Promise.all(jobs);
  });
});

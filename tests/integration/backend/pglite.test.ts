import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import { installTestBackend, openTestDatabase, testBackendOptions } from "#tests/support/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { backendFor, getBackend } from "~/backend/backend.server";
import { BackendError } from "~/backend/errors";
import type { Backend } from "~/backend/ports/backend";
import { analyzeChangedTables, withPlannerStatistics } from "~/backend/sql/planner-statistics.server";
import { createSqlBackend, openEmbeddedBackend, type SqlBackendOptions } from "~/backend/sql/sql-backend.server";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { describeCatalogueImagesContract } from "./catalogue-images-contract";
import { describeBackendContract, outboxRecoveryCode } from "./contract";
import { describeRefundQueue } from "./refund-contract";
import { describeSqlBackend } from "./sql-backend-suite";

// As openEmbeddedBackend runs it: with the in-process session cache.
const embeddedOver = (db: SqlDatabase, overrides: Partial<SqlBackendOptions> = {}) =>
  createSqlBackend(db, "embedded (test)", { ...testBackendOptions, cacheSessions: true, ...overrides });

describeBackendContract("embedded (PGlite)", async () => {
  const { db } = await openTestDatabase();
  return {
    db,
    createBackend: (overrides = {}) => embeddedOver(db, overrides),
    recoveryCode: (email) => outboxRecoveryCode(db, email),
    teardown: () => db.close(),
  };
});

describeRefundQueue("embedded (PGlite)", async () => {
  const { db } = await openTestDatabase();
  return {
    db,
    createBackend: (overrides = {}) => embeddedOver(db, overrides),
    recoveryCode: (email) => outboxRecoveryCode(db, email),
    teardown: () => db.close(),
  };
});

describeCatalogueImagesContract("embedded (PGlite)", async () => {
  const { db } = await openTestDatabase();
  return {
    db,
    createBackend: (overrides = {}) => embeddedOver(db, overrides),
    recoveryCode: (email) => outboxRecoveryCode(db, email),
    teardown: () => db.close(),
  };
});

describeSqlBackend("embedded (PGlite)", async () => {
  const { db } = await openTestDatabase();
  return {
    db,
    createBackend: (overrides = {}, database = db) => embeddedOver(database, overrides),
    teardown: () => db.close(),
  };
});

describe("embedded backend on disk", () => {
  let dataDir: string;
  const lockDir = () => path.join(dataDir, "pglite.lockdir");

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-embedded-"));
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function openError(): Promise<BackendError> {
    const error = await openEmbeddedBackend(dataDir, testBackendOptions).then(
      async (backend) => {
        await backend.close();
        return undefined;
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }

  test(
    "creates the database on first start, survives a restart, and keeps a second opener out",
    // The second process waits out the lock's stale time (20 s) before it gives up.
    { timeout: 180_000 },
    async () => {
      const first = await openEmbeddedBackend(dataDir, testBackendOptions);
      expect(first.description).toBe(`embedded (PGlite at ${path.join(dataDir, "pglite")})`);
      const signUp = first.forRequest(new Request("http://shop.test/"));
      const { user } = await signUp.auth.signUp({ email: "persisted@example.com", password: "long enough 1" });
      // The sign-up's own request: its session is the new user's, as whom the data calls run.
      await signUp.carts.merge({
        userId: user.id,
        lines: [{ productId: "clip-1", quantity: 2 }],
      });
      expect(fs.statSync(lockDir()).isDirectory()).toBe(true);

      // A second instance in this process.
      const sameProcess = await openError();
      expect(sameProcess.message).toMatch(/already open in this process/);
      expect(sameProcess.message).toMatch(/DATA_DIR/);

      // A second process.
      const child = await promisify(execFile)(
        path.resolve("node_modules/.bin/vite-node"),
        ["--config", "vitest.config.ts", "tests/support/open-embedded-backend.ts", dataDir],
        { env: { ...process.env, VITEST: "true" } },
      );
      const outcome = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}");
      expect(outcome.opened).toBe(false);
      expect(outcome.message).toContain("is in use by another running shop process");
      expect(outcome.message).toContain("DATA_DIR");

      await first.close();
      expect(fs.existsSync(lockDir())).toBe(false);

      const restarted = await openEmbeddedBackend(dataDir, testBackendOptions);
      try {
        const scope = restarted.forRequest(new Request("http://shop.test/"));
        const signedIn = await scope.auth.signInWithPassword({
          email: "persisted@example.com",
          password: "long enough 1",
        });
        expect(signedIn.id).toBe(user.id);
        expect(await scope.carts.list({ userId: user.id })).toEqual([{ productId: "clip-1", quantity: 2 }]);
      } finally {
        await restarted.close();
      }
    },
  );

  test(
    "a lock nobody refreshes any more (its process was killed) is taken over once stale",
    { timeout: 60_000 },
    async () => {
      // What a kill -9 leaves: the lock directory, no longer refreshed. Its PID or hostname play no part.
      fs.mkdirSync(lockDir());
      const backend = await openEmbeddedBackend(dataDir, testBackendOptions);
      expect(fs.statSync(lockDir()).mtimeMs).toBeGreaterThan(Date.now() - 10_000);
      await backend.close();
      expect(fs.existsSync(lockDir())).toBe(false);
    },
  );
});

describe("test hook for route and module tests", () => {
  test("installTestBackend makes getBackend() and backendFor() answer with a fresh test database", async () => {
    const installed = await installTestBackend();
    try {
      expect(await getBackend()).toBe(installed.backend);
      const request = new Request("http://shop.test/");
      const scope = await backendFor(request, { responseHeaders: new Headers() });
      expect(scope).toBe(installed.backend.forRequest(request));
      const { user } = await scope.auth.signUp({ email: "hook@example.com", password: "long enough 1" });
      expect(await scope.profiles.get({ userId: user.id })).toMatchObject({ email: "hook@example.com" });
    } finally {
      await installed.uninstall();
    }
  });
});

describe("embedded backend: session cache", () => {
  let db: SqlDatabase;
  const backendOver = (overrides: Partial<SqlBackendOptions> = {}) =>
    createSqlBackend(db, "embedded (test)", { ...testBackendOptions, cacheSessions: true, ...overrides });
  const requestWith = (cookie?: string) =>
    new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

  beforeAll(async () => {
    ({ db } = await openTestDatabase());
  });

  afterAll(async () => {
    await db?.close();
  });

  async function signedUp(backend: Backend, password = "long enough 1") {
    const scope = backend.forRequest(requestWith());
    const { user } = await scope.auth.signUp({ email: `cache-${crypto.randomUUID()}@example.com`, password });
    return { user, password, cookie: cookiesAfter(scope.responseHeaders) };
  }

  const userOf = (backend: Backend, cookie: string) => backend.forRequest(requestWith(cookie)).auth.getUser();
  const deleteSessionRows = (userId: string) => db.query("delete from auth.sessions where user_id = $1", [userId]);

  test("a session read once is served from memory (so out-of-band deletes show only after a minute)", async () => {
    let clock = new Date("2032-05-01T00:00:00Z");
    const backend = backendOver({ now: () => clock });
    const { user, cookie } = await signedUp(backend);
    await expect(userOf(backend, cookie)).resolves.toEqual(user);
    // Nothing in this app deletes sessions behind the adapter's back; this shows the cache is really used.
    await deleteSessionRows(user.id);
    await expect(userOf(backend, cookie)).resolves.toEqual(user);
    clock = new Date(clock.getTime() + 60_000);
    await expect(userOf(backend, cookie)).resolves.toBeNull();
  });

  test("sign-out ends a cached session at once, for every backend object over the database", async () => {
    const first = backendOver();
    const second = backendOver();
    const { user, cookie } = await signedUp(first);
    await expect(userOf(first, cookie)).resolves.toEqual(user);
    await expect(userOf(second, cookie)).resolves.toEqual(user);
    await second.forRequest(requestWith(cookie)).auth.signOut();
    await expect(userOf(first, cookie)).resolves.toBeNull();
    await expect(userOf(second, cookie)).resolves.toBeNull();
  });

  test("a password change ends the other cached sessions at once and keeps this one", async () => {
    const backend = backendOver();
    const { user, password, cookie } = await signedUp(backend);
    const other = backend.forRequest(requestWith());
    await other.auth.signInWithPassword({ email: user.email, password });
    const otherCookie = cookiesAfter(other.responseHeaders);
    await expect(userOf(backend, cookie)).resolves.toEqual(user);
    await expect(userOf(backend, otherCookie)).resolves.toEqual(user);

    await backend
      .forRequest(requestWith(cookie))
      .auth.changePassword({ currentPassword: password, password: "another long one 2" });
    await expect(userOf(backend, otherCookie)).resolves.toBeNull();
    await expect(userOf(backend, cookie)).resolves.toEqual(user);
  });

  test("a cached session is not served past its expiry, and is renewed through the database", async () => {
    let clock = new Date("2033-01-01T00:00:00Z");
    const backend = backendOver({ now: () => clock });
    const { user, cookie } = await signedUp(backend);
    await expect(userOf(backend, cookie)).resolves.toEqual(user);
    // Well inside the minute a cached entry lives, but into the renewal window: the database renews it.
    clock = new Date(clock.getTime() + 16 * 24 * 3600 * 1000);
    const renewing = backend.forRequest(requestWith(cookie));
    await expect(renewing.auth.getUser()).resolves.toEqual(user);
    expect(renewing.responseHeaders.getSetCookie()).toHaveLength(1);
    clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000);
    await expect(userOf(backend, cookie)).resolves.toBeNull();
  });

  test("a sign-out while a lookup is in flight is not undone by that lookup", async () => {
    let clock = new Date("2034-01-01T00:00:00Z");
    const backend = backendOver({ now: () => clock });
    const { user, cookie } = await signedUp(backend);
    // In the renewal window the lookup reads the session, renews it and signs a new cookie before it would store
    // it: the sign-out's delete runs in between.
    clock = new Date(clock.getTime() + 16 * 24 * 3600 * 1000);
    const lookup = userOf(backend, cookie);
    const signOut = backend.forRequest(requestWith(cookie)).auth.signOut();
    await expect(lookup).resolves.toEqual(user);
    await signOut;
    await expect(userOf(backend, cookie)).resolves.toBeNull();
  });
});

describe("SQL adapter: data calls run as the request's verified session (decision 0020)", () => {
  let db: SqlDatabase;
  let backend: Backend;
  const requestWith = (cookie?: string) =>
    new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });

  beforeAll(async () => {
    ({ db } = await openTestDatabase());
    backend = createSqlBackend(db, "embedded (test)", testBackendOptions);
  });

  afterAll(async () => {
    await db?.close();
  });

  async function signedUp() {
    const scope = backend.forRequest(requestWith());
    const { user } = await scope.auth.signUp({
      email: `bound-${crypto.randomUUID()}@example.com`,
      password: "long enough 1",
    });
    return { user, cookie: cookiesAfter(scope.responseHeaders) };
  }
  const cartRows = (userId: string) =>
    db.query("select product_id from public.cart_items where user_id = $1", [userId]);

  test("a userId naming another user, or any user without a session, is refused and changes nothing", async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const asAlice = backend.forRequest(requestWith(alice.cookie));
    await expect(asAlice.carts.add({ userId: bob.user.id, productId: "clip-1", quantity: 1 })).rejects.toMatchObject({
      code: "not_authenticated",
    });
    await expect(asAlice.wishlist.list({ userId: bob.user.id })).rejects.toMatchObject({ code: "not_authenticated" });
    await expect(
      backend.forRequest(requestWith()).carts.add({ userId: bob.user.id, productId: "clip-1", quantity: 1 }),
    ).rejects.toBeInstanceOf(BackendError);
    expect(await cartRows(bob.user.id)).toEqual([]);
  });

  test("member() binds the data functions to the session's user; a visitor has none", async () => {
    const alice = await signedUp();
    const member = await backend.forRequest(requestWith(alice.cookie)).member();
    expect(member.userId).toBe(alice.user.id);
    await member.carts.add({ productId: "clip-1", quantity: 2 });
    expect(await member.carts.list()).toEqual([{ productId: "clip-1", quantity: 2 }]);
    expect(await cartRows(alice.user.id)).toEqual([{ product_id: "clip-1" }]);
    await expect(backend.forRequest(requestWith()).member()).rejects.toMatchObject({ code: "not_authenticated" });
  });
});

describe("the embedded database's planner statistics (it runs no autovacuum)", () => {
  /** `count` active products of two variants each, written at once as an import would. */
  const addProducts = (db: SqlDatabase, from: number, count: number) =>
    db.query(
      `with made as (
         insert into public.products (id, name, description, category, color, option_names, status, featured_position)
         select 'stats-' || n, 'Stats product ' || n, 'Written at once.', 'wigs', 'Jet Black',
                array['Length'], 'active', 1000 + n
         from generate_series($1::int, $1::int + $2::int - 1) as n
         returning id
       )
       insert into public.product_variants (id, product_id, position, sku, option_values, price_cents)
       select made.id || '-' || v, made.id, v, upper(made.id) || '-' || v, array[(12 + 2 * v)::text || ' inch'], 19900
       from made, generate_series(1, 2) as v`,
      [from, count],
    );
  const estimatedRows = async (db: SqlDatabase, table: string) =>
    Number(
      (await db.query<{ rows: number }>("select reltuples as rows from pg_class where oid = $1::regclass", [table]))[0]
        ?.rows,
    );

  test("tables that changed by autovacuum's threshold are analyzed, before each read of the whole catalogue too", async () => {
    const { db } = await openTestDatabase();
    const backend = await withPlannerStatistics(db, embeddedOver(db), { checkEveryMs: 3_600_000 });
    try {
      // Just analyzed: nothing has changed since.
      expect(await analyzeChangedTables(db)).toEqual([]);
      await addProducts(db, 1, 400);
      expect(await analyzeChangedTables(db)).toEqual(["public.product_variants", "public.products"]);
      expect(await estimatedRows(db, "public.products")).toBe(412);
      expect(await estimatedRows(db, "public.product_variants")).toBe(812);

      // Under 50 rows plus a tenth of the table: left as autovacuum would leave it.
      await addProducts(db, 401, 20);
      expect(await analyzeChangedTables(db)).toEqual([]);

      // A large import, then the catalogue's read (which follows a change within seconds): planned on new figures.
      await addProducts(db, 421, 1000);
      const { products } = await backend.catalogue.readAll();
      expect(products.filter((product) => product.id.startsWith("stats-"))).toHaveLength(1420);
      expect(await estimatedRows(db, "public.products")).toBe(1432);
      expect(await estimatedRows(db, "public.product_variants")).toBe(2852);
    } finally {
      await backend.close();
    }
  });
});

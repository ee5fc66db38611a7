import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { getMigratedSnapshot } from "#tests/setup/pglite";
import { ensureBuild, type ShopOptions, type ShopProcess, spawnShop, startShop, throwawayDir, tmpDir } from "#tests/support/shop-harness.mjs";

// The production suites' servers: the shop harness (tests/support/shop-harness.mjs) with these suites' settings.

export const TEST_SESSION_SECRET = "production-suite-session-secret-0123456789";

export type ProductionServer = ShopProcess;

export type StartOptions = Pick<ShopOptions, "buildDir" | "dataDir" | "env" | "timeoutMs" | "wrapper">;

/** The suites' settings under the test's own `env`. */
function suiteEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    SESSION_SECRET: TEST_SESSION_SECRET,
    // Plain http on loopback: cookies without the Secure flag, as a browser would need them here.
    ALLOW_HTTP: "true",
    LOG_LEVEL: "warn",
    // The suites sign up and post from one address far more than a shopper would: per-client limits are
    // tested on their own (rate-limits.test.ts turns them on).
    RATE_LIMITS: "off",
    // These suites sign members up over HTTP and go on at once; the e-mails have their own tests (tests/integration/mail).
    MAIL: "off",
    ...env,
  };
}

/** Spawns the production server on `port` without waiting for it (for a start that is meant to fail). */
export function spawnProductionServer(options: StartOptions & { buildDir: string }, port: number): ProductionServer {
  return spawnShop({ ...options, port, env: suiteEnv(options.env) });
}

/** Starts the production server on a free port and waits until /healthz answers. */
export function startProductionServer(options: StartOptions): Promise<ProductionServer> {
  return startShop({ ...options, env: suiteEnv(options.env) });
}

/**
 * A migrated embedded-database directory, ready for DATA_DIR. Creating and migrating one takes many seconds;
 * a template restored once from the migrated snapshot (tests/setup/pglite.ts) and cached in tests/.tmp is copied
 * in well under one.
 */
export async function migratedDataDir(): Promise<string> {
  const snapshot = await getMigratedSnapshot();
  const fingerprint = Buffer.from(await crypto.subtle.digest("SHA-256", await snapshot.arrayBuffer()))
    .toString("hex")
    .slice(0, 16);
  const template = path.join(tmpDir, `pglite-data-dir-${fingerprint}`);
  if (!fs.existsSync(template)) {
    const partial = `${template}.${process.pid}.partial`;
    fs.mkdirSync(partial, { recursive: true });
    const pglite = await PGlite.create(path.join(partial, "pglite"), { loadDataDir: snapshot });
    await pglite.close();
    // Renamed into place whole: parallel test files never copy half a template.
    try {
      fs.renameSync(partial, template);
    } catch {
      // Another test file got there first.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  const dataDir = throwawayDir("shop-production-").path;
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Opens a data directory the server has released (after it stopped), for checks with direct SQL. */
export async function openDataDir(dataDir: string): Promise<PGlite> {
  return PGlite.create(path.join(dataDir, "pglite"));
}

/** What a suite on the embedded backend runs against; filled in by the suite's first beforeAll. */
export interface EmbeddedServerSuite {
  server: ProductionServer;
  /** The build the server runs (never changed while it runs). */
  buildDir: string;
  /** The migrated embedded database the server opened. */
  dataDir: string;
}

/**
 * Starts the production server for a suite (the build of the current sources, a freshly migrated embedded database)
 * before its tests and removes the database after them. Call at the top of the file, before the suite's own hooks.
 */
export function useEmbeddedProductionServer(
  env: Record<string, string> = {},
  { stopSignal = "SIGTERM" }: { stopSignal?: NodeJS.Signals } = {},
): EmbeddedServerSuite {
  const suite = {} as EmbeddedServerSuite;
  beforeAll(async () => {
    suite.buildDir = await ensureBuild();
    suite.dataDir = await migratedDataDir();
    suite.server = await startProductionServer({ buildDir: suite.buildDir, dataDir: suite.dataDir, env });
  }, 600_000);
  afterAll(async () => {
    await suite.server?.stop(stopSignal);
    if (suite.dataDir) fs.rmSync(suite.dataDir, { recursive: true, force: true });
  });
  return suite;
}

import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  ensureBuild,
  freePort,
  spawnShop,
  startShop,
  throwawayDir,
  type ShopOptions,
  type ShopProcess,
} from "#scripts/lib/shop-harness.mjs";
import { migratedDataDirTemplate } from "#tests/support/pglite";
import { afterAll, beforeAll } from "vitest";

// The production suites' servers: the shop harness (scripts/lib/shop-harness.mjs) with these suites' settings.

export const TEST_SESSION_SECRET = "production-suite-session-secret-0123456789";

export type ProductionServer = ShopProcess;

/** How a suite's server differs: its data directory (none for another backend), settings, patience, wrapper. */
export type StartOptions = Pick<ShopOptions, "dataDir" | "env" | "timeoutMs" | "wrapper">;

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

/** A migrated embedded-database directory, ready for DATA_DIR: a copy of the tests' template. */
async function migratedDataDir(): Promise<string> {
  const dataDir = throwawayDir("shop-production-").path;
  fs.cpSync(await migratedDataDirTemplate(), dataDir, { recursive: true });
  return dataDir;
}

/** Opens a data directory the server has released (after it stopped), for checks with direct SQL. */
export async function openDataDir(dataDir: string): Promise<PGlite> {
  return PGlite.create(path.join(dataDir, "pglite"));
}

/** Servers of one suite, on the build of the current sources (see useProductionServers). */
export interface ProductionServers {
  /** The build every server of the suite runs (made before its tests, never changed while they run). */
  readonly buildDir: string;
  /** A freshly migrated embedded database directory. */
  dataDir(): Promise<string>;
  /** Starts a server on a free port and waits until it answers. */
  start(options?: StartOptions): Promise<ProductionServer>;
  /** Spawns a server on a free port without waiting for it (for a start that is meant to fail). */
  spawn(options?: StartOptions): Promise<ProductionServer>;
}

/**
 * For a suite that starts servers: the build, made before its tests, and servers and data directories on demand;
 * after its tests every server still running is killed and every data directory removed. Call at the top of the file.
 */
export function useProductionServers(): ProductionServers {
  const servers: ProductionServer[] = [];
  const dataDirs: string[] = [];
  let buildDir = "";
  beforeAll(async () => {
    buildDir = await ensureBuild();
  }, 600_000);
  afterAll(async () => {
    for (const server of servers) await server.stop("SIGKILL");
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const track = (server: ProductionServer) => (servers.push(server), server);
  return {
    get buildDir() {
      return buildDir;
    },
    async dataDir() {
      const dir = await migratedDataDir();
      dataDirs.push(dir);
      return dir;
    },
    async start(options = {}) {
      return track(await startShop({ ...options, buildDir, env: suiteEnv(options.env) }));
    },
    async spawn(options = {}) {
      return track(spawnShop({ ...options, buildDir, port: await freePort(), env: suiteEnv(options.env) }));
    },
  };
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
 * before its tests; after them stops it with `stopSignal` and removes the database. Call at the top of the file,
 * before the suite's own hooks.
 */
export function useEmbeddedProductionServer(
  env: Record<string, string> = {},
  { stopSignal = "SIGTERM" }: { stopSignal?: NodeJS.Signals } = {},
): EmbeddedServerSuite {
  const servers = useProductionServers();
  const suite = {} as EmbeddedServerSuite;
  beforeAll(async () => {
    suite.buildDir = servers.buildDir;
    suite.dataDir = await servers.dataDir();
    suite.server = await servers.start({ dataDir: suite.dataDir, env });
  }, 600_000);
  afterAll(async () => {
    await suite.server?.stop(stopSignal);
  });
  return suite;
}

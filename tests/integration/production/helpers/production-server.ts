import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll } from "vitest";
import { getMigratedSnapshot } from "#tests/setup/pglite";
import { copyProductionBuild, projectDir } from "./production-build";

export const TEST_SESSION_SECRET = "production-suite-session-secret-0123456789";

export interface ProductionServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the server wrote so far (stdout and stderr, interleaved). */
  output(): string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Sends a signal (SIGTERM by default) and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  buildDir: string;
  /** Embedded backend data directory; omit when env sets DATABASE_URL. */
  dataDir?: string;
  env?: Record<string, string>;
  /** Default 120 s: a cold start on a busy two-core machine takes a while. */
  timeoutMs?: number;
  /** Runs the server through this command (its args, then `node server.js`), e.g. `unshare` for a container's PID 1. */
  wrapper?: { command: string; args: string[] };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("No free port"))));
    });
  });
}

/** Spawns `node server.js` in production mode (without waiting for it). */
export function spawnProductionServer({ buildDir, dataDir, env = {}, wrapper }: Omit<StartOptions, "timeoutMs">, port: number) {
  let output = "";
  const [command, args] = wrapper ? [wrapper.command, [...wrapper.args, process.execPath, "server.js"]] : [process.execPath, ["server.js"]];
  const child = spawn(command, args, {
    cwd: projectDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Plain http on loopback: cookies without the Secure flag, as a browser would need them here.
      ALLOW_HTTP: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      // The suites sign up and post from one address far more than a shopper would: per-client limits are
      // tested on their own (rate-limits.test.ts turns them on).
      RATE_LIMITS: "off",
      // These suites sign members up over HTTP and go on at once; the e-mails have their own tests (tests/integration/mail).
      MAIL: "off",
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A test run that dies must not leave servers behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.off("exit", killOnExit));
  return { child, exited, output: () => output };
}

/** Starts the production server on a free port and waits until /healthz answers. */
export async function startProductionServer(options: StartOptions): Promise<ProductionServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, exited, output } = spawnProductionServer(options, port);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}) while starting:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /healthz in time:\n${output()}`);
    }
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (status !== 0) {
      child.kill("SIGKILL");
      throw new Error(`/healthz answered ${status}: is build/ older than app/routes/healthz.ts? Run \`npm run build\`.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    port,
    child,
    output,
    exited,
    async stop(signal = "SIGTERM") {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
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
  const template = path.join(projectDir, "tests/.tmp", `pglite-data-dir-${fingerprint}`);
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-production-"));
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
  /** The suite's private copy of the build (node server.js serves it). */
  buildDir: string;
  /** The migrated embedded database the server opened. */
  dataDir: string;
}

/**
 * Starts the production server for a suite (a copy of the build, a freshly migrated embedded database) before
 * its tests and removes all of it after them. Call at the top of the file, before the suite's own hooks.
 */
export function useEmbeddedProductionServer(
  env: Record<string, string> = {},
  { stopSignal = "SIGTERM" }: { stopSignal?: NodeJS.Signals } = {},
): EmbeddedServerSuite {
  const suite = {} as EmbeddedServerSuite;
  let build: { dir: string; remove: () => void } | undefined;
  beforeAll(async () => {
    build = await copyProductionBuild();
    suite.buildDir = build.dir;
    suite.dataDir = await migratedDataDir();
    suite.server = await startProductionServer({ buildDir: build.dir, dataDir: suite.dataDir, env });
  }, 600_000);
  afterAll(async () => {
    await suite.server?.stop(stopSignal);
    build?.remove();
    if (suite.dataDir) fs.rmSync(suite.dataDir, { recursive: true, force: true });
  });
  return suite;
}

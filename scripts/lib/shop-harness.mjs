// Starts the shop's production server in another process, for everything that needs a real one: the end-to-end
// launcher (tests/e2e/start-server.mjs), the production suites (tests/integration/production), the load test and
// the benchmarks. One production build per state of the sources, shared by all of them; a free port; a throwaway
// data directory; an environment made from nothing but what the caller asks for; the server killed when we exit.
// Plain JavaScript with JSDoc types, so that .mjs scripts and the TypeScript tests import the same module.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import lockfile from "proper-lockfile";

import { SHOP_NODE_FLAGS } from "../../server/node-flags.js";

const execFileAsync = promisify(execFile);

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Git-ignored scratch space of the tests and benchmarks. */
export const tmpDir = path.join(projectRoot, "tests/.tmp");
/** The end-to-end run's JSON report (playwright.config.ts), which `npm run validate` reads for its stage times. */
export const e2eReportFile = path.join(tmpDir, "e2e-report.json");
/** One production build per state of the sources, named by its hash; never changed once in place. */
const buildsDir = path.join(tmpDir, "builds");

/**
 * What a production build is made from: the app, the files it serves or compiles in (public/, the migrations
 * it embeds), and how it is compiled. Test files beside the app's modules are left out: they are never bundled.
 * (Tailwind also finds class names in other text files of the project; a test that adds one changes nothing a test
 * can see.)
 */
const BUILD_INPUTS = [
  "app",
  "public",
  "supabase/migrations",
  "patches",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.json",
  "tailwind.config.ts",
];
const isTestFile = (file) => /\.test\.tsx?$/.test(file);
/** A build nobody has asked for (ensureBuild) for this long is removed when the next one is made. */
const UNUSED_BUILD_LIFETIME_MS = 24 * 60 * 60_000;

/** A short hash of every build input's path and content. */
export function sourcesHash() {
  const hash = crypto.createHash("sha256");
  for (const input of BUILD_INPUTS) {
    const absolute = path.join(projectRoot, input);
    if (!fs.existsSync(absolute)) continue;
    const files = fs.statSync(absolute).isDirectory()
      ? fs
          .readdirSync(absolute, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(projectRoot, path.join(entry.parentPath ?? entry.path, entry.name)))
      : [input];
    for (const file of files.filter((name) => !isTestFile(name)).sort()) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(projectRoot, file)));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The production build of the sources as they are now, made by `npm run build` into tests/.tmp/builds/<hash>
 * unless it is there already. Concurrent callers (test files in parallel, a benchmark beside them) take one lock:
 * the first builds, the others wait and use its build. A build is complete once it is in place (it is written
 * elsewhere and renamed) and never changes after, so servers can run on it while the sources change again.
 * @param {{ log?: (message: string) => void }} [options] log: progress lines (default: none)
 * @returns {Promise<string>} the build's directory, for BUILD_DIR
 */
export async function ensureBuild({ log = () => {} } = {}) {
  const dir = path.join(buildsDir, sourcesHash());
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(buildsDir, { recursive: true });
    const release = await lockfile.lock(buildsDir, {
      // A build takes minutes on a busy machine: wait that long for another one, and refresh the lock meanwhile.
      retries: { retries: 20 * 60, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 },
      stale: 60_000,
      onCompromised: (error) => log(`The build lock was lost (${error.message}); building anyway.`),
    });
    try {
      if (!fs.existsSync(dir)) await buildInto(dir, log);
      removeUnusedBuilds(dir);
    } finally {
      await release().catch(() => {});
    }
  }
  // Its modification time says when it was last used (see removeUnusedBuilds).
  const now = new Date();
  try {
    fs.utimesSync(dir, now, now);
  } catch {
    // Removed as unused by another process just now: make it again.
    return ensureBuild({ log });
  }
  return dir;
}

/** @param {string} dir @param {(message: string) => void} log */
async function buildInto(dir, log) {
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  log(`Building the shop (npm run build) into ${path.relative(projectRoot, dir)}...`);
  const started = Date.now();
  // Not the caller's NODE_ENV or VITEST: a build started from a test runner must be the same production build.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== "NODE_ENV" && !name.startsWith("VITEST")),
  );
  try {
    // Asynchronous, so that a test worker keeps answering its runner during a build.
    await execFileAsync("npm", ["run", "build"], {
      cwd: projectRoot,
      env: { ...env, BUILD_DIR: partial },
      maxBuffer: 64 * 1024 * 1024,
    });
    const missing = missingAssets(partial);
    if (missing.length > 0)
      throw new Error(`the server build links files the client build lacks: ${missing.slice(0, 5).join(", ")}`);
    fs.renameSync(partial, dir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    const output = error && typeof error === "object" && "stdout" in error ? `\n${error.stdout}\n${error.stderr}` : "";
    throw new Error(`npm run build failed: ${error instanceof Error ? error.message : String(error)}${output}`);
  }
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Every /assets file the server build links must exist in the client build, or pages would link 404s. */
function missingAssets(buildDir) {
  const serverDir = path.join(buildDir, "server");
  const serverCode = fs
    .readdirSync(serverDir, { recursive: true })
    .filter((file) => String(file).endsWith(".js"))
    .map((file) => fs.readFileSync(path.join(serverDir, String(file)), "utf8"))
    .join("\n");
  const linked = new Set(serverCode.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  // The server build names its own chunks under /assets too; those live in build/server.
  return [...linked].filter(
    (asset) => !fs.existsSync(path.join(buildDir, "client", asset)) && !fs.existsSync(path.join(serverDir, asset)),
  );
}

/** Builds of older sources nobody asked for in a day, and leftovers of interrupted builds. */
function removeUnusedBuilds(current) {
  for (const name of fs.readdirSync(buildsDir)) {
    const dir = path.join(buildsDir, name);
    if (dir === current) continue;
    const unusedFor = Date.now() - fs.statSync(dir).mtimeMs;
    if (name.includes(".partial-") || unusedFor > UNUSED_BUILD_LIFETIME_MS)
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A port nobody listens on now, chosen by the OS. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("No free port")),
      );
    });
  });
}

/** What to undo if this process exits first (kill our servers, remove our directories): one listener for all. */
const atExit = new Set();
process.on("exit", () => {
  for (const undo of atExit) undo();
});

/**
 * A directory that is removed when `remove()` is called or this process exits: a new one under the system's
 * temporary directory, or `at` emptied first (e.g. a known place where end-to-end specs read the shop's mail).
 * @param {string} prefix
 * @param {{ at?: string }} [options]
 * @returns {{ path: string; remove: () => void }}
 */
export function throwawayDir(prefix, { at } = {}) {
  let dir;
  if (at) {
    fs.rmSync(at, { recursive: true, force: true });
    fs.mkdirSync(at, { recursive: true });
    dir = at;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  }
  const remove = () => {
    atExit.delete(remove);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  atExit.add(remove);
  return { path: dir, remove };
}

/**
 * @typedef {object} ShopOptions
 * @property {string} [buildDir] the build to serve (default: ensureBuild())
 * @property {number} [port] default: a free one
 * @property {string} [host] default 127.0.0.1
 * @property {string} [dataDir] the embedded database's directory, kept afterwards (default: a throwaway one,
 *   removed by stop()); none when `env` chooses another backend (BACKEND, DATABASE_URL or SUPABASE_URL)
 * @property {Record<string, string>} [env] the shop's settings. The server's environment is made of these and the
 *   harness's own (NODE_ENV=production, a random SESSION_SECRET, HOST, PORT, BUILD_DIR, BACKEND and DATA_DIR), never
 *   the caller's: a DATABASE_URL or SMTP_URL in a developer's shell or .env must not change what is tested.
 * @property {{ command: string; args: string[] }} [wrapper] runs the server through this command (its args, then
 *   `node server.js`), e.g. `unshare` to make it PID 1 of a container
 * @property {string[]} [nodeArgs] for node itself, e.g. ["--cpu-prof"], after the shop's own flags
 * @property {string[]} [nodeFlags] the shop's V8 flags, as `npm start` passes them (server/node-flags.js); [] to
 *   measure the shop without them
 * @property {boolean} [echo] also write the server's output to ours (it is always kept, see output())
 * @property {(line: string) => void} [onLine] called with each line the server writes
 * @property {number} [timeoutMs] how long start waits for /healthz; default 180 s (creating an embedded database
 *   took over 60 s on a loaded two-core machine)
 */

/**
 * @typedef {object} ShopProcess
 * @property {string} url e.g. http://127.0.0.1:43210
 * @property {number} port
 * @property {number} pid
 * @property {import("node:child_process").ChildProcess} child
 * @property {string | undefined} dataDir the embedded database's directory, if any
 * @property {() => string} output what the server wrote so far, stdout and stderr interleaved (the last 8 MB)
 * @property {(match: string | RegExp | ((line: string) => boolean), timeoutMs?: number) => Promise<string>} waitForOutput
 *   resolves with the first line the server wrote that contains `match` (or matches it), as soon as it is written
 * @property {Promise<number | null>} exited resolves with the exit code (null after a signal) once it ended and all
 *   it wrote has been read
 * @property {(signal?: NodeJS.Signals, options?: { killAfterMs?: number }) => Promise<number | null>} stop sends
 *   the signal (SIGTERM by default), SIGKILL if it has not exited after killAfterMs (default 60 s), removes a
 *   throwaway data directory, and resolves with the exit code
 */

/**
 * Spawns `node server.js` in production mode, without waiting for it to answer (see startShop).
 * @param {ShopOptions & { buildDir: string; port: number }} options
 * @returns {ShopProcess}
 */
export function spawnShop({
  buildDir,
  port,
  host = "127.0.0.1",
  dataDir,
  env = {},
  wrapper,
  nodeArgs = [],
  nodeFlags = SHOP_NODE_FLAGS,
  echo = false,
  onLine,
}) {
  const embedded = !env.BACKEND && !env.DATABASE_URL && !env.SUPABASE_URL ? true : env.BACKEND === "embedded";
  const throwaway = embedded && !dataDir ? throwawayDir("shop-data-") : undefined;
  const databaseDir = embedded ? (dataDir ?? throwaway?.path) : undefined;
  const node = [process.execPath, ...nodeFlags, ...nodeArgs, path.join(projectRoot, "server.js")];
  const [command, ...args] = wrapper ? [wrapper.command, ...wrapper.args, ...node] : node;
  const child = spawn(command, args, {
    // Not the project: server.js reads a .env file in its working directory. The build is never written to.
    cwd: buildDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inheritedBasics(),
      NODE_ENV: "production",
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      HOST: host,
      PORT: String(port),
      BUILD_DIR: buildDir,
      ...(databaseDir ? { BACKEND: "embedded", DATA_DIR: databaseDir } : {}),
      ...env,
    },
  });

  const output = keptOutput(onLine);
  for (const [stream, ours] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    const lines = output.lineReader();
    stream.on("data", (chunk) => {
      output.add(chunk.toString());
      lines(chunk.toString());
      if (echo) ours.write(chunk);
    });
  }
  // "close", not "exit": once it resolves, all the server wrote has been read (output() is complete).
  const exited = new Promise((resolve) => {
    child.once("close", (code) => resolve(code));
    // The command could not be run (e.g. a wrapper that is not installed).
    child.once("error", (error) => {
      output.add(`${error.message}\n`);
      resolve(null);
    });
  });
  let hasExited = false;
  // A test run or script that ends (or dies of an error) must not leave its servers behind.
  const killOnExit = () => child.kill("SIGKILL");
  atExit.add(killOnExit);
  void exited.then(() => {
    hasExited = true;
    atExit.delete(killOnExit);
  });

  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    pid: child.pid ?? 0,
    child,
    dataDir: databaseDir,
    output: output.text,
    waitForOutput: output.waitFor,
    exited,
    async stop(signal = "SIGTERM", { killAfterMs = 60_000 } = {}) {
      if (!hasExited) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
        await exited;
        clearTimeout(timer);
      }
      throwaway?.remove();
      return exited;
    },
  };
}

/**
 * Starts the shop and waits until it answers (see untilReady).
 * @param {ShopOptions} [options]
 * @returns {Promise<ShopProcess & { startSeconds: number }>}
 */
export async function startShop(options = {}) {
  const buildDir = options.buildDir ?? (await ensureBuild());
  const shop = spawnShop({ ...options, buildDir, port: options.port ?? (await freePort()) });
  return { ...shop, startSeconds: await untilReady(shop, options.timeoutMs) };
}

/**
 * The staff set-up links a shop printed at start-up (decision 0032), read from its output: { address: link }. A later
 * start's link replaces an earlier one for the same address, as the shop does.
 * @param {string} output
 * @returns {Record<string, string>}
 */
export function staffSetupLinksIn(output) {
  const lines = output.matchAll(/^\s+(\S+@\S+): (http\S+\/auth\/staff-setup\?token=[0-9a-f]{64})$/gm);
  return Object.fromEntries([...lines].map(([, email, link]) => [email, link]));
}

/**
 * Waits until /healthz answers 200 and resolves with the seconds that took. If the shop exits first, answers
 * anything else or takes longer than timeoutMs (default 180 s), stops it and throws with what it wrote.
 * @param {ShopProcess} shop
 * @param {number} [timeoutMs]
 * @returns {Promise<number>}
 */
export async function untilReady(shop, timeoutMs = 180_000) {
  const started = Date.now();
  let exitCode;
  void shop.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) {
      await shop.stop();
      throw new Error(`The shop exited (${exitCode ?? shop.child.signalCode}) while starting:\n${shop.output()}`);
    }
    if (Date.now() - started > timeoutMs) {
      await shop.stop("SIGKILL");
      throw new Error(`The shop did not answer ${shop.url}/healthz within ${timeoutMs / 1000} s:\n${shop.output()}`);
    }
    const status = await fetch(`${shop.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return (Date.now() - started) / 1000;
    if (status !== 0) {
      await shop.stop("SIGKILL");
      throw new Error(`${shop.url}/healthz answered ${status} while starting:\n${shop.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What any program needs to run; nothing the shop reads. */
function inheritedBasics() {
  const names = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return Object.fromEntries(
    names.filter((name) => process.env[name] !== undefined).map((name) => [name, process.env[name]]),
  );
}

const OUTPUT_LIMIT = 8 * 1024 * 1024;

/**
 * The server's output: the last OUTPUT_LIMIT characters as written, and the complete lines of each stream (for
 * onLine and waitFor: a line of stdout stays whole even when stderr wrote in the middle of it).
 */
function keptOutput(onLine) {
  const text = boundedList();
  const lines = boundedList();
  /** @type {Set<(line: string) => void>} */
  const lineListeners = new Set(onLine ? [onLine] : []);
  return {
    /** @param {string} chunk */
    add: text.add,
    /** A reader of one stream's chunks that keeps and passes on each complete line. */
    lineReader() {
      let partialLine = "";
      return (/** @type {string} */ chunk) => {
        const complete = (partialLine + chunk).split("\n");
        partialLine = complete.pop() ?? "";
        for (const line of complete) {
          lines.add(line);
          for (const listener of lineListeners) listener(line);
        }
      };
    },
    text: () => text.items().join(""),
    /** @param {string | RegExp | ((line: string) => boolean)} match @param {number} [timeoutMs] @returns {Promise<string>} */
    waitFor(match, timeoutMs = 30_000) {
      const matches = (line) =>
        typeof match === "string" ? line.includes(match) : typeof match === "function" ? match(line) : match.test(line);
      const already = lines.items().find(matches);
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          lineListeners.delete(listener);
          reject(new Error(`The shop wrote no line with ${String(match)} within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const listener = (line) => {
          if (!matches(line)) return;
          clearTimeout(timer);
          lineListeners.delete(listener);
          resolve(line);
        };
        lineListeners.add(listener);
      });
    },
  };
}

/** Strings, the oldest dropped once they add up to more than OUTPUT_LIMIT characters. */
function boundedList() {
  /** @type {string[]} */
  const items = [];
  let length = 0;
  return {
    add(/** @type {string} */ item) {
      items.push(item);
      length += item.length;
      while (length > OUTPUT_LIMIT && items.length > 1) length -= items.shift()?.length ?? 0;
    },
    items: () => items,
  };
}

// `node scripts/lib/shop-harness.mjs build` (npm run build:tests): the build the tests run, made now if the sources
// changed since the last one; prints its directory.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== "build") {
    console.error("Usage: node scripts/lib/shop-harness.mjs build");
    process.exit(2);
  }
  console.log(await ensureBuild({ log: (message) => console.error(message) }));
}

// Runs the shop's production server for a benchmark, through the shop harness (scripts/lib/shop-harness.mjs):
// the build of the current sources (made once per change, never changed under a running server), a temporary
// embedded database, a free port, nothing from the caller's environment; plus what benchmarks measure: the
// server's own memory read from /proc, and the lines it logged at error level.
import fs from "node:fs";
import path from "node:path";

import {
  ensureBuild,
  freePort,
  projectRoot,
  spawnShop,
  throwawayDir,
  tmpDir,
  untilReady,
} from "../../lib/shop-harness.mjs";

export { projectRoot, tmpDir };

/**
 * The production build of the current sources (built first if they changed since the last one; every /assets file
 * the server build links is checked to exist). Returns its directory, for startShopServer. `skipBuild` is
 * accepted for the scripts' --skip-build and changes nothing: an unchanged source is never built twice.
 * `source` serves another build directory instead (a saved build of main, say, to compare with in one run).
 */
export async function buildSnapshot({ source } = {}) {
  if (source) return path.resolve(projectRoot, source);
  return ensureBuild({ log: console.log });
}

/** Resident memory of a process in bytes: VmRSS now, VmHWM the peak since start (or since the last reset). */
function readMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kilobytes("VmRSS"), hwm: kilobytes("VmHWM") };
  } catch {
    return null;
  }
}

/** One `node server.js` process, sampled for memory; resolves once it answers HTTP. */
async function launchServer(snapshot, { env, dataDir, label, nodeArgs = [], nodeFlags, onLine }) {
  // With LOG_LEVEL=info the server writes a line per request: keep every error line apart.
  const errorLines = [];
  const readLine = (line) => {
    const isError = line.startsWith("{") ? line.includes('"level":"error"') : /error/i.test(line);
    if (isError && errorLines.length < 50) errorLines.push(line.slice(0, 500));
    onLine?.(line);
  };
  const server = spawnShop({
    buildDir: snapshot,
    port: await freePort(),
    dataDir,
    env,
    nodeArgs,
    nodeFlags,
    onLine: readLine,
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    const memory = readMemory(server.pid);
    if (memory) peakRss = Math.max(peakRss, memory.rss);
  }, 200);
  let startSeconds;
  try {
    startSeconds = await untilReady(server);
  } catch (error) {
    clearInterval(sampler);
    throw new Error(`The ${label} server did not start: ${error instanceof Error ? error.message : String(error)}`);
  }

  return {
    baseUrl: server.url,
    pid: server.pid,
    startSeconds,
    /** Peak RSS seen by the 200 ms sampler, and the kernel's own peak (VmHWM), in bytes. */
    memory() {
      const now = readMemory(server.pid);
      if (now) peakRss = Math.max(peakRss, now.rss);
      return { peakRss, vmHwm: Math.max(now?.hwm ?? 0, peakRss), rss: now?.rss ?? 0 };
    },
    /**
     * Starts the peaks afresh: the kernel's VmHWM (written 5 to /proc/PID/clear_refs, Linux 4.0+) and the sampler's,
     * so that the next memory() tells the peak of what ran since (one load of several on the same server).
     */
    resetPeak() {
      try {
        fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
      } catch {
        // Not Linux, or not allowed: the peaks then run from the start, which only overstates them.
      }
      peakRss = readMemory(server.pid)?.rss ?? 0;
    },
    output: server.output,
    /** Up to 50 lines the server logged at error level (or non-JSON lines that mention an error). */
    errorLines: () => [...errorLines],
    async stop() {
      clearInterval(sampler);
      await server.stop("SIGTERM", { killAfterMs: 15_000 });
    },
  };
}

/**
 * Starts `node server.js` (production, embedded backend, a temporary database) on the build, as a deployed
 * shop runs: the database is created by a first start that is then stopped, and the measured server opens it.
 * (Creating it runs initdb inside the process, a one-off peak of several hundred MB, reported as creationPeak.)
 * `extraEnv` adds variables (e.g. CATALOG_FIXTURE, LOG_LEVEL); `nodeArgs` go to the measured server's node
 * (e.g. ["--cpu-prof"] to see where its time goes), after the shop's own V8 flags; `nodeFlags` replaces those
 * (benchNodeFlags turns a bench's --node-flags into it).
 * `prepare(dataDir)`, when given, runs once the database exists and before the measured server opens it (e.g. to
 * write many rows directly, faster than through the shop). `onLine(line)` is called with each line the measured
 * server writes: output() keeps only its last 8 MB, which a few seconds of logged requests under load fill.
 */
export async function startShopServer(
  snapshot,
  { extraEnv = {}, label = "shop", nodeArgs = [], nodeFlags, prepare, onLine } = {},
) {
  const dataDir = throwawayDir("shop-bench-data-");
  // Otherwise as deployed (every request logged, per-client limits on, Secure cookies).
  const env = {
    // Members sign up and go straight on shopping: no confirmation link, no sender (decision 0016).
    MAIL: "off",
    ...extraEnv,
  };
  let server;
  let startupOutput = "";
  let creationPeak = 0;
  let creationSeconds = 0;
  try {
    const creator = await launchServer(snapshot, {
      env,
      dataDir: dataDir.path,
      label: `${label} (creating its database)`,
    });
    creationPeak = creator.memory().vmHwm;
    creationSeconds = creator.startSeconds;
    await creator.stop();
    if (prepare) await prepare(dataDir.path);
    server = await launchServer(snapshot, { env, dataDir: dataDir.path, label, nodeArgs, nodeFlags, onLine });
    startupOutput = server.output();
  } catch (error) {
    dataDir.remove();
    throw error;
  }
  console.log(
    `${label} server ready on ${server.baseUrl} (pid ${server.pid}, opened its database in ${server.startSeconds.toFixed(1)} s)`,
  );
  return {
    ...server,
    /** Seconds from spawn to a 200 from /healthz of the start that created the database (startSeconds: the measured one). */
    creationSeconds,
    /**
     * What the measured server wrote until it answered (the staff set-up links among it): output() keeps only the
     * last 8 MB, which the request log overwrites under load.
     */
    startupOutput,
    /** Memory of the measured server, plus the one-off peak of the start that created the database. */
    memory: () => ({ ...server.memory(), creationPeak }),
    async stop() {
      await server.stop();
      dataDir.remove();
    },
  };
}

/**
 * Kept for the scripts that call it after a run: the build is shared and removed by the harness once unused.
 * @param {string} _snapshot
 */
export function removeSnapshot(_snapshot) {}

/**
 * A quick check that the build we are about to measure works: the home page renders and every
 * stylesheet and script it links is served. Measuring a page whose CSS 404s would flatter it.
 */
export async function checkPageAssets(baseUrl) {
  const response = await fetch(`${baseUrl}/`);
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
  const html = await response.text();
  // Since decision 0018 the scripts are named in the inline loader and manifest (JSON strings), not in src/href.
  const assets = [...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  if (assets.length === 0) throw new Error("GET / links no /assets files: is this a production build?");
  for (const asset of new Set(assets)) {
    const assetResponse = await fetch(`${baseUrl}${asset}`);
    if (assetResponse.status !== 200) throw new Error(`${asset}, linked from /, answered ${assetResponse.status}`);
    await assetResponse.arrayBuffer();
  }
}

/**
 * A bench's --node-flags option as startShopServer's `nodeFlags`: "shop" (the default) runs the server with the
 * shop's V8 flags as `npm start` does, "none" without them (to measure what they change), anything else is a
 * comma-separated list of flags.
 */
export function benchNodeFlags(option) {
  if (option === "shop") return undefined;
  if (option === "none") return [];
  return option.split(",").filter(Boolean);
}

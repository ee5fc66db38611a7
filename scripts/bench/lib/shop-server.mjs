// Builds the shop and runs its production server for a benchmark, isolated from everyone else on the machine:
// a private copy of the build (others rebuild build/ while we measure), a temporary embedded database,
// a free port, and the server's own memory read from /proc.
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export const projectRoot = path.resolve(fileURLToPath(import.meta.url), "../../../..");
export const tmpDir = path.join(projectRoot, "tests/.tmp");

// Ports other tools on this machine use (dev server, Vite preview, Playwright's web servers).
const reservedPorts = new Set([3000, 4173, 4174, 4175]);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether anyone (another helper, CI) is running a Remix build right now. */
async function buildRunning() {
  try {
    // execFile, not a shell: a shell's own command line would contain the pattern and match itself.
    await execFileAsync("pgrep", ["-f", "remix vite:build"]);
    return true;
  } catch (error) {
    if (error.code === 1) return false; // pgrep: nothing matched
    throw error;
  }
}

async function waitForOtherBuilds(timeoutMs = 10 * 60_000) {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  while (await buildRunning()) {
    if (!announced) console.log("Waiting for another `remix vite:build` on this machine to finish...");
    announced = true;
    if (Date.now() > deadline) throw new Error("Another build has been running for 10 minutes; giving up.");
    await sleep(1000);
  }
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
    (asset) => !fs.existsSync(path.join(buildDir, "client", asset)) && !fs.existsSync(path.join(serverDir, asset))
  );
}

/**
 * `npm run build`, then a private copy of build/ under tests/.tmp (server.js serves it through BUILD_DIR), so
 * that another build replacing build/ mid-benchmark cannot make our server link assets that no longer exist.
 * Retries when a concurrent build left the two halves of build/ out of step. Returns the copy's path.
 * `source` copies another build directory instead (with skipBuild), e.g. a saved build of main to compare with.
 */
export async function buildSnapshot({ skipBuild = false, source = path.join(projectRoot, "build") } = {}) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (!skipBuild) {
      await waitForOtherBuilds();
      console.log("Building (npm run build)...");
      const started = Date.now();
      try {
        await execFileAsync("npm", ["run", "build"], { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 });
      } catch (error) {
        throw new Error(`npm run build failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
      }
      console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // Someone else's build may have started since ours finished: copy only once it is done.
    await waitForOtherBuilds();
    fs.mkdirSync(tmpDir, { recursive: true });
    // Inside the project, so that the server build resolves its packages from our node_modules.
    const snapshot = fs.mkdtempSync(path.join(tmpDir, "bench-build-"));
    let missing;
    try {
      fs.cpSync(path.resolve(projectRoot, source), snapshot, { recursive: true });
      missing = missingAssets(snapshot);
    } catch (error) {
      // A build started while we copied and deleted files under us.
      missing = [error instanceof Error ? error.message : String(error)];
    }
    if (missing.length === 0) return snapshot;
    fs.rmSync(snapshot, { recursive: true, force: true });
    if (skipBuild) throw new Error(`build/ is inconsistent (missing ${missing.join(", ")}); rebuild without --skip-build.`);
    console.log(`The build changed under us (${missing.slice(0, 3).join(", ")}); building again.`);
  }
  throw new Error("Three builds in a row were overwritten by concurrent builds; try again when the machine is quieter.");
}

/** A free port: the first free one of BENCH_PORT_RANGE (e.g. "4302-4309", on a shared machine), else any. */
async function freePort() {
  const [first, last] = (process.env.BENCH_PORT_RANGE ?? "").split("-").map(Number);
  for (let port = first; port <= last; port++) if (await portIsFree(port)) return port;
  if (first) throw new Error(`No free port in BENCH_PORT_RANGE=${process.env.BENCH_PORT_RANGE}`);
  for (;;) {
    const port = await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port: chosen } = /** @type {net.AddressInfo} */ (probe.address());
        probe.close(() => resolve(chosen));
      });
    });
    if (!reservedPorts.has(port)) return port;
  }
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
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

/** One `node server.js` process; resolves once it answers HTTP. */
async function launchServer(snapshot, { env, label, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // With LOG_LEVEL=info the server writes a line per request: keep the tail, and every error line apart.
  const errorLines = [];
  let pending = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const isError = line.startsWith("{") ? line.includes('"level":"error"') : /error/i.test(line);
      if (isError && errorLines.length < 50) errorLines.push(line.slice(0, 500));
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  const exitPromise = new Promise((resolve) => child.once("exit", (code, signal) => resolve((exited = { code, signal }))));

  let peakRss = 0;
  const sampler = setInterval(() => {
    const memory = readMemory(child.pid);
    if (memory) peakRss = Math.max(peakRss, memory.rss);
  }, 200);

  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const started = Date.now();
  // Creating the embedded database takes seconds, far more on a loaded machine.
  while (Date.now() - started < 180_000) {
    if (exited) break;
    try {
      await fetch(`${baseUrl}/robots.txt`, { signal: AbortSignal.timeout(5000) });
      break;
    } catch {
      await sleep(250);
    }
  }
  if (exited || Date.now() - started >= 180_000) {
    clearInterval(sampler);
    child.kill("SIGKILL");
    throw new Error(
      `The ${label} server did not start (${exited ? `exit ${exited.code ?? exited.signal}` : "timeout"}):\n${output}`
    );
  }
  const startSeconds = (Date.now() - started) / 1000;

  return {
    baseUrl,
    pid: child.pid,
    startSeconds,
    /** Peak RSS seen by the 200 ms sampler, and the kernel's own peak (VmHWM), in bytes. */
    memory() {
      const now = readMemory(child.pid);
      if (now) peakRss = Math.max(peakRss, now.rss);
      return { peakRss, vmHwm: Math.max(now?.hwm ?? 0, peakRss), rss: now?.rss ?? 0 };
    },
    output: () => output,
    /** Up to 50 lines the server logged at error level (or non-JSON lines that mention an error). */
    errorLines: () => [...errorLines],
    async stop() {
      clearInterval(sampler);
      if (!exited) {
        child.kill("SIGTERM");
        const timedOut = await Promise.race([exitPromise.then(() => false), sleep(15_000).then(() => true)]);
        if (timedOut) {
          child.kill("SIGKILL");
          await exitPromise;
        }
      }
    },
  };
}

/**
 * Starts `node server.js` (production, embedded backend, a temporary database) on the build copy, as a deployed
 * shop runs: the database is created by a first start that is then stopped, and the measured server opens it.
 * (Creating it runs initdb inside the process, a one-off peak of several hundred MB, reported as creationPeak.)
 * `extraEnv` adds variables (e.g. CATALOG_FIXTURE, LOG_LEVEL); `nodeArgs` go to the measured server's node
 * (e.g. ["--cpu-prof"] to see where its time goes).
 */
export async function startShopServer(snapshot, { extraEnv = {}, label = "shop", nodeArgs = [] } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-data-"));
  const env = {
    // Only what the shop needs: a DATABASE_URL or SUPABASE_URL from the caller's shell would switch backends.
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    BACKEND: "embedded",
    DATA_DIR: dataDir,
    // Members sign up and go straight on shopping: no confirmation link, no sender (decision 0016).
    MAIL: "off",
    BUILD_DIR: snapshot,
    HOST: "127.0.0.1",
    ...extraEnv,
  };
  let server;
  let creationPeak = 0;
  try {
    const creator = await launchServer(snapshot, {
      env: { ...env, PORT: String(await freePort()) },
      label: `${label} (creating its database)`,
    });
    creationPeak = creator.memory().vmHwm;
    await creator.stop();
    server = await launchServer(snapshot, { env: { ...env, PORT: String(await freePort()) }, label, nodeArgs });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(
    `${label} server ready on ${server.baseUrl} (pid ${server.pid}, opened its database in ${server.startSeconds.toFixed(1)} s)`
  );
  return {
    ...server,
    /** Memory of the measured server, plus the one-off peak of the start that created the database. */
    memory: () => ({ ...server.memory(), creationPeak }),
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Removes a build copy made by buildSnapshot. */
export function removeSnapshot(snapshot) {
  fs.rmSync(snapshot, { recursive: true, force: true });
}

/**
 * A quick check that the build we are about to measure works: the home page renders and every
 * stylesheet and script it links is served. Measuring a page whose CSS 404s would flatter it.
 */
export async function checkPageAssets(baseUrl) {
  const response = await fetch(`${baseUrl}/`);
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
  const html = await response.text();
  // In attributes, and in the inline script that loads the framework on intent (a JSON list).
  const assets = [...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  if (assets.length === 0) throw new Error("GET / links no /assets files: is this a production build?");
  for (const asset of new Set(assets)) {
    const assetResponse = await fetch(`${baseUrl}${asset}`);
    if (assetResponse.status !== 200) throw new Error(`${asset}, linked from /, answered ${assetResponse.status}`);
    await assetResponse.arrayBuffer();
  }
}

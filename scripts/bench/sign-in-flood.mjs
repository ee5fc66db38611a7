// npm run bench:sign-in-flood -- [--duration=10] [--connections=8] [--samples=40] [--path=/shop] [--skip-build]
// Issue 16, item 3: does a flood of sign-ins take the shop down? Builds the shop, starts the production server on a
// fresh embedded database, and measures the median time of an uncached page (PAGE_CACHE=off) one request at a
// time: first idle, then during a flood of N connections posting sign-ins with random addresses (autocannon).
// Every such sign-in costs a password hash (scrypt) for an address that has no account. Per-client limits are off
// (RATE_LIMITS=off), as when the flood comes from many addresses: what is measured is the hashing bound.
// Prints both medians and their ratio (target: at most 3x) and writes tests/.tmp/bench-sign-in-flood.json.
import crypto from "node:crypto";
import autocannon from "autocannon";
import { machineInfo, median, options, printMachine, writeJson } from "./lib/report.mjs";
import { buildSnapshot, removeSnapshot, startShopServer } from "./lib/shop-server.mjs";

const settings = options({ duration: 10, connections: 8, samples: 40, path: "/shop", skipBuild: false });
const TARGET_RATIO = 3;

/** Times `count` GETs of the page, one after another; stops early when `until()` says so. */
async function pageTimes(baseUrl, count, until = () => false) {
  const times = [];
  for (let index = 0; index < count && !until(); index += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${settings.path}`, { headers: { "User-Agent": "shop-bench" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${settings.path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

function signInBody() {
  const email = `flood-${crypto.randomBytes(8).toString("hex")}@example.com`;
  return new URLSearchParams({ intent: "signin", email, password: crypto.randomBytes(12).toString("hex") }).toString();
}

async function main() {
  const machine = machineInfo();
  const snapshot = await buildSnapshot({ skipBuild: settings.skipBuild });
  const server = await startShopServer(snapshot, {
    label: "Sign-in flood",
    extraEnv: { PAGE_CACHE: "off", RATE_LIMITS: "off", LOG_LEVEL: "warn" },
  }).catch((error) => {
    removeSnapshot(snapshot);
    throw error;
  });
  try {
    // Warm up: the page's code paths, and one sign-in (the first hash loads scrypt).
    await pageTimes(server.baseUrl, 10);
    await fetch(`${server.baseUrl}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: signInBody(),
    });

    const idle = await pageTimes(server.baseUrl, settings.samples);

    const statusCounts = {};
    let flooding = true;
    const flood = autocannon({
      url: server.baseUrl,
      connections: settings.connections,
      duration: settings.duration,
      timeout: 30,
      requests: [
        {
          method: "POST",
          path: "/auth",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "shop-bench" },
          setupRequest: (request) => ({ ...request, body: signInBody() }),
        },
      ],
    });
    const floodDone = flood.then((result) => {
      flooding = false;
      return result;
    });
    // Let the flood fill the queue before sampling.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const underFlood = await pageTimes(server.baseUrl, Number.MAX_SAFE_INTEGER, () => !flooding);
    const result = await floodDone;
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = count;

    const idleMedian = median(idle);
    const floodMedian = median(underFlood);
    const ratio = floodMedian / idleMedian;
    printMachine(machine);
    console.log(`\nGET ${settings.path} (uncached), one request at a time:`);
    console.log(`  idle:        median ${idleMedian.toFixed(1)} ms over ${idle.length} requests`);
    console.log(`  under flood: median ${floodMedian.toFixed(1)} ms over ${underFlood.length} requests`);
    console.log(`  ratio:       ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x) ${ratio <= TARGET_RATIO ? "OK" : "OVER"}`);
    console.log(
      `Flood: ${settings.connections} connections for ${settings.duration} s, ${result.requests.total} sign-ins ` +
        `(${result.requests.average.toFixed(1)}/s), statuses ${JSON.stringify(statusCounts)}, errors ${result.errors}`,
    );
    writeJson("bench-sign-in-flood", {
      machine,
      settings,
      idleMedianMs: idleMedian,
      floodMedianMs: floodMedian,
      ratio,
      samples: { idle: idle.length, underFlood: underFlood.length },
      flood: { requests: result.requests.total, perSecond: result.requests.average, statusCounts, errors: result.errors },
    });
  } finally {
    await server.stop();
    removeSnapshot(snapshot);
  }
}

await main();

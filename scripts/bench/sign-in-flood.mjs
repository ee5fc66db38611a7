// npm run bench:sign-in-flood -- [--duration=10] [--connections=8] [--samples=40] [--path=/shop] [--skip-build]
// Does a flood of sign-ins take the shop down? Builds the shop, starts the production server on a fresh embedded
// database, and measures the median time of an uncached page (PAGE_CACHE=off) one request at a time: first idle,
// then during a flood of N connections posting sign-ins (autocannon). Two floods, each on a server of its own:
// - from many addresses (RATE_LIMITS=off, random addresses): every sign-in costs a password hash (scrypt), and the
//   hashing queue is what bounds it (decision 0015; target: the page within 3x of idle);
// - from one client, refused (RATE_LIMITS=on): past the per-client limit the first refusal is the friendly 429 page
//   and the rest a small plain 429 from the server before any render (decision 0027; target: within 2x of idle).
// For each it prints both medians, their ratio, the answers' statuses and the server's peak memory (VmHWM) since it
// started, and writes tests/.tmp/bench-sign-in-flood.json.
import autocannon from "autocannon";

import { machineInfo, median, options, printMachine, writeJson } from "./lib/report.mjs";
import { signInBody } from "./lib/shop-client.mjs";
import { buildSnapshot, removeSnapshot, startShopServer } from "./lib/shop-server.mjs";

const settings = options({ duration: 10, connections: 8, samples: 40, path: "/shop", skipBuild: false });

const scenarios = [
  {
    name: "many addresses (limits off: every sign-in hashes)",
    key: "manyAddresses",
    env: { RATE_LIMITS: "off" },
    target: 3,
  },
  { name: "one client, refused (limits on)", key: "refusedClient", env: { RATE_LIMITS: "on" }, target: 2 },
];

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

const MB = 1024 * 1024;

async function measure(snapshot, scenario) {
  const server = await startShopServer(snapshot, {
    label: `Sign-in flood, ${scenario.name}`,
    extraEnv: { PAGE_CACHE: "off", LOG_LEVEL: "warn", ...scenario.env },
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
    const idlePeak = server.memory().vmHwm;

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
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "text/html",
            "User-Agent": "shop-bench",
          },
          setupRequest: (request) => ({ ...request, body: signInBody() }),
        },
      ],
    });
    const floodDone = flood.then((result) => {
      flooding = false;
      return result;
    });
    // Let the flood fill the queue (or use up the client's limit) before sampling.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const underFlood = await pageTimes(server.baseUrl, Number.MAX_SAFE_INTEGER, () => !flooding);
    const result = await floodDone;
    const statusCounts = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = count;
    const idleMedian = median(idle);
    const floodMedian = median(underFlood);
    return {
      scenario: scenario.name,
      target: scenario.target,
      idleMedianMs: idleMedian,
      floodMedianMs: floodMedian,
      ratio: floodMedian / idleMedian,
      samples: { idle: idle.length, underFlood: underFlood.length },
      flood: {
        requests: result.requests.total,
        perSecond: result.requests.average,
        statusCounts,
        errors: result.errors,
      },
      memory: { idlePeakBytes: idlePeak, peakBytes: server.memory().vmHwm },
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const machine = machineInfo();
  const snapshot = await buildSnapshot({ skipBuild: settings.skipBuild });
  const results = {};
  try {
    for (const scenario of scenarios) results[scenario.key] = await measure(snapshot, scenario);
  } finally {
    removeSnapshot(snapshot);
  }
  printMachine(machine);
  console.log(
    `\nGET ${settings.path} (uncached), one request at a time, during ${settings.connections} connections of sign-ins for ${settings.duration} s:`,
  );
  for (const result of Object.values(results)) {
    const within = result.ratio <= result.target ? "OK" : "OVER";
    console.log(`\n  Flood from ${result.scenario}:`);
    console.log(`    idle:        median ${result.idleMedianMs.toFixed(1)} ms over ${result.samples.idle} requests`);
    console.log(
      `    under flood: median ${result.floodMedianMs.toFixed(1)} ms over ${result.samples.underFlood} requests`,
    );
    console.log(`    page ratio:  ${result.ratio.toFixed(2)}x vs idle (target <= ${result.target}x) ${within}`);
    console.log(
      `    sign-ins:    ${result.flood.requests} (${result.flood.perSecond.toFixed(1)}/s), statuses ${JSON.stringify(result.flood.statusCounts)}, errors ${result.flood.errors}`,
    );
    console.log(
      `    peak memory: ${(result.memory.peakBytes / MB).toFixed(0)} MB (server process VmHWM; ${(result.memory.idlePeakBytes / MB).toFixed(0)} MB before the flood)`,
    );
  }
  writeJson("bench-sign-in-flood", { machine, settings, ...results });
}

await main();

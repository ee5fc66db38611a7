// npm run bench:admin-flood -- [--orders=10000] [--duration=30] [--searches=16] [--exports=4] [--samples=40]
//   [--skip-build]
// Can one staff session starve the shop (issue 36, item 6)? Builds the shop, starts the production server on a fresh
// embedded database with ~10,000 orders (the seeding bench:scale uses) and times two uncached pages (PAGE_CACHE=off),
// /shop and a product page, one request at a time: first idle, then while one staff session runs N searches and M
// CSV exports at once, each in a loop, for a bounded time. Prints both medians side by side with their ratio
// (target: within 2x of idle), what the staff requests were answered, and the server's peak resident memory
// (VmHWM, target: within 300 MB). Only talks to the shop it started on localhost. Writes
// tests/.tmp/bench-admin-flood.json.
import { newTally, staffLoop } from "./lib/load.mjs";
import { machineInfo, median, options, printMachine, printTable, writeJson } from "./lib/report.mjs";
import { seedStoreOrders } from "./lib/seed-orders.mjs";
import { signInStaff } from "./lib/shop-client.mjs";
import { buildSnapshot, startShopServer } from "./lib/shop-server.mjs";

const settings = options({
  orders: 10_000,
  duration: 30,
  searches: 16,
  exports: 4,
  samples: 40,
  skipBuild: false,
});

const STAFF_EMAIL = "bench-flood-staff@example.com";
const PAGES = ["/shop", "/product/clip-1"];
// What a busy staff member might type, with and without a status filter; each loop walks the list in turn.
const SEARCHES = [
  "/admin/orders?q=garcia",
  "/admin/orders?status=delivered&q=smith",
  "/admin/orders?q=customer-1",
  "/admin/orders?status=pending",
  "/admin/orders?q=a",
  "/admin/orders?page=3",
];
const EXPORT_PATH = "/admin/orders/export.csv";
const MB = 1024 * 1024;

const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] : null;
};

/**
 * Times GETs of the pages in turn, one at a time, `count` of them or until `until()` says stop; `timeline` gets
 * [seconds since `origin`, page, ms] of each.
 */
async function pageTimes(baseUrl, count, until = () => false, timeline = [], origin = performance.now()) {
  const times = Object.fromEntries(PAGES.map((page) => [page, []]));
  for (let index = 0; index < count && !until(); index += 1) {
    const page = PAGES[index % PAGES.length];
    const started = performance.now();
    const response = await fetch(`${baseUrl}${page}`, { headers: { "User-Agent": "shop-bench" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}`);
    const took = performance.now() - started;
    times[page].push(took);
    timeline.push([Number(((started - origin) / 1000).toFixed(2)), page, Number(took.toFixed(1))]);
  }
  return times;
}

async function main() {
  const machine = machineInfo();
  const snapshot = await buildSnapshot({ skipBuild: settings.skipBuild });
  // As deployed (rate limits on, every limit of the back office in force), but the page cache off: the pages are
  // rendered for every request, as for a shopper with a cart.
  const server = await startShopServer(snapshot, {
    label: "Admin flood",
    extraEnv: { PAGE_CACHE: "off", LOG_LEVEL: "warn", STAFF_EMAILS: STAFF_EMAIL },
    prepare: (dataDir) => seedStoreOrders(dataDir, settings.orders),
  });
  let record;
  try {
    const staff = await signInStaff(server.baseUrl, STAFF_EMAIL, server.startupOutput);
    await pageTimes(server.baseUrl, 10);
    const idle = await pageTimes(server.baseUrl, settings.samples * PAGES.length);
    const idlePeak = server.memory().vmHwm;

    const floodStarted = performance.now();
    const deadline = Date.now() + settings.duration * 1000;
    const searches = newTally();
    const exportsTally = newTally();
    let flooding = true;
    const flood = Promise.all([
      ...Array.from({ length: settings.searches }, (_, loop) =>
        staffLoop(
          server.baseUrl,
          staff.cookie,
          [...SEARCHES.slice(loop % SEARCHES.length), ...SEARCHES],
          deadline,
          searches,
        ),
      ),
      ...Array.from({ length: settings.exports }, () =>
        staffLoop(server.baseUrl, staff.cookie, [EXPORT_PATH], deadline, exportsTally),
      ),
    ]).finally(() => {
      flooding = false;
    });
    const timeline = [];
    const underFlood = await pageTimes(
      server.baseUrl,
      Number.MAX_SAFE_INTEGER,
      () => !flooding,
      timeline,
      floodStarted,
    );
    await flood;
    const memory = server.memory();
    // Idle again: on a shared machine the load of others moves during a run; this shows by how much.
    const idleAfter = await pageTimes(server.baseUrl, settings.samples * PAGES.length);

    const rows = PAGES.map((page) => {
      const idleMedian = median(idle[page]);
      const floodMedian = median(underFlood[page]);
      return {
        page,
        idleMedianMs: idleMedian,
        floodMedianMs: floodMedian,
        ratio: floodMedian / idleMedian,
        floodP90Ms: percentile(underFlood[page], 0.9),
        idleAfterMedianMs: median(idleAfter[page]),
        samples: { idle: idle[page].length, underFlood: underFlood[page].length },
      };
    });
    record = {
      machine,
      settings,
      pages: rows,
      staff: { searches, exports: exportsTally },
      memory: { idlePeakBytes: idlePeak, peakBytes: memory.vmHwm },
      underFloodTimeline: timeline,
      serverErrors: server.errorLines(),
    };
  } finally {
    await server.stop();
  }

  printMachine(machine);
  console.log(
    `\n${settings.orders} orders; one staff session running ${settings.searches} searches and ${settings.exports} CSV exports at once, each in a loop, for ${settings.duration} s.`,
  );
  console.log("Uncached pages, one request at a time:\n");
  printTable([
    [
      "page",
      "idle median ms",
      "under flood median ms",
      "ratio (target <= 2x)",
      "under flood p90 ms",
      "idle after, median ms",
      "samples",
    ],
    ...record.pages.map((row) => [
      row.page,
      row.idleMedianMs.toFixed(1),
      row.floodMedianMs.toFixed(1),
      `${row.ratio.toFixed(2)}x ${row.ratio <= 2 ? "OK" : "OVER"}`,
      row.floodP90Ms?.toFixed(1),
      row.idleAfterMedianMs.toFixed(1),
      `${row.samples.idle} / ${row.samples.underFlood}`,
    ]),
  ]);
  for (const [name, tally] of Object.entries(record.staff)) {
    const okTime = median(tally.okTimes);
    console.log(
      `\n  staff ${name}: statuses ${JSON.stringify(tally.statuses)}, errors ${JSON.stringify(tally.errors)}, ` +
        `${(tally.okBytes / MB).toFixed(1)} MB in the 200s` +
        (okTime === null ? "" : `, a 200 took ${okTime.toFixed(0)} ms (median)`),
    );
  }
  const peak = record.memory.peakBytes / MB;
  console.log(
    `\n  peak memory: ${peak.toFixed(0)} MB (server VmHWM; ${(record.memory.idlePeakBytes / MB).toFixed(0)} MB before the flood; target <= 300 MB) ${peak <= 300 ? "OK" : "OVER"}`,
  );
  if (record.serverErrors.length) console.log(`  server errors logged: ${record.serverErrors.length}`);
  writeJson("bench-admin-flood.json", record);
}

await main();

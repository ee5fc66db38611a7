// npm run bench:memory -- [--duration=8] [--connections=50] [--products=10000] [--variants=3] [--store-orders=10000]
//   [--member-orders=100] [--flood-seconds=20] [--uploads=4] [--build-dir=<a saved build>] [--skip-build]
//   [--node-flags=shop|none|<flag,...>]
// Does the shop stay within its memory budget (issue 39)? In one run, the server's resident memory at rest and its
// peak under each load the other benchmarks make, beside the budget: at rest <= 200 MB, every peak <= 300 MB. The
// loads run on three servers, as the benchmarks they come from set them up:
// - "shipped", as deployed (page cache on, limits on): the start-up peak, the memory at rest after start and after one
//   pass over every screen, then bench:server's targets and bench:sign-in-flood's refused client;
// - "scale" (bench:scale): 12 + 10,000 products of 3 variants in the database, 10,000 orders in the shop, a member with orders, page cache and limits
//   off: the listing, search, product page, /orders, the back office's list, search and overview, uncached, under 50
//   connections, then bench:sign-in-flood's flood from many addresses (every sign-in hashes);
// - "admin flood" (bench:admin-flood): 10,000 orders, limits on, one staff session's 16 searches and 4 CSV exports in
//   loops while shoppers' pages are asked for.
// The shipped server also takes photo uploads (decision 0038): a phone's 24-megapixel photo, several times, each
// turned into six renditions while shoppers' pages are asked for, in a process of its own (decision 0045), whose peak
// is added to the server's, less the pages of node's code that the two processes share (docs/performance.md).
// Each load's peak is the kernel's VmHWM after it, reset before it (/proc/PID/clear_refs); a peak includes what the
// server kept from the loads before it, as a shop that sees them all in a day would. The budget at rest applies
// after start and after a pass over the screens; the memory at rest with 10,000 products and after the loads is
// shown beside it. Writes tests/.tmp/bench-memory.json.
import autocannon from "autocannon";
import sharp from "sharp";

import { defaultFixturePath, fixtureProductId, writeCatalogueFixture } from "./generate-catalog-fixture.mjs";
import { expectOrderPlaced, expectStatus, expectSuccessToast, newTally, runLoad, staffLoop } from "./lib/load.mjs";
import {
  budget,
  formatMegabytes,
  machineInfo,
  options,
  printBudgets,
  printMachine,
  printTable,
  writeJson,
} from "./lib/report.mjs";
import { seedCatalogueProducts, seededVariantPath } from "./lib/seed-catalogue.mjs";
import { seedMemberOrders, seedStoreOrders } from "./lib/seed-orders.mjs";
import {
  cartAddBody,
  checkoutBody,
  formHeaders,
  memberCartAdd,
  placeOrder,
  request,
  signInBody,
  signInStaff,
  signUpMember,
  visitorCartCookie,
} from "./lib/shop-client.mjs";
import { benchNodeFlags, buildSnapshot, checkPageAssets, startShopServer } from "./lib/shop-server.mjs";

const settings = options({
  duration: 8,
  connections: 50,
  warmup: 1,
  products: 10_000,
  variants: 3,
  storeOrders: 10_000,
  memberOrders: 100,
  floodSeconds: 20,
  signInConnections: 8,
  searches: 16,
  exports: 4,
  uploads: 4,
  buildDir: "",
  skipBuild: false,
  nodeFlags: "shop",
});

const MB = 1024 * 1024;
const REST_BUDGET = 200 * MB;
const PEAK_BUDGET = 300 * MB;
const STAFF_EMAIL = "bench-memory-staff@example.com";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every screen a shopper or staff member opens, once each: what a pass of browser checks asks for. */
const SCREENS = [
  "/",
  "/shop",
  "/wigs",
  "/product/clip-1",
  "/blog",
  "/blog/blog-1",
  "/about",
  "/faq",
  "/cart",
  "/checkout",
  "/auth",
  "/wishlist",
];

/** The rows of the report: [server, what, figure in bytes, budget in bytes]. */
const rows = [];

/** Memory after the server has been idle a moment: V8 and PGlite settle within a second or two. */
async function atRest(server, what, { budgeted = true } = {}) {
  await sleep(3000);
  const { rss } = server.memory();
  rows.push({ server: server.label, what, kind: "rest", bytes: rss, limit: budgeted ? REST_BUDGET : null });
  console.log(`  ${what}: ${formatMegabytes(rss)} resident`);
}

/** Runs `work` with the peak reset first; records the peak (VmHWM) it reached and the resident memory after it. */
async function peakOf(server, what, work) {
  server.resetPeak();
  process.stdout.write(`  ${what}... `);
  const detail = await work();
  const { vmHwm, rss } = server.memory();
  rows.push({ server: server.label, what, kind: "peak", bytes: vmHwm, after: rss, limit: PEAK_BUDGET, detail });
  console.log(`peak ${formatMegabytes(vmHwm)}, ${formatMegabytes(rss)} after${detail ? ` (${detail})` : ""}`);
}

const load = (server) => ({
  connections: settings.connections,
  duration: settings.duration,
  warmup: settings.warmup,
  serverPid: server.pid,
});

const failuresOf = (result) => result.errors + result.non2xx3xx + result.failedChecks;
const describe = (result) => {
  const reasons = Object.entries(result.failureReasons ?? {})
    .map(([reason, count]) => `${count}x ${reason}`)
    .join(", ");
  return `${Math.round(result.rps)} rps${failuresOf(result) ? `, ${failuresOf(result)} failures${reasons ? `: ${reasons}` : ""}` : ""}`;
};

/** A flood of sign-in posts (new addresses and passwords each time) for `seconds`; the statuses it got back. */
async function signInFlood(server, seconds) {
  const result = await autocannon({
    url: server.baseUrl,
    connections: settings.signInConnections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: "POST",
        path: "/auth",
        headers: { ...formHeaders(server.baseUrl, ""), Accept: "text/html", "User-Agent": "shop-bench" },
        setupRequest: (req) => ({ ...req, body: signInBody() }),
      },
    ],
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${count} x ${code}`)
    .join(", ");
  return `${result.requests.total} sign-ins: ${statuses}`;
}

/**
 * What each photo's renditions process logged as it ended (decision 0045): its peak, and how much of it was its own
 * rather than node's code shared with the shop's process (a build before 2026-12-04 logs the peak alone).
 */
const CHILD_PEAK_LINE = /its process peaked at (\d+) MB resident(?:, (\d+) MB of it its own)?/;

function start(snapshot, label, extraEnv, prepare) {
  const childPeaks = [];
  const onLine = (line) => {
    const match = CHILD_PEAK_LINE.exec(line);
    if (match) childPeaks.push({ peak: Number(match[1]) * MB, own: Number(match[2] ?? match[1]) * MB });
  };
  return startShopServer(snapshot, {
    label,
    extraEnv,
    prepare,
    onLine,
    nodeFlags: benchNodeFlags(settings.nodeFlags),
  }).then((server) => {
    server.label = label;
    server.childPeaks = childPeaks;
    const { creationPeak, vmHwm } = server.memory();
    rows.push({
      server: label,
      what: "start-up (opening the database)",
      kind: "peak",
      bytes: vmHwm,
      limit: PEAK_BUDGET,
    });
    console.log(
      `  start-up peak ${formatMegabytes(vmHwm)} (the start that created the database: ${formatMegabytes(creationPeak)})`,
    );
    return server;
  });
}

/**
 * A photo as a phone takes one: 6000 x 4000 px with grain (which compresses about as a real scene), a 6-7 MB JPEG.
 * Each `n` its own picture: the shop refuses the same photo twice (its id is its renditions' hash).
 */
function phonePhoto(n) {
  const noise = { type: "gaussian", mean: 128, sigma: 20 };
  const background = { r: 160, g: (82 + n * 37) % 256, b: 45 };
  return sharp({ create: { width: 6000, height: 4000, channels: 3, background, noise } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * Staff upload `count` photos to one product, one after another as the page allows (each upload moves the product's
 * version on), while a shopper's pages are asked for; what the shop answered.
 */
async function photoUploads(server, staffCookie, count) {
  const path = "/admin/products/clip-1/photos";
  const statuses = {};
  let pages = 0;
  let photo = Buffer.alloc(0);
  let uploading = true;
  const peaksBefore = server.childPeaks.length;
  const shopper = (async () => {
    while (uploading) {
      for (const page of ["/shop", "/product/clip-2"]) await request(`${server.baseUrl}${page}`);
      pages += 2;
    }
  })();
  try {
    for (let n = 0; n < count; n += 1) {
      photo = await phonePhoto(n);
      const page = await request(`${server.baseUrl}${path}`, { headers: { Cookie: staffCookie } });
      const version = /name="version" value="(\d+)"/.exec(page.text)?.[1];
      if (!version) throw new Error(`The photos page (${page.status}) shows no version to upload against.`);
      const form = new FormData();
      form.set("intent", "upload");
      form.set("version", version);
      form.set("alt", `Bench photo ${n + 1}`);
      form.set("photo", new Blob([photo], { type: "image/jpeg" }), "phone.jpg");
      const multipart = new Request(server.baseUrl, { method: "POST", body: form });
      const { "Content-Type": _urlEncoded, ...headers } = formHeaders(server.baseUrl, staffCookie);
      const answer = await request(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": multipart.headers.get("content-type") },
        body: Buffer.from(await multipart.arrayBuffer()),
      });
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  } finally {
    uploading = false;
    await shopper;
  }
  // Each photo is made in a process of its own (decision 0045), which logs its peak as it ends.
  const childPeaks = server.childPeaks.slice(peaksBefore);
  if (childPeaks.length === 0) throw new Error("No renditions process logged its peak: is LOG_LEVEL info?");
  const largest = childPeaks.reduce((top, child) => (child.own > top.own ? child : top));
  return {
    detail: `${count} uploads of ${(photo.length / MB).toFixed(1)} MB, 24 MP: ${JSON.stringify(statuses)}, ${pages} shopper pages`,
    child: largest,
  };
}

async function shipped(snapshot) {
  const server = await start(snapshot, "shipped", { LOG_LEVEL: "info", STAFF_EMAILS: STAFF_EMAIL });
  try {
    await atRest(server, "at rest after start");
    await checkPageAssets(server.baseUrl);
    for (const screen of SCREENS) {
      const response = await request(`${server.baseUrl}${screen}`);
      if (response.status !== 200) throw new Error(`GET ${screen} answered ${response.status}`);
    }
    await atRest(server, "at rest after one pass over the screens");

    const visitorCart = await visitorCartCookie(server.baseUrl, [{ productId: "clip-1", quantity: 1 }]);
    await placeOrder(server.baseUrl, visitorCart);
    for (const path of ["/", "/shop", "/product/clip-1"]) {
      await peakOf(server, `bench:server GET ${path}`, async () =>
        describe(await runLoad(server.baseUrl, { name: path, path, check: expectStatus(200) }, load(server))),
      );
    }
    await peakOf(server, "bench:server POST /cart (visitor)", async () =>
      describe(
        await runLoad(
          server.baseUrl,
          {
            name: "cart",
            path: "/cart",
            method: "POST",
            headers: formHeaders(server.baseUrl, visitorCart),
            body: () => cartAddBody("clip-2"),
            check: expectSuccessToast,
          },
          load(server),
        ),
      ),
    );
    const member = await signUpMember(server.baseUrl);
    await memberCartAdd(server.baseUrl, member.cookie, "clip-1");
    await peakOf(server, "bench:server POST /cart (member)", async () =>
      describe(
        await runLoad(
          server.baseUrl,
          {
            name: "member cart",
            path: "/cart",
            method: "POST",
            headers: formHeaders(server.baseUrl, member.cookie),
            body: () => cartAddBody("clip-1"),
            check: expectSuccessToast,
          },
          load(server),
        ),
      ),
    );
    await peakOf(server, "bench:server POST /checkout", async () =>
      describe(
        await runLoad(
          server.baseUrl,
          {
            name: "checkout",
            path: "/checkout",
            method: "POST",
            headers: formHeaders(server.baseUrl, visitorCart),
            body: checkoutBody,
            check: expectOrderPlaced,
          },
          load(server),
        ),
      ),
    );
    await peakOf(server, "bench:sign-in-flood, one client refused (limits on)", () =>
      signInFlood(server, settings.duration),
    );
    const staff = await signInStaff(server.baseUrl, STAFF_EMAIL, server.startupOutput);
    let child = { peak: 0, own: 0 };
    await peakOf(server, "photo uploads (sharp in a process of its own, one at a time)", async () => {
      const uploads = await photoUploads(server, staff.cookie, settings.uploads);
      child = uploads.child;
      return uploads.detail;
    });
    // While a photo is made, its process is the shop's memory too: the server's peak and the child's, as if at once.
    // The pages of node's code that both map are in each one's resident memory and held once: the child's own part.
    const serverPeak = rows[rows.length - 1].bytes;
    const childDetail = `the renditions process peaked at ${formatMegabytes(child.peak)}, ${formatMegabytes(child.own)} its own`;
    rows.push({
      server: server.label,
      what: "photo uploads: the server's peak + its renditions process's own",
      kind: "peak",
      bytes: serverPeak + child.own,
      limit: PEAK_BUDGET,
      detail: childDetail,
    });
    console.log(`  with ${childDetail}: ${formatMegabytes(serverPeak + child.own)}`);
    await atRest(server, "at rest after the loads", { budgeted: false });
  } finally {
    await server.stop();
  }
}

async function scale(snapshot, fixture) {
  const server = await start(
    snapshot,
    "scale",
    {
      PAGE_CACHE: "off",
      RATE_LIMITS: "off",
      LOG_LEVEL: "warn",
      STAFF_EMAILS: STAFF_EMAIL,
    },
    async (dataDir) => {
      await seedStoreOrders(dataDir, settings.storeOrders);
      await seedCatalogueProducts(dataDir, fixture, { variantsPerProduct: settings.variants });
    },
  );
  try {
    const probe = await request(`${server.baseUrl}/product/${fixtureProductId(settings.products)}`);
    if (probe.status !== 200) throw new Error(`The seeded catalogue is not on sale (product page ${probe.status}).`);
    await atRest(server, `at rest with ${12 + settings.products} products x ${settings.variants} variants`, {
      budgeted: false,
    });
    const member = await signUpMember(server.baseUrl);
    await seedMemberOrders(server.baseUrl, member.cookie, settings.memberOrders, 4);
    const staff = await signInStaff(server.baseUrl, STAFF_EMAIL, server.startupOutput);
    const targets = [
      ["listing", "/shop"],
      ["search", "/shop?q=wave"],
      ["product", seededVariantPath(Math.ceil(settings.products / 2), 2)],
      ["orders", "/orders", member.cookie],
      ["admin orders", "/admin/orders", staff.cookie],
      ["admin search", "/admin/orders?status=delivered&q=garcia", staff.cookie],
      ["admin overview", "/admin", staff.cookie],
    ];
    for (const [name, path, cookie] of targets) {
      await peakOf(server, `bench:scale ${name} ${path}`, async () =>
        describe(
          await runLoad(
            server.baseUrl,
            { name, path, headers: cookie ? { Cookie: cookie } : {}, check: expectStatus(200) },
            load(server),
          ),
        ),
      );
    }
    await peakOf(server, "bench:sign-in-flood, many addresses (each hashes)", () =>
      signInFlood(server, settings.duration),
    );
    await atRest(server, "at rest after the loads", { budgeted: false });
  } finally {
    await server.stop();
  }
}

async function adminFlood(snapshot) {
  const server = await start(
    snapshot,
    "admin flood",
    { PAGE_CACHE: "off", LOG_LEVEL: "warn", STAFF_EMAILS: STAFF_EMAIL },
    (dataDir) => seedStoreOrders(dataDir, settings.storeOrders),
  );
  try {
    await atRest(server, `at rest with ${settings.storeOrders} orders`);
    const staff = await signInStaff(server.baseUrl, STAFF_EMAIL, server.startupOutput);
    const searches = [
      "/admin/orders?q=garcia",
      "/admin/orders?status=delivered&q=smith",
      "/admin/orders?q=customer-1",
      "/admin/orders?status=pending",
      "/admin/orders?q=a",
      "/admin/orders?page=3",
    ];
    await peakOf(server, `bench:admin-flood ${settings.searches} searches, ${settings.exports} exports`, async () => {
      const deadline = Date.now() + settings.floodSeconds * 1000;
      const searchTally = newTally();
      const exportTally = newTally();
      let pages = 0;
      const shopper = (async () => {
        while (Date.now() < deadline) {
          for (const path of ["/shop", "/product/clip-1"]) await request(`${server.baseUrl}${path}`);
          pages += 2;
        }
      })();
      await Promise.all([
        shopper,
        ...Array.from({ length: settings.searches }, (_, loop) =>
          staffLoop(
            server.baseUrl,
            staff.cookie,
            [...searches.slice(loop % searches.length), ...searches],
            deadline,
            searchTally,
          ),
        ),
        ...Array.from({ length: settings.exports }, () =>
          staffLoop(server.baseUrl, staff.cookie, ["/admin/orders/export.csv"], deadline, exportTally),
        ),
      ]);
      // Exports of 10,000 orders within the staff member's share: forced, to measure one whatever the limits said.
      const exported = exportTally.statuses[200] ?? 0;
      return `searches ${JSON.stringify(searchTally.statuses)}, exports ${JSON.stringify(exportTally.statuses)} (${(exportTally.okBytes / MB).toFixed(1)} MB in ${exported}), ${pages} shopper pages`;
    });
    await atRest(server, "at rest after the flood", { budgeted: false });
  } finally {
    await server.stop();
  }
}

async function main() {
  const machine = machineInfo();
  const fixture = writeCatalogueFixture(settings.products, defaultFixturePath(settings.products));
  const snapshot = await buildSnapshot({ source: settings.buildDir || undefined });
  console.log(`Measuring the build in ${snapshot}`);
  for (const [name, run] of [
    ["shipped", () => shipped(snapshot)],
    ["scale", () => scale(snapshot, fixture)],
    ["admin flood", () => adminFlood(snapshot)],
  ]) {
    console.log(`\n${name}:`);
    await run();
  }

  printMachine(machine);
  console.log(
    `\nResident memory of the server process (VmRSS at rest, VmHWM for a peak), ${settings.connections} connections, ${settings.duration} s a load:\n`,
  );
  printTable([
    ["server", "measured", "memory", "budget", "", "detail"],
    ...rows.map((row) => [
      row.server,
      row.what,
      formatMegabytes(row.bytes),
      row.limit === null ? "(shown)" : `<= ${formatMegabytes(row.limit)}`,
      row.limit === null ? "" : row.bytes <= row.limit ? "OK" : "OVER",
      row.detail ?? (row.after ? `${formatMegabytes(row.after)} after` : ""),
    ]),
  ]);
  // The budget at rest is the shop's as deployed, after start and after a pass over its screens (with 10,000 orders
  // too); with 10,000 products, or after the loads (V8 and glibc keep some of what a peak took), it is shown.
  const rest = rows.filter((row) => row.kind === "rest" && row.limit !== null);
  const peaks = rows.filter((row) => row.kind === "peak");
  const checks = [
    budget("largest memory at rest", Math.max(...rest.map((row) => row.bytes)), "<=", REST_BUDGET, formatMegabytes),
    budget("largest peak under load", Math.max(...peaks.map((row) => row.bytes)), "<=", PEAK_BUDGET, formatMegabytes),
  ];
  const failed = printBudgets(checks);
  writeJson("bench-memory.json", { kind: "memory", machine, settings, build: snapshot, rows, budgetResults: checks });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 2;
});

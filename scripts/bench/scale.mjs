// npm run bench:scale -- [--products=10000] [--variants=3] [--orders=1000] [--store-orders=10000] [--duration=10]
//   [--connections=50] [--skip-build]
// The same load measurement twice: on the shipped data (12 products, a member with a few orders, 100 orders in the
// shop) and on a catalogue of 10,000 generated products of 3 variants each with a member who has 1,000 orders and
// 10,000 orders in the shop; a listing page, search, a product page, /orders, and the back office's order list, a
// filtered search in it and its overview, each of which must stay within 2x of its time on the shipped data. Writes
// tests/.tmp/bench-scale.json.
//
// The generated products (generate-catalog-fixture.mjs) are written into the stopped shop's database before it starts
// (lib/seed-catalogue.mjs), as the back office stores products: the shop reads them at start-up like any catalogue.
import path from "node:path";

import { defaultFixturePath, writeCatalogueFixture } from "./generate-catalog-fixture.mjs";
import { expectStatus, printLoadTable, runLoad } from "./lib/load.mjs";
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
import { request, signInStaff, signUpAvailable, signUpMember } from "./lib/shop-client.mjs";
import { buildSnapshot, removeSnapshot, startShopServer } from "./lib/shop-server.mjs";

const settings = options({
  products: 10_000,
  variants: 3,
  orders: 1000,
  shippedOrders: 3,
  duration: 10,
  connections: 50,
  warmup: 2,
  skipBuild: false,
  seedWorkers: 4,
  storeOrders: 10_000,
  shippedStoreOrders: 100,
});

// The back office's staff member (STAFF_EMAILS of both servers) and what its search looks for.
const STAFF_EMAIL = "bench-staff@example.com";
const ADMIN_SEARCH = "/admin/orders?status=delivered&q=garcia";

const SEARCH_TERM = "wave";

/** Size of a page and whether it links a next page: what pagination changes. */
async function describePage(baseUrl, pathname, cookie) {
  const response = await request(`${baseUrl}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
  if (response.status !== 200) throw new Error(`GET ${pathname} answered ${response.status}`);
  return {
    htmlBytes: Buffer.byteLength(response.text),
    productLinks: new Set(response.text.match(/href="\/product\/[^"]+"/g) ?? []).size,
    linksNextPage: /rel="next"|[?&;]page=2\b/.test(response.text),
  };
}

async function measureDataset(snapshot, dataset) {
  // The page cache off: this compares rendering the data at both sizes, not serving a cached copy of it. The
  // per-client limits off: the seeding places 1,000 orders from one address (checkout allows 20 a minute).
  const server = await startShopServer(snapshot, {
    label: dataset.name,
    extraEnv: { PAGE_CACHE: "off", RATE_LIMITS: "off", STAFF_EMAILS: STAFF_EMAIL },
    prepare: async (dataDir) => {
      await seedStoreOrders(dataDir, dataset.storeOrders);
      if (dataset.fixture)
        await seedCatalogueProducts(dataDir, dataset.fixture, { variantsPerProduct: settings.variants });
    },
  });
  try {
    if (dataset.fixture) {
      // A generated product must be on sale, in its last variant too.
      const last = seededVariantPath(settings.products, settings.variants);
      const probe = await request(`${server.baseUrl}${last}`);
      if (probe.status !== 200)
        throw new Error(`GET ${last} answered ${probe.status}: the seeded catalogue is not on sale.`);
    }
    if (!(await signUpAvailable(server.baseUrl)))
      throw new Error("/auth?mode=signup has no sign-up form, so there is no member for /orders.");
    const member = await signUpMember(server.baseUrl);
    console.log(`Seeding ${dataset.orders} orders for a member through the shop...`);
    const seeded = await seedMemberOrders(server.baseUrl, member.cookie, dataset.orders, settings.seedWorkers);
    const staff = await signInStaff(server.baseUrl, STAFF_EMAIL, server.startupOutput);

    const targets = [
      { name: "listing", path: "/shop" },
      { name: "search", path: `/shop?q=${SEARCH_TERM}` },
      // A product of several variants, with the picker, where the catalogue has them; clip-1 (one) in the shipped one.
      {
        name: "product",
        path: dataset.fixture ? seededVariantPath(Math.ceil(settings.products / 2), 2) : "/product/clip-1",
      },
      { name: "orders", path: "/orders", headers: { Cookie: member.cookie } },
      { name: "admin orders", path: "/admin/orders", headers: { Cookie: staff.cookie } },
      { name: "admin search", path: ADMIN_SEARCH, headers: { Cookie: staff.cookie } },
      { name: "admin overview", path: "/admin", headers: { Cookie: staff.cookie } },
    ];
    const load = {
      connections: settings.connections,
      duration: settings.duration,
      warmup: settings.warmup,
      serverPid: server.pid,
    };
    const results = [];
    for (const target of targets) {
      const page = await describePage(server.baseUrl, target.path, target.headers?.Cookie);
      process.stdout.write(`${dataset.name} ${target.name} (${target.path})... `);
      const result = await runLoad(
        server.baseUrl,
        { ...target, name: `${target.name} ${target.path}`, check: expectStatus(200) },
        load,
      );
      results.push({ ...result, target: target.name, page });
      console.log(`${Math.round(result.rps)} rps, p50 ${result.latencyMs.p50} ms`);
    }
    return {
      name: dataset.name,
      products: dataset.productCount,
      variantsPerProduct: dataset.fixture ? settings.variants : 1,
      orders: seeded,
      storeOrders: dataset.storeOrders,
      results,
      memory: server.memory(),
      serverErrors: server.errorLines(),
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const machine = machineInfo();
  const fixture = writeCatalogueFixture(settings.products, defaultFixturePath(settings.products));
  console.log(
    `Generated products: ${path.relative(process.cwd(), fixture)} (${settings.products}, ${settings.variants} variants each)`,
  );

  const snapshot = await buildSnapshot({ skipBuild: settings.skipBuild });
  const datasets = [];
  try {
    datasets.push(
      await measureDataset(snapshot, {
        name: "shipped",
        orders: settings.shippedOrders,
        storeOrders: settings.shippedStoreOrders,
        productCount: 12,
      }),
    );
    datasets.push(
      await measureDataset(snapshot, {
        name: "scale",
        orders: settings.orders,
        storeOrders: settings.storeOrders,
        fixture,
        productCount: 12 + settings.products,
      }),
    );
  } finally {
    removeSnapshot(snapshot);
  }

  printMachine(machine);
  console.log(
    `autocannon ${settings.connections} connections, ${settings.duration} s per target; search term "${SEARCH_TERM}".\n`,
  );
  for (const dataset of datasets) {
    console.log(
      `${dataset.name}: ${dataset.products} products, member with ${dataset.orders} orders, ${dataset.storeOrders} orders in the shop, peak memory ${formatMegabytes(
        dataset.memory.vmHwm,
      )}`,
    );
    printLoadTable(dataset.results);
    console.log("");
  }
  const [shipped, scale] = datasets;
  const comparison = shipped.results.map((base, index) => {
    const big = scale.results[index];
    return {
      target: base.target,
      shippedP50: base.latencyMs.p50,
      scaleP50: big.latencyMs.p50,
      shippedCpuMs: base.cpuMsPerRequest,
      scaleCpuMs: big.cpuMsPerRequest,
      // The budget compares server CPU per request: unlike latency on a shared machine, it does not move with
      // whatever else runs there. The p50 ratio is shown beside it.
      ratio: base.cpuMsPerRequest && big.cpuMsPerRequest !== null ? big.cpuMsPerRequest / base.cpuMsPerRequest : null,
      p50Ratio: base.latencyMs.p50 > 0 && big.latencyMs.p50 !== null ? big.latencyMs.p50 / base.latencyMs.p50 : null,
      shippedRps: base.rps,
      scaleRps: big.rps,
      scaleHtmlBytes: big.page.htmlBytes,
      scaleProductLinks: big.page.productLinks,
      scalePaginated: big.page.linksNextPage,
    };
  });
  printTable([
    [
      "page",
      "shipped CPU ms",
      "scale CPU ms",
      "ratio",
      "shipped p50",
      "scale p50",
      "p50 ratio",
      "shipped rps",
      "scale rps",
      "scale HTML KB",
      "links next page",
    ],
    ...comparison.map((row) => [
      row.target,
      row.shippedCpuMs?.toFixed(2),
      row.scaleCpuMs?.toFixed(2),
      row.ratio === null ? null : row.ratio.toFixed(2),
      row.shippedP50,
      row.scaleP50,
      row.p50Ratio?.toFixed(2),
      Math.round(row.shippedRps),
      Math.round(row.scaleRps),
      (row.scaleHtmlBytes / 1024).toFixed(0),
      row.scalePaginated ? "yes" : "no",
    ]),
  ]);
  const checks = [
    ...comparison.map((row) =>
      budget(`${row.target} CPU per request, scale/shipped`, row.ratio, "<=", 2, (ratio) => `${ratio.toFixed(2)}x`),
    ),
    ...datasets.map((dataset) =>
      budget(
        `${dataset.name} failures`,
        dataset.results.reduce((sum, result) => sum + result.errors + result.non2xx3xx + result.failedChecks, 0),
        "<=",
        0,
      ),
    ),
    budget("scale server peak memory", scale.memory.vmHwm, "<", 300 * 1024 * 1024, formatMegabytes),
  ];
  const failed = printBudgets(checks);
  writeJson("bench-scale.json", {
    kind: "scale",
    machine,
    settings,
    searchTerm: SEARCH_TERM,
    datasets,
    comparison,
    budgetResults: checks,
  });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});

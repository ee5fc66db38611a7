// npm run bench:first-start -- [--runs=1] [--initdb] [--skip-build]
// Decision 0022: does the shop's first start fit a 512 MB container? Builds the shop, starts the production
// server on an empty DATA_DIR (the first start: it creates the embedded database), stops it, and starts it again
// on the same directory (a restart). Prints the peak resident memory (VmHWM) of each start and checks the first
// one against the 400 MB budget, and how long each took to answer /healthz. --initdb measures the same on a copy of the build without its database image,
// i.e. the first start creating the database with initdb as before decision 0022. Writes
// tests/.tmp/bench-first-start.json. Exit code: 0 budget met, 1 missed, 2 the benchmark itself failed.
import fs from "node:fs";
import path from "node:path";

import {
  budget,
  formatMegabytes,
  machineInfo,
  median,
  options,
  printBudgets,
  printMachine,
  printTable,
  writeJson,
} from "./lib/report.mjs";
import { buildSnapshot, removeSnapshot, startShopServer } from "./lib/shop-server.mjs";

const settings = options({ runs: 1, initdb: false, skipBuild: false });
const BUDGET_BYTES = 400 * 1024 * 1024;
/** Where `npm run build` puts the migrated database (vite.config.ts), relative to the build directory. */
const DATABASE_IMAGE = "server/database-image.tar.gz";

/** One first start and one restart on a fresh data directory, as startShopServer runs them. */
async function measure(snapshot, label) {
  const server = await startShopServer(snapshot, { label, extraEnv: { LOG_LEVEL: "warn" } });
  try {
    const memory = server.memory();
    return {
      firstStart: memory.creationPeak,
      restart: memory.vmHwm,
      firstStartSeconds: server.creationSeconds,
      restartSeconds: server.startSeconds,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const machine = machineInfo();
  const snapshot = await buildSnapshot({ skipBuild: settings.skipBuild });
  const variants = [{ name: "with the build's database image", snapshot }];
  try {
    const hasImage = fs.existsSync(path.join(snapshot, DATABASE_IMAGE));
    if (!hasImage) variants[0].name = "build without a database image (initdb)";
    if (settings.initdb && hasImage) {
      // The same build without its image: the first start falls back to initdb.
      const bare = `${snapshot}-initdb`;
      fs.cpSync(snapshot, bare, { recursive: true });
      fs.rmSync(path.join(bare, DATABASE_IMAGE));
      variants.push({ name: "the same build without its image (initdb)", snapshot: bare });
    }
    for (const variant of variants) {
      variant.runs = [];
      for (let run = 1; run <= settings.runs; run++) {
        console.log(`${variant.name}: run ${run} of ${settings.runs}...`);
        variant.runs.push(await measure(variant.snapshot, "First-start"));
      }
      variant.firstStart = median(variant.runs.map((run) => run.firstStart));
      variant.restart = median(variant.runs.map((run) => run.restart));
      variant.firstStartSeconds = median(variant.runs.map((run) => run.firstStartSeconds));
      variant.restartSeconds = median(variant.runs.map((run) => run.restartSeconds));
    }
  } finally {
    for (const variant of variants) removeSnapshot(variant.snapshot);
  }

  printMachine(machine);
  console.log(`\nPeak resident memory (VmHWM) of the server process, median of ${settings.runs} run(s):\n`);
  printTable([
    ["build", "first start (empty DATA_DIR)", "restart (same DATA_DIR)"],
    ...variants.map((variant) => [variant.name, formatMegabytes(variant.firstStart), formatMegabytes(variant.restart)]),
  ]);
  console.log(`\nSeconds from spawn to the first 200 from /healthz, median of ${settings.runs} run(s):\n`);
  printTable([
    ["build", "first start (empty DATA_DIR)", "restart (same DATA_DIR)"],
    ...variants.map((variant) => [
      variant.name,
      `${variant.firstStartSeconds.toFixed(2)} s`,
      `${variant.restartSeconds.toFixed(2)} s`,
    ]),
  ]);
  const checks = [budget("first start peak memory", variants[0].firstStart, "<=", BUDGET_BYTES, formatMegabytes)];
  const failed = printBudgets(checks);
  writeJson("bench-first-start.json", {
    kind: "first-start",
    machine,
    settings,
    variants: variants.map(({ name, runs, firstStart, restart, firstStartSeconds, restartSeconds }) => ({
      name,
      runs,
      firstStart,
      restart,
      firstStartSeconds,
      restartSeconds,
    })),
    budgetResults: checks,
  });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});

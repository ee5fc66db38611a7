// `npm run validate`: every check, stage by stage, then the time each stage took (also when one fails), so every
// landing shows where its minutes went. The end-to-end stage is one Playwright run (its three shops start once);
// its projects' shares are read from the JSON report Playwright writes beside the list (playwright.config.ts).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

import { e2eReportFile, projectRoot } from "./lib/shop-harness.mjs";

/**
 * Each stage: its name and the command it runs from the project root, or commands that run side by side (each mostly
 * on one core; their output is shown when both are done). Vitest runs files on the cores less one unless told: two
 * workers, as the machines have two cores and the backend and production files spend much of their time waiting on
 * databases and servers of their own.
 */
const stages = [
  ["typecheck + lint", ["npx tsc", "npm run lint"]],
  ["build (tests)", "npm run build:tests"],
  ["vitest unit", "npx vitest run --project unit --maxWorkers=2"],
  ["vitest integration", "npx vitest run --project integration --project integration-env --maxWorkers=2"],
  ["vitest backend", "npx vitest run --isolate --project backend --maxWorkers=2"],
  ["vitest production", "npx vitest run --isolate --project production --maxWorkers=2"],
  ["playwright", "npm run e2e"],
];

/** Runs one command with the terminal's output, or several side by side with theirs kept until all end; true: all passed. */
async function run(command) {
  if (typeof command === "string")
    return spawnSync(command, { cwd: projectRoot, stdio: "inherit", shell: true }).status === 0;
  const outcomes = await Promise.all(
    command.map(
      (one) =>
        new Promise((resolve) => {
          const child = spawn(one, { cwd: projectRoot, shell: true, stdio: ["ignore", "pipe", "pipe"] });
          const output = [];
          child.stdout.on("data", (chunk) => output.push(chunk));
          child.stderr.on("data", (chunk) => output.push(chunk));
          child.on("close", (status) => resolve({ one, status, output: Buffer.concat(output).toString() }));
        }),
    ),
  );
  for (const { one, status, output } of outcomes) console.log(`--- ${one} (exit ${status})\n${output}`);
  return outcomes.every(({ status }) => status === 0);
}

const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;

/**
 * The tests' summed run time per Playwright project and per spec file, the largest first (two workers run side by
 * side, so the shares add up to about twice the wall time).
 */
function playwrightShares() {
  const byProject = new Map();
  const byFile = new Map();
  if (!fs.existsSync(e2eReportFile)) return { byProject, byFile };
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          add(byProject, test.projectName, result.duration ?? 0);
          add(byFile, spec.file, result.duration ?? 0);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(fs.readFileSync(e2eReportFile, "utf8")).suites ?? []) walk(suite);
  return { byProject, byFile };
}

const largestFirst = (map) => [...map].sort(([, a], [, b]) => b - a);

/**
 * Stages run before this script by whoever called it, as JSON [[name, seconds], ...] (`.ci/run` passes its system
 * packages and npm install), so that the table at the end shows the whole run.
 */
const earlierStages = JSON.parse(process.env.VALIDATE_EARLIER_STAGES || "[]").map(([name, s]) => [name, s * 1000]);

// A report left by an earlier run would pass for this one's if Playwright stops before writing its own.
fs.rmSync(e2eReportFile, { force: true });

const times = [];
let failed = null;
for (const [name, command] of stages) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${[command].flat().join(" & ")}`);
  const passed = await run(command);
  times.push([name, Date.now() - started]);
  if (!passed) {
    failed = name;
    break;
  }
}

console.log("\nStage times (npm run validate):");
for (const [name, ms] of [...earlierStages, ...times]) console.log(`  ${name.padEnd(24)}${seconds(ms)}`);
if (times.some(([name]) => name === "playwright")) {
  const { byProject, byFile } = playwrightShares();
  for (const [project, ms] of largestFirst(byProject))
    console.log(`    ${`project ${project}`.padEnd(22)}${seconds(ms)} of test time`);
  for (const [file, ms] of largestFirst(byFile).slice(0, 8))
    console.log(`    ${file.padEnd(22)}${seconds(ms)} of test time`);
}
console.log(`  ${"total".padEnd(24)}${seconds([...earlierStages, ...times].reduce((sum, [, ms]) => sum + ms, 0))}`);
if (failed) {
  console.error(`\nvalidate: the ${failed} stage failed.`);
  process.exit(1);
}

import { execFile, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const buildDir = path.join(projectDir, "build");
const tmpDir = path.join(projectDir, "tests/.tmp");

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function buildRunning(): boolean {
  return spawnSync("pgrep", ["-f", "remix vite:build"]).status === 0;
}

async function waitWhileBuildRuns(timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (buildRunning()) {
    if (Date.now() > deadline) throw new Error("A `remix vite:build` has been running for minutes: cannot take a stable copy of build/.");
    await sleep(1_000);
  }
}

function buildTime(): number {
  try {
    return fs.statSync(path.join(buildDir, "server/index.js")).mtimeMs;
  } catch {
    return 0;
  }
}

/** Every file build/server/index.js imports from the build itself is there (a build in progress lacks some). */
function isCompleteServerBuild(dir: string): boolean {
  const index = path.join(dir, "server/index.js");
  if (!fs.existsSync(index)) return false;
  const chunks = [...fs.readFileSync(index, "utf8").matchAll(/from "(\.\/[^"]+)"/g)].map((match) => match[1] ?? "");
  return chunks.length > 0 && chunks.every((chunk) => fs.existsSync(path.join(dir, "server", chunk)));
}

/** `remix vite:build`, unless another test file is already building (then the next round waits for it). */
async function buildOnce(): Promise<void> {
  fs.mkdirSync(tmpDir, { recursive: true });
  const lock = path.join(tmpDir, "production-build.lock");
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    const holder = Number(fs.readFileSync(lock, "utf8"));
    if (isAlive(holder)) return sleep(1_000);
    fs.rmSync(lock, { force: true });
    return buildOnce();
  }
  try {
    // Asynchronous, so the test worker keeps answering vitest during a build that can take a minute.
    await execFileAsync("npx", ["remix", "vite:build"], { cwd: projectDir, maxBuffer: 16 * 1024 * 1024 });
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A private copy of the production build, for servers started by these tests. Other people rebuild build/
 * while we run (Vite empties the directory first); a copy inside the project (so that node_modules resolves)
 * cannot change under a running server. Builds first when there is no build at all.
 */
export async function copyProductionBuild(): Promise<{ dir: string; remove: () => void }> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    await waitWhileBuildRuns();
    if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
      await buildOnce();
      continue;
    }
    const dir = path.join(tmpDir, `production-build-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(tmpDir, { recursive: true });
    const builtAt = buildTime();
    try {
      fs.cpSync(buildDir, dir, { recursive: true });
    } catch {
      // The build changed while copying: try again.
    }
    if (!buildRunning() && buildTime() === builtAt && isCompleteServerBuild(dir)) {
      return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  throw new Error("Could not take a complete copy of build/: it kept changing.");
}

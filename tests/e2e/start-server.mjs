// Starts the production server on a fresh, throwaway data directory so each end-to-end run begins empty.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
const child = spawn(process.execPath, ["server.js"], {
  stdio: "inherit",
  env: { LOG_LEVEL: "warn", ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: "e2e-session-secret-not-for-production" },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

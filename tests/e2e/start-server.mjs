// Starts the production server on a fresh, throwaway data directory so each end-to-end run begins empty
// (E2E_DATA_DIR names it, emptied first, so that the specs can read the e-mails written to its mail/ folder).
// With E2E_EXTRA_PRODUCTS=N the catalogue is the shipped one plus N generated products (CATALOG_FIXTURE).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeCatalogueFixture } from "../../scripts/bench/generate-catalog-fixture.mjs";

const dataDir = process.env.E2E_DATA_DIR ? freshDirectory(process.env.E2E_DATA_DIR) : mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
const extraProducts = Number(process.env.E2E_EXTRA_PRODUCTS ?? 0);
const catalogue =
  extraProducts > 0
    ? { CATALOG_FIXTURE: writeCatalogueFixture(extraProducts, path.join(dataDir, "catalog-fixture.json")), ALLOW_CATALOG_FIXTURE: "true" }
    : {};
const child = spawn(process.execPath, ["server.js"], {
  stdio: "inherit",
  env: {
    LOG_LEVEL: "warn",
    // Every spec signs up and in from 127.0.0.1, far beyond the per-client limits; those are tested in
    // tests/integration/production/rate-limits.test.ts.
    RATE_LIMITS: "off",
    ...process.env,
    ...catalogue,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-session-secret-not-for-production",
  },
});
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

function freshDirectory(directory) {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  return directory;
}

import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Debian's Chromium: Playwright's own browser download cannot run on these machines.
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
  },
  // Tests of one mode only carry a tag (`@js-only`: enhancements; `@no-js-only`: plain HTML posts), so the
  // other project does not list them at all instead of reporting them skipped.
  projects: [
    { name: "js", use: { ...chromium }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    // The real production build and server; `npm run test:e2e` builds first.
    command: "node tests/e2e/start-server.mjs",
    url: `http://localhost:${port}/robots.txt`,
    reuseExistingServer: false,
    // A fresh embedded database is created and migrated at start-up: on a loaded two-core machine that took over 60 s.
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(port), NODE_ENV: "production" },
  },
});

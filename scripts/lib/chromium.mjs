// Debian's Chromium as the e2e suite and the benchmarks run it (Playwright's own browser download cannot run on
// these machines): where it is, and the flags for a headless run in a container.

export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

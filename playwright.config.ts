import { defineConfig, devices } from "@playwright/test";

import { chromiumArgs, chromiumPath } from "./scripts/lib/chromium.mjs";
import { e2eReportFile } from "./scripts/lib/shop-harness.mjs";
import {
  BIG_CATALOG_EXTRA_PRODUCTS,
  bigCatalogPort,
  bigCatalogURL,
  E2E_STAFF_EMAILS,
  shopDataDir,
  shopPort,
  shopURL,
  staffLinksFile,
  stripeShopPort,
  stripeShopURL,
  stripeWebhookSecret,
} from "./tests/e2e/servers";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Debian's Chromium: Playwright's own browser download cannot run on these machines.
    executablePath: chromiumPath,
    args: chromiumArgs,
  },
};

/** What both shops' launchers share (tests/e2e/start-server.mjs). */
const shopServer = {
  command: "node tests/e2e/start-server.mjs",
  reuseExistingServer: false,
  timeout: 600_000,
  gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  stdout: "pipe",
  stderr: "pipe",
} as const;

/**
 * A 390x844 touch phone with Chromium's engine (Debian's Chromium, as above). Two device pixels per CSS pixel, as on
 * most Android phones: layout, touch targets and media queries are in CSS pixels and the same at three, and three
 * paints 2.25 times the pixels, on a CPU the whole suite waits for.
 */
const phone = {
  ...chromium,
  userAgent: devices["Pixel 7"].userAgent,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // The JSON report gives `npm run validate` each project's and spec file's share of the time.
  reporter: [
    ["list"],
    ["json", { outputFile: e2eReportFile }],
    ...(process.env.CI ? [] : ([["html", { open: "never" }]] as const)),
  ],
  // Generous: on a loaded two-core machine a test that takes 8 s alone has taken over 30 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: shopURL,
    // A failed test keeps its trace with DOM snapshots of every step; the screencast is left out, since recording it
    // for every test (and throwing it away for the passing ones) cost a fifth of the phone layout spec's CPU time (one run, on a loaded machine).
    trace: { mode: "retain-on-failure", screenshots: false },
  },
  // Which project runs a test (README, "Tests"), by its tag and folder:
  // - untagged: what a shopper does (clicks, forms, navigation), which JavaScript changes: js and no-js (the specs
  //   under tests/e2e/phone/: phone-js and phone-no-js, layout and touch on a 390x844 touch screen).
  // - `@js-only`: what JavaScript adds (enhancements, the framework's arrival, axe, which runs in the page): js
  //   (phone-js for phone specs).
  // - `@no-js-only`: plain HTML posts and their redirects: no-js (phone-no-js).
  // - `@server-only`: what the server alone decides: a status, headers, a redirect, a feed, a page's text and
  //   metadata as sent, with no click or form that JavaScript would handle. Once, in no-js, which reads the document
  //   exactly as the server sent it; desktop specs only, tagged in the title. (One js test opens every indexable page
  //   and the not-found pages hydrated, so a page only these tests read still fails on a hydration error:
  //   quality.spec.ts, "hydrate cleanly".)
  // - `@once`: an outcome the server decides, reached through screens whose forms other tests cover both ways (a
  //   refund Stripe makes after a cancel, carts merged at sign-in, a rate reaching every page that shows it): once,
  //   in no-js (phone-no-js), where a test costs about half what it costs in js.
  // A project does not list the tests not meant for it at all instead of reporting them skipped.
  projects: [
    { name: "js", use: { ...chromium }, grepInvert: /@no-js-only|@server-only|@once/, testIgnore: /e2e\/phone\// },
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      grepInvert: /@js-only/,
      testIgnore: /e2e\/phone\//,
    },
    {
      name: "phone-js",
      use: { ...phone },
      grepInvert: /@no-js-only|@server-only|@once/,
      testMatch: /e2e\/phone\/.*\.spec\.ts/,
    },
    {
      name: "phone-no-js",
      use: { ...phone, javaScriptEnabled: false },
      grepInvert: /@js-only|@server-only/,
      testMatch: /e2e\/phone\/.*\.spec\.ts/,
    },
  ],
  // The production server of the current sources (tests/e2e/start-server.mjs builds them first when they changed, so
  // the timeout allows a build too). A fresh embedded database is created and migrated at start-up: on a loaded
  // two-core machine that took over 60 s. SIGTERM at the end lets the launcher remove its data directory.
  webServer: [
    {
      ...shopServer,
      url: `${shopURL}/robots.txt`,
      // A known data directory: the specs read the e-mails the shop writes there (no SMTP_URL). The back office's
      // specs sign up the staff addresses (tests/e2e/pages/admin.ts). One address hears of each new order: by default
      // every staff address would, two dozen e-mails an order ahead of the ones the specs wait for.
      env: {
        PORT: String(shopPort),
        E2E_DATA_DIR: shopDataDir,
        E2E_STAFF_LINKS: staffLinksFile(shopPort),
        E2E_SEED_RETURNS: "1",
        E2E_SHOP_ENV: JSON.stringify({ STAFF_EMAILS: E2E_STAFF_EMAILS, ORDERS_EMAIL: "orders@example.com" }),
      },
    },
    {
      ...shopServer,
      url: `${bigCatalogURL}/robots.txt`,
      env: {
        PORT: String(bigCatalogPort),
        E2E_EXTRA_PRODUCTS: String(BIG_CATALOG_EXTRA_PRODUCTS),
        // Google sign-in configured (never contacted: the tests only check that it is offered), the first server has none.
        E2E_SHOP_ENV: JSON.stringify({
          GOOGLE_CLIENT_ID: "e2e-client-id.apps.googleusercontent.com",
          GOOGLE_CLIENT_SECRET: "e2e-client-secret",
        }),
      },
    },
    {
      // Card payment (decision 0031): Stripe Checkout answered by the launcher's local stand-in. The first shop takes
      // payment manually. No mail: accounts are confirmed at once (the payment e-mails have integration tests).
      ...shopServer,
      url: `${stripeShopURL}/robots.txt`,
      env: {
        PORT: String(stripeShopPort),
        E2E_STAFF_LINKS: staffLinksFile(stripeShopPort),
        E2E_STRIPE: "stand-in",
        E2E_STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
        E2E_SHOP_ENV: JSON.stringify({
          MAIL: "off",
          STAFF_EMAILS: E2E_STAFF_EMAILS,
          ORDERS_EMAIL: "orders@example.com",
        }),
      },
    },
  ],
});

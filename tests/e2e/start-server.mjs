// Playwright's web server (playwright.config.ts): the production server of the current sources (built first if
// they changed) on PORT and a fresh, throwaway data directory, so that each end-to-end run begins empty.
//   E2E_DATA_DIR        the data directory (emptied first, removed after), so that the specs can read the e-mails
//                       the shop writes to its mail/ folder; default: a new temporary one
//   E2E_EXTRA_PRODUCTS  N: the catalogue is the shipped one plus N generated products (CATALOG_FIXTURE)
//   E2E_SHOP_ENV        JSON of further shop settings, e.g. {"GOOGLE_CLIENT_ID": "..."}; nothing else from this
//                       process's environment reaches the shop (a DATABASE_URL in the shell would switch backends)
//   E2E_STRIPE          "stand-in": card payment by Stripe Checkout, the Stripe API and its hosted page answered by the
//                       local stand-in (tests/support/stripe-stand-in.mjs) that this launcher starts, whose events go
//                       to the shop's /webhooks/stripe, signed with E2E_STRIPE_WEBHOOK_SECRET
//   E2E_SEED_RETURNS    "1": the returns spec's delivered orders are written into the database between a first start
//                       (which creates it) and the start that serves (tests/e2e/seed-returns.mjs)
//   E2E_STAFF_LINKS     a file to write the staff set-up links the shop printed at start-up to, as JSON
//                       { address: link } (removed after), for the specs that set up staff (tests/e2e/pages/admin.ts)
import fs from "node:fs";
import path from "node:path";

import { writeCatalogueFixture } from "../../scripts/bench/generate-catalog-fixture.mjs";
import { ensureBuild, staffSetupLinksIn, startShop, throwawayDir } from "../../scripts/lib/shop-harness.mjs";
import { startStripeStandIn } from "../support/stripe-stand-in.mjs";
import { seedReturnOrders } from "./seed-returns.mjs";

const dataDir = throwawayDir("shop-e2e-", { at: process.env.E2E_DATA_DIR || undefined });
const extraProducts = Number(process.env.E2E_EXTRA_PRODUCTS ?? 0);
const catalogue =
  extraProducts > 0
    ? {
        CATALOG_FIXTURE: writeCatalogueFixture(extraProducts, path.join(dataDir.path, "catalog-fixture.json")),
        ALLOW_CATALOG_FIXTURE: "true",
      }
    : {};

const port = Number(process.env.PORT);
const webhookSecret = process.env.E2E_STRIPE_WEBHOOK_SECRET ?? "";
if (process.env.E2E_STRIPE === "stand-in" && !webhookSecret)
  throw new Error("E2E_STRIPE=stand-in needs E2E_STRIPE_WEBHOOK_SECRET.");
const stripe =
  process.env.E2E_STRIPE === "stand-in"
    ? await startStripeStandIn({ webhookSecret, webhookUrl: `http://localhost:${port}/webhooks/stripe` })
    : undefined;
const payment = stripe
  ? { STRIPE_SECRET_KEY: "sk_test_e2e_stand_in", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url }
  : {};

/** @type {Awaited<ReturnType<typeof startShop>> | undefined} */
let shop;
// Playwright ends the run with SIGTERM to the whole process group (gracefulShutdown in playwright.config.ts).
const stop = async (signal) => {
  await shop?.stop(signal);
  await stripe?.close();
  dataDir.remove();
  if (process.env.E2E_STAFF_LINKS) fs.rmSync(process.env.E2E_STAFF_LINKS, { force: true });
  process.exit(0);
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

const shopOptions = {
  buildDir: await ensureBuild({ log: console.log }),
  port,
  dataDir: dataDir.path,
  echo: true,
  env: {
    LOG_LEVEL: "warn",
    // Every spec signs up and in from 127.0.0.1, far beyond the per-client limits; those are tested in
    // tests/integration/production/rate-limits.test.ts.
    RATE_LIMITS: "off",
    // As deployed: Secure cookies (Chromium keeps them for http://localhost).
    ALLOW_HTTP: "false",
    // Production without SMTP_URL sends no mail unless told to: the specs read the messages it writes to DATA_DIR/mail.
    MAIL: "on",
    SESSION_SECRET: "e2e-session-secret-not-for-production",
    ...catalogue,
    ...payment,
    ...JSON.parse(process.env.E2E_SHOP_ENV || "{}"),
  },
};
if (process.env.E2E_SEED_RETURNS === "1") {
  // The first start creates the database; the seed needs it, and the shop's hold on it released.
  const creator = await startShop(shopOptions);
  await creator.stop();
  await seedReturnOrders(dataDir.path);
}
shop = await startShop(shopOptions);
const staffLinksFile = process.env.E2E_STAFF_LINKS;
if (staffLinksFile) {
  fs.writeFileSync(staffLinksFile, JSON.stringify(staffSetupLinksIn(shop.output())));
}
const code = await shop.exited;
await stripe?.close();
dataDir.remove();
if (staffLinksFile) fs.rmSync(staffLinksFile, { force: true });
process.exit(code ?? 1);

import os from "node:os";
import path from "node:path";

// The production servers the end-to-end run starts (playwright.config.ts) and the specs address.

export const shopPort = Number(process.env.E2E_PORT ?? 4173);
/** A second shop whose catalogue is the shipped one plus generated products, for what needs many (pagination). */
export const bigCatalogPort = Number(process.env.E2E_BIG_CATALOG_PORT ?? shopPort + 10);
export const BIG_CATALOG_EXTRA_PRODUCTS = 300;

/** A third shop that takes card payment through Stripe Checkout, answered by a local stand-in (decision 0031). */
export const stripeShopPort = Number(process.env.E2E_STRIPE_SHOP_PORT ?? shopPort + 20);
/** The card shop's webhook signing secret, which the launcher gives the stand-in and the shop alike. */
export const stripeWebhookSecret = "whsec_e2e_stand_in";

export const shopURL = `http://localhost:${shopPort}`;
export const bigCatalogURL = `http://localhost:${bigCatalogPort}`;
export const stripeShopURL = `http://localhost:${stripeShopPort}`;

/**
 * The shop's data directory (the launcher empties it before and removes it after the run). With no SMTP_URL the
 * shop writes every e-mail under its mail/ folder, where the specs read them (tests/e2e/pages/mail.ts).
 */
export const shopDataDir = path.join(os.tmpdir(), `shop-e2e-${shopPort}`);
export const shopMailDir = path.join(shopDataDir, "mail");

/**
 * Staff addresses of the shops' STAFF_EMAILS: a few per project, each set up by one test of one shop (pages/admin.ts).
 * On the card-payment shop: 5 shipping rates, 7 photos, 8 and 9 the catalogue, 10 and 11 the payment specs, 12 the
 * discount codes, 14 the card refund of returns.spec.ts; on the first shop, 13 the discount codes and welcome offer,
 * 15 returns.spec.ts's manual refund, 16 exchanges.spec.ts's returns and exchanges.
 */
export const STAFF_SLOTS = 17;
export const staffAddress = (project: string, slot: number) => `staff-${project}-${slot}@example.com`;
export const E2E_STAFF_EMAILS = ["js", "no-js", "phone-js", "phone-no-js"]
  .flatMap((project) => Array.from({ length: STAFF_SLOTS }, (_, index) => staffAddress(project, index + 1)))
  .join(",");

/**
 * Where a shop's launcher writes the staff set-up links that shop printed at start-up (decision 0032), as JSON
 * { address: link }: the deployer reads them in the log, the specs in this file (tests/e2e/pages/admin.ts).
 */
export const staffLinksFile = (port: number) => path.join(os.tmpdir(), `shop-e2e-staff-links-${port}.json`);

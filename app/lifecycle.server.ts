import { closeBackend, getBackend } from "~/backend/backend.server";
import { resolveBackendConfig } from "~/backend/config.server";
import { STAFF_SETUP_LINK_HOURS } from "~/backend/constants";
import type { Backend } from "~/backend/ports/backend";
import { adoptShopDetails } from "~/content/shop-details";
import { configuredOrigin } from "~/http/origin.server";
import { catalogueVersion, startCatalogue, stopCatalogue } from "~/modules/catalog/catalog.server";
import { startMail, stopMail } from "~/modules/mail/mail-service.server";
import {
  describePayment,
  getPaymentProvider,
  paymentFormActionOrigins,
} from "~/modules/payment/payment-provider.server";
import { startRefunds, stopRefunds } from "~/modules/payment/refund-service.server";
import { getEnv, type Env } from "~/site/env.server";

export interface StartupOptions {
  /** The build's migrated database image (server.js passes it in production): a new DATA_DIR starts from it. */
  databaseImage?: string;
}

/** What server.js needs to know of the app's configuration. */
export interface StartupResult {
  /** Origins the checkout's answer may send a form submission on to (the hosted payment page): CSP form-action. */
  formActionOrigins: string[];
  /** The catalogue's version in memory: a cached page from before it moved is stale (server/page-cache.js). */
  catalogueVersion: () => number | undefined;
  /** The process holds the database (PGlite): the start-up line on memory says what that needs. */
  embeddedDatabase: boolean;
}

/** Runs once before the server listens: a misconfigured deployment fails here, not on a shopper's request. */
export async function startup({ databaseImage }: StartupOptions = {}): Promise<StartupResult> {
  const env = getEnv();
  // Before anything renders: pages and e-mails show the deployer's details.
  adoptShopDetails({
    name: env.SHOP_NAME,
    email: env.SHOP_EMAIL,
    phone: env.SHOP_PHONE,
    address: env.SHOP_ADDRESS,
    supportHours: env.SHOP_SUPPORT_HOURS,
  });
  const warning = plainHttpWarning(env);
  if (warning) console.warn(warning);
  const backend = await getBackend({ databaseImage });
  console.log(`Backend: ${backend.description}`);
  console.log(await startCatalogue(backend.catalogue));
  console.log(await syncStaff(backend, env));
  for (const line of await staffSetupLinks(backend, env)) console.log(line);
  const payment = getPaymentProvider();
  if (payment.kind === "stripe" && !backend.payments) {
    throw new Error(
      "Stripe payments on the Supabase backend need SUPABASE_SERVICE_ROLE_KEY (Project Settings > API, service_role): " +
        "the webhook records payments with it. Set it, or unset STRIPE_SECRET_KEY to take payment manually.",
    );
  }
  console.log(describePayment(payment));
  console.log(startMail(backend, env, payment));
  startRefunds(backend, payment);
  return {
    formActionOrigins: paymentFormActionOrigins(payment),
    catalogueVersion,
    embeddedDatabase: resolveBackendConfig(env).kind === "embedded",
  };
}

/**
 * Writes STAFF_EMAILS (and ORDERS_EMAIL, by default the staff) to the database, so that every instance and the
 * database's own policies agree on who is staff; returns the start-up line, which counts accounts and never names them.
 */
export async function syncStaff(
  backend: Pick<Backend, "syncStaff">,
  env: Pick<Env, "STAFF_EMAILS" | "ORDERS_EMAIL">,
): Promise<string> {
  const orderRecipients = env.ORDERS_EMAIL.length > 0 ? env.ORDERS_EMAIL : env.STAFF_EMAILS;
  const confirmed = await backend.syncStaff({ staffEmails: env.STAFF_EMAILS, orderRecipients });
  const listed = env.STAFF_EMAILS.length;
  const notices =
    orderRecipients.length === 0 ? "; new orders are announced to nobody (set ORDERS_EMAIL or STAFF_EMAILS)" : "";
  if (confirmed === null) {
    return `Staff: not written (the staff list needs SUPABASE_SERVICE_ROLE_KEY on Supabase); the back office has no staff${notices}`;
  }
  if (listed === 0) return `Staff: none (set STAFF_EMAILS to open the back office at /admin)${notices}`;
  const accounts = `${confirmed} staff account${confirmed === 1 ? "" : "s"}`;
  const waiting = listed - confirmed;
  return `Staff: ${accounts}${waiting > 0 ? ` (${waiting} listed address${waiting === 1 ? " is" : "es are"} not set up yet)` : ""}${notices}`;
}

/** Where a staff set-up link lands: the token travels in the query, once, in the start-up log. */
export const STAFF_SETUP_PATH = "/auth/staff-setup";

/**
 * A one-time set-up link (decision 0032) for each listed address no account has claimed yet, as start-up log lines:
 * the deployer reads the log, a stranger does not. Each start replaces the previous links.
 */
export async function staffSetupLinks(
  backend: Pick<Backend, "issueStaffSetupTokens">,
  env: Pick<Env, "SITE_URL">,
): Promise<string[]> {
  const tokens = await backend.issueStaffSetupTokens();
  if (!tokens || tokens.length === 0) return [];
  const origin = configuredOrigin(env.SITE_URL);
  return [
    `Staff set-up: open the link for your address to set its password and open the back office ` +
      `(each works once, for ${STAFF_SETUP_LINK_HOURS} hours; a restart makes new ones):`,
    ...tokens.map(({ email, token }) => `  ${email}: ${origin}${STAFF_SETUP_PATH}?token=${token}`),
  ];
}

/** Runs after the server stopped accepting requests and finished those in flight. */
export async function shutdown(): Promise<void> {
  stopCatalogue();
  await Promise.all([stopMail(), stopRefunds()]);
  await closeBackend();
}

/**
 * A shop reached over plain http (a LAN address, a phone on the same network) with Secure cookies: the browser
 * drops every cookie, so Add to Cart and sign-in silently do nothing. One line at start-up says why.
 */
export function plainHttpWarning(env: Pick<Env, "isProduction" | "secureCookies" | "SITE_URL">): string | undefined {
  if (!env.isProduction || !env.secureCookies || !env.SITE_URL?.startsWith("http:")) return undefined;
  return (
    `Warning: SITE_URL is ${env.SITE_URL} (plain http) but cookies are Secure, so browsers will not keep them there ` +
    "(the cart and sign-in will not work). Serve the shop over https, or set ALLOW_HTTP=true for plain http."
  );
}

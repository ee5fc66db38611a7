import { closeBackend, getBackend } from "~/backend/backend.server";
import { startMail, stopMail } from "~/modules/mail/mail-service.server";
import { type Env, getEnv } from "~/utils/env.server";

export interface StartupOptions {
  /** The build's migrated database image (server.js passes it in production): a new DATA_DIR starts from it. */
  databaseImage?: string;
}

/** Runs once before the server listens: a misconfigured deployment fails here, not on a shopper's request. */
export async function startup({ databaseImage }: StartupOptions = {}): Promise<void> {
  const env = getEnv();
  const warning = plainHttpWarning(env);
  if (warning) console.warn(warning);
  const backend = await getBackend({ databaseImage });
  console.log(`Backend: ${backend.description}`);
  console.log(startMail(backend, env));
}

/** Runs after the server stopped accepting requests and finished those in flight. */
export async function shutdown(): Promise<void> {
  await stopMail();
  await closeBackend();
}

/**
 * A shop reached over plain http (a LAN address, a phone on the same network) with Secure cookies: the browser
 * drops every cookie, so Add to Cart and sign-in silently do nothing. One line at start-up says why (issue 16).
 */
export function plainHttpWarning(env: Pick<Env, "isProduction" | "secureCookies" | "SITE_URL">): string | undefined {
  if (!env.isProduction || !env.secureCookies || !env.SITE_URL?.startsWith("http:")) return undefined;
  return (
    `Warning: SITE_URL is ${env.SITE_URL} (plain http) but cookies are Secure, so browsers will not keep them there ` +
    "(the cart and sign-in will not work). Serve the shop over https, or set ALLOW_HTTP=true for plain http."
  );
}

import path from "node:path";

import type { Backend } from "~/backend/ports/backend";
import { configuredOrigin } from "~/http/origin.server";
import type { PaymentProvider } from "~/modules/payment/payment-provider.server";
import type { Env } from "~/site/env.server";
import { createMailSender, type MailSender } from "./sender.server";
import { createMailTransport } from "./transport.server";

declare global {
  // On globalThis so that development reloads of server modules do not start a second sender.
  var __shopMailSender: MailSender | undefined;
}

type MailEnv = Pick<
  Env,
  "MAIL" | "mailOffByDefault" | "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "SITE_URL" | "isProduction"
>;

/** What start-up prints about mail when it is off: where e-mails go (nowhere), what shoppers are told, what to set. */
export function mailOffNotice(env: MailEnv, backendSendsAuthMail: boolean): string {
  const accounts = backendSendsAuthMail
    ? "Supabase Auth still sends its own confirmation and reset e-mails"
    : 'new accounts are confirmed at once (no link to wait for) and "Forgot password?" asks shoppers to contact the shop';
  if (!env.mailOffByDefault) return `Mail: off (MAIL=off): the shop sends no e-mail; ${accounts}.`;
  return [
    "Mail: off. Production has no SMTP_URL, so the shop sends no e-mail and promises none:",
    `  ${accounts};`,
    "  order confirmations and newsletter links wait in the database until mail is set up.",
    '  To send e-mail, set SMTP_URL (smtps://user:password@smtp.example.com:465), MAIL_FROM ("Luxe Strands <shop@your-shop>")',
    `  and SITE_URL (https://your-shop, the address in the links). To try the shop with e-mails written to ${path.resolve(env.DATA_DIR, "mail")}, set MAIL=on.`,
  ].join("\n");
}

/** What start-up prints about mail when it is on: the transport and sender, and in production what is missing. */
export function mailOnNotice(env: MailEnv, transportDescription: string, origin: string): string {
  const lines = [`Mail: ${transportDescription}, from ${env.MAIL_FROM}; links to ${origin}.`];
  if (env.isProduction && !env.SMTP_URL) {
    lines.push(
      "  Nobody receives these files, though shoppers are told to check their e-mail: set SMTP_URL and MAIL_FROM to send them.",
    );
  }
  if (env.isProduction && !env.SITE_URL)
    lines.push(`  SITE_URL is not set: links in e-mails point to ${origin}. Set SITE_URL=https://your-shop.`);
  return lines.join("\n");
}

/**
 * Starts this process's mail sender (decision 0016) and returns what start-up says about mail: one line, or a short block
 * when something is missing in production. Links in messages use SITE_URL, else http://localhost:PORT: never the
 * Host header of a request.
 */
export function startMail(backend: Backend, env: MailEnv, payment: PaymentProvider): string {
  if (env.MAIL === "off") return mailOffNotice(env, backend.capabilities.sendsEmail);
  if (!backend.outbox) {
    return (
      "Mail: SUPABASE_SERVICE_ROLE_KEY is not set, so this server sends no order or newsletter e-mail " +
      "(they wait in the outbox); Supabase Auth still sends its own."
    );
  }
  if (globalThis.__shopMailSender) return "Mail: sender already running.";
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL, mailDir: path.resolve(env.DATA_DIR, "mail") });
  const origin = configuredOrigin(env.SITE_URL);
  const sender = createMailSender({
    outbox: backend.outbox,
    transport,
    from: env.MAIL_FROM,
    context: {
      origin,
      payment: payment.kind === "manual" ? { kind: "manual", instructions: payment.instructions } : { kind: "card" },
    },
  });
  sender.start();
  globalThis.__shopMailSender = sender;
  return mailOnNotice(env, transport.description, origin);
}

/** Stops the sender before the database closes; a message it held goes out on the next start. */
export async function stopMail(): Promise<void> {
  const sender = globalThis.__shopMailSender;
  globalThis.__shopMailSender = undefined;
  await sender?.stop();
}

import path from "node:path";
import type { Backend } from "~/backend/port";
import type { PaymentProvider } from "~/modules/payment/payment.server";
import type { Env } from "~/utils/env.server";
import { createMailSender, type MailSender } from "./sender.server";
import { createMailTransport } from "./transport.server";

declare global {
  // On globalThis so that development reloads of server modules do not start a second sender.
  var __shopMailSender: MailSender | undefined;
}

type MailEnv = Pick<Env, "MAIL" | "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "SITE_URL">;

/**
 * Starts this process's mail sender (issue 17) and returns the one start-up line that says how mail goes out.
 * Links in messages use SITE_URL, else http://localhost:PORT: never the Host header of a request.
 */
export function startMail(backend: Backend, env: MailEnv, payment: PaymentProvider): string {
  if (env.MAIL === "off") return "Mail: off (MAIL=off): no e-mail is sent, and new accounts are confirmed at once.";
  if (!backend.outbox) {
    return (
      "Mail: SUPABASE_SERVICE_ROLE_KEY is not set, so this server sends no order or newsletter e-mail " +
      "(they wait in the outbox); Supabase Auth still sends its own."
    );
  }
  if (globalThis.__shopMailSender) return "Mail: sender already running.";
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL, mailDir: path.resolve(env.DATA_DIR, "mail") });
  const sender = createMailSender({
    outbox: backend.outbox,
    transport,
    from: env.MAIL_FROM,
    context: {
      origin: (env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, ""),
      payment: payment.kind === "manual" ? { kind: "manual", instructions: payment.instructions } : { kind: "card" },
    },
  });
  sender.start();
  globalThis.__shopMailSender = sender;
  return `Mail: ${transport.description}, from ${env.MAIL_FROM}`;
}

/** Stops the sender before the database closes; a message it held goes out on the next start. */
export async function stopMail(): Promise<void> {
  const sender = globalThis.__shopMailSender;
  globalThis.__shopMailSender = undefined;
  await sender?.stop();
}

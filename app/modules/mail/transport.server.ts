// How a rendered message leaves the shop (decision 0016): SMTP with SMTP_URL, else an .eml file under DATA_DIR/mail
// that a developer opens (or follows the link the log prints): no set-up, and nothing is lost.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

import type { MailAttachment } from "./layout.server";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments?: MailAttachment[];
  /** The outbox row's id: the Message-ID derives from it, so a message sent twice would show as the same one. */
  outboxId: string;
}

export interface MailTransport {
  /** For the start-up log, without credentials. */
  readonly description: string;
  /** Resolves once the server accepted it (or the file is written); where the file went, for the log. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

export function createMailTransport({ smtpUrl, mailDir }: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    // A hung server ends here: the sender renews its claim while a send runs (sender.server.ts), so without these
    // one stuck conversation would hold its message for ever.
    const transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      description: `SMTP ${url.protocol}//${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      async send(mail) {
        await transporter.sendMail(toNodemailer(mail));
        return {};
      },
      close: () => transporter.close(),
    };
  }
  // The stream transport builds the raw RFC 5322 message without sending it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    description: `files in ${mailDir} (no SMTP_URL)`,
    async send(mail) {
      const info = await builder.sendMail(toNodemailer(mail));
      await fs.mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.outboxId}.eml`);
      // Written aside and renamed: whoever reads the folder never sees half a message.
      await fs.writeFile(`${file}.partial`, info.message as Buffer);
      await fs.rename(`${file}.partial`, file);
      return { file };
    },
    close: () => builder.close(),
  };
}

function toNodemailer(mail: OutgoingMail) {
  const domain = /@([^>\s]+)>?$/.exec(mail.from)?.[1] ?? "localhost";
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments,
    messageId: `<${mail.outboxId}@${domain}>`,
  };
}

import type { OutboxPort } from "~/backend/ports/outbox";
import { createMailSender, type MailSenderOptions } from "~/modules/mail/sender.server";
import { createMailTransport } from "~/modules/mail/transport.server";
import type { TestSmtpServer } from "./smtp-server";

/** The shop's mail sender delivering to a test SMTP server, with links on http://localhost and a quiet log. */
export function createTestMailSender(
  outbox: OutboxPort,
  smtp: TestSmtpServer,
  overrides: Partial<MailSenderOptions> = {},
) {
  return createMailSender({
    outbox,
    transport: createMailTransport({ smtpUrl: smtp.url, mailDir: "/nonexistent" }),
    from: "Luxe Strands <shop@luxe.test>",
    context: { origin: "http://localhost" },
    log: () => {},
    ...overrides,
  });
}

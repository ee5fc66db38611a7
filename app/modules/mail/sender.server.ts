// The mail sender (issue 17): drains the outbox in the shop process. It claims due messages (leased, SKIP LOCKED,
// so that several instances never send one twice), renders and delivers each, then marks it sent; a failure is
// tried again later (retry.ts), and a message still undelivered after a day is given up with a log line.
// Delivery is at least once: a process killed after the server accepted a message but before it was marked sent
// sends it again when the lease ends (the Message-ID stays the same, so mail clients show it once).
import type { OutboxMessage, OutboxPort } from "~/backend/port";
import { afterFailure, defaultRetryPolicy, type RetryPolicy } from "./retry";
import { type RenderContext, renderMail } from "./templates.server";
import type { MailTransport } from "./transport.server";

export interface MailSenderOptions {
  outbox: OutboxPort;
  transport: MailTransport;
  from: string;
  context: RenderContext;
  retry?: RetryPolicy;
  /** How often to look for due messages. */
  pollMs?: number;
  /** Messages claimed at a time. */
  batchSize?: number;
  /** How long a claimed message belongs to this sender: longer than any send takes (transport timeouts). */
  leaseSeconds?: number;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface MailSender {
  /** Sends what is due now; resolves when this round is done. For tests and for start(). */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the round in progress (messages it holds finish or return on lease end). */
  stop(): Promise<void>;
}

export function createMailSender(options: MailSenderOptions): MailSender {
  const retry = options.retry ?? defaultRetryPolicy;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function deliver(message: OutboxMessage): Promise<void> {
    try {
      const mail = renderMail(message, options.context);
      const { file } = await options.transport.send({
        from: options.from,
        to: message.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        outboxId: message.id,
      });
      await options.outbox.finish({ id: message.id, outcome: "sent" });
      if (file) log(`Mail: "${mail.subject}" to ${message.recipient} written to ${file}${mail.links.map((link) => `\n  link: ${link}`).join("")}`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next = afterFailure(retry, { attempts: message.attempts, createdAt: new Date(message.createdAt), now: now() });
      if (next.giveUp) {
        log(`Mail: gave up on ${message.kind} ${message.id} to ${message.recipient} after ${message.attempts} attempts in a day: ${reason}`);
        await options.outbox.finish({ id: message.id, outcome: "failed", error: reason });
      } else {
        await options.outbox.finish({ id: message.id, outcome: "retry", error: reason, retryAt: next.retryAt });
      }
    }
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await options.outbox.claim({ limit: batchSize, leaseSeconds });
      for (const message of batch) await deliver(message);
      sent += batch.length;
      if (batch.length < batchSize || stopped) return sent;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => {
          // The database is away for a moment: the messages wait in the outbox, the next round tries again.
          log(`Mail: could not read the outbox: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
}

// The mail sender (decision 0016): drains the outbox in the shop process. It claims one due message at a time (leased,
// SKIP LOCKED, so that several instances never take the same one), renders and delivers it while renewing its lease,
// then marks it sent; a failure is tried again later (retry.ts), and a message still undelivered after a day is given
// up with a log line. A live sender never loses its message to another, however slow the mail server: the lease is
// renewed every few seconds of the conversation. One that dies stops renewing, so its message is due again within the
// short lease (30 s). Delivery is at least once: a process killed after the server accepted a message but before it
// was marked sent sends that one message again (the Message-ID stays the same, so mail clients show it once).
// Decision 0016 and 0027.
import type { OutboxMessage, OutboxPort } from "~/backend/ports/outbox";
import { createQueuePoller } from "~/modules/queue/poller.server";
import { afterFailure, defaultRetryPolicy, type RetryPolicy } from "~/modules/queue/retry";
import type { RenderContext } from "./layout.server";
import { renderMail } from "./templates.server";
import type { MailTransport } from "./transport.server";

export interface MailSenderOptions {
  outbox: OutboxPort;
  transport: MailTransport;
  from: string;
  context: RenderContext;
  retry?: RetryPolicy;
  /** How often to look for due messages. */
  pollMs?: number;
  /**
   * How long a claim lasts without renewal: what a crashed sender's message waits before another sender takes it.
   * The sender renews it every third of this while a delivery runs.
   */
  leaseSeconds?: number;
  /** How often a claim is renewed during a delivery (default: a third of the lease). */
  renewEveryMs?: number;
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
  const leaseSeconds = options.leaseSeconds ?? 30;
  const renewEveryMs = options.renewEveryMs ?? (leaseSeconds * 1000) / 3;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? (() => new Date());

  /** Renews the message's claim until `done` settles; logs once if the claim is lost (a stalled process). */
  function holdClaim(message: OutboxMessage, done: Promise<unknown>): Promise<void> {
    let lost = false;
    const renewal = setInterval(() => {
      options.outbox.renew({ id: message.id, claim: message.claim, leaseSeconds }).then(
        (held) => {
          if (!held && !lost) {
            lost = true;
            log(
              `Mail: lost the claim on ${message.kind} ${message.id} while sending it (this process stalled past its lease)`,
            );
          }
        },
        // The database is away for a moment: the next renewal tries again, well within the lease.
        () => {},
      );
    }, renewEveryMs);
    return done.then(
      () => clearInterval(renewal),
      () => clearInterval(renewal),
    );
  }

  async function deliver(message: OutboxMessage): Promise<void> {
    const finish = (outcome: Parameters<OutboxPort["finish"]>[0]) => options.outbox.finish(outcome);
    try {
      const mail = renderMail(message, options.context);
      const sending = options.transport.send({
        from: options.from,
        to: message.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        attachments: mail.attachments,
        outboxId: message.id,
      });
      await holdClaim(message, sending);
      const { file } = await sending;
      await finish({ id: message.id, claim: message.claim, outcome: "sent" });
      if (file)
        log(
          `Mail: "${mail.subject}" to ${message.recipient} written to ${file}${mail.links.map((link) => `\n  link: ${link}`).join("")}`,
        );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next = afterFailure(retry, {
        attempts: message.attempts,
        createdAt: new Date(message.createdAt),
        now: now(),
      });
      if (next.giveUp) {
        log(
          `Mail: gave up on ${message.kind} ${message.id} to ${message.recipient} after ${message.attempts} attempts in a day: ${reason}`,
        );
        await finish({ id: message.id, claim: message.claim, outcome: "failed", error: reason });
      } else {
        await finish({ id: message.id, claim: message.claim, outcome: "retry", error: reason, retryAt: next.retryAt });
      }
    }
  }

  const poller = createQueuePoller({
    claimNext: async () => (await options.outbox.claim({ limit: 1, leaseSeconds }))[0] ?? null,
    handle: deliver,
    pollMs,
    // The database is away for a moment: the messages wait in the outbox, the next round tries again.
    onRoundError: (error) =>
      log(`Mail: could not read the outbox: ${error instanceof Error ? error.message : String(error)}`),
  });

  return {
    runOnce: poller.runOnce,
    start: poller.start,
    async stop() {
      await poller.stop();
      options.transport.close();
    },
  };
}

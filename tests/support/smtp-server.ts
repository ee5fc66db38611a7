import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** RCPT TO addresses, as the server saw them. */
  recipients: string[];
  parsed: ParsedMail;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> (no TLS, no authentication). */
  url: string;
  received: ReceivedMail[];
  /** While down, every connection is refused with 421 (a mail server that is away). */
  setDown(down: boolean): void;
  /** Each message is accepted only this long after it arrived (a slow server); 0 by default. */
  setDelay(ms: number): void;
  /** Resolves when at least `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

/** A real SMTP server on a free loopback port, for one test file: what arrives is parsed with mailparser. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let down = false;
  let delayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      if (!down) return callback();
      const error = Object.assign(new Error("Service not available, try again later"), { responseCode: 421 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            const accept = () => {
              received.push({ recipients: session.envelope.rcptTo.map((to) => to.address), parsed, raw });
              for (const wake of waiters) wake();
              callback();
            };
            if (delayMs > 0) setTimeout(accept, delayMs);
            else accept();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setDown(value) {
      down = value;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} messages, ${received.length} arrived.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The http(s) links in a message's plain-text part, in order. */
export function linksIn(mail: ReceivedMail): string[] {
  return [...(mail.parsed.text ?? "").matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

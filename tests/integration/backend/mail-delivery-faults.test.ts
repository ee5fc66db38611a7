import { createTestMailSender } from "#tests/support/mail-sender";
import { createTestBackend, testBackendOptions } from "#tests/support/pglite";
import { startPostgresCluster, type PostgresCluster } from "#tests/support/postgres-cluster";
import { shippingAddress } from "#tests/support/shipping";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { openPostgresDatabase } from "~/backend/sql/pg-database.server";
import { openPostgresBackend } from "~/backend/sql/sql-backend.server";
import { createMailTransport } from "~/modules/mail/transport.server";

// Delivery that loses nothing and sends nothing twice (decision 0016): a mail server that is away, two instances on
// one PostgreSQL, a process that dies between the commit and the send. Each waits on positive events (a failed
// attempt recorded, a message arrived); the generous limits are for a loaded machine, not for the happy path.

vi.setConfig({ testTimeout: 90_000 });

let smtp: TestSmtpServer;
let cluster: PostgresCluster;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await smtp.stop();
  await cluster.stop();
});

let keyCounter = 0;
const freshKey = () => `fault-key-${Date.now()}-${++keyCounter}-padding`;
const fastRetry = { firstDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: 86_400_000 };

const senderFor = (backend: Backend) => createTestMailSender(backend.outbox!, smtp, { retry: fastRetry, pollMs: 10 });

async function placeOrders(backend: Backend, tag: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, index) => `${tag}-${index}@example.com`);
  const anonymous = backend.forRequest(new Request("http://localhost/checkout"));
  for (const email of emails) {
    await anonymous.orders.place({
      userId: null,
      items: [{ productId: "clip-1", quantity: 1 }],
      shippingAddress,
      shippingMethod: "standard",
      email,
      idempotencyKey: freshKey(),
    });
  }
  return emails;
}

/** How many messages arrived for each of `emails` (waiting until each arrived at least once). */
async function arrivalsFor(emails: string[]) {
  const counts = () => emails.map((email) => smtp.received.filter((mail) => mail.recipients.includes(email)).length);
  await new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`Arrivals: ${counts().join(",")}`)), 60_000);
    const check = () => {
      if (counts().every((count) => count >= 1)) {
        clearTimeout(deadline);
        resolve();
      } else setTimeout(check, 20);
    };
    check();
  });
  return counts();
}

describe("a mail server that is away", () => {
  test("orders placed while SMTP refuses connections are each confirmed exactly once when it is back", async () => {
    const { backend, db } = await createTestBackend();
    const sender = senderFor(backend);
    try {
      smtp.setDown(true);
      sender.start();
      const emails = await placeOrders(backend, "smtp-down", 5);
      // Wait until every message has failed at least once (a positive event), then bring the server back.
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                "select count(*)::int as n from public.outbox where attempts >= 1 and last_error is not null",
              )
            )[0]!.n,
          {
            timeout: 60_000,
          },
        )
        .toBe(5);
      smtp.setDown(false);
      expect(await arrivalsFor(emails)).toEqual([1, 1, 1, 1, 1]);
      await expect
        .poll(
          async () =>
            (await db.query<{ n: number }>("select count(*)::int as n from public.outbox where sent_at is null"))[0]!.n,
          {
            timeout: 60_000,
          },
        )
        .toBe(0);
      // Every row is marked sent: nothing else can go out, and each address still got one message.
      expect(emails.map((email) => smtp.received.filter((mail) => mail.recipients.includes(email)).length)).toEqual([
        1, 1, 1, 1, 1,
      ]);
    } finally {
      smtp.setDown(false);
      await sender.stop();
      await backend.close();
    }
  });
});

describe("several instances on one PostgreSQL", () => {
  test("two senders draining the same outbox never send a message twice", async () => {
    const url = await cluster.createDatabase("two_senders");
    const [first, second] = await Promise.all([
      openPostgresBackend({ url, poolSize: 4 }, testBackendOptions),
      openPostgresBackend({ url, poolSize: 4 }, testBackendOptions),
    ]);
    const senders = [senderFor(first!), senderFor(second!)];
    try {
      const emails = await placeOrders(first!, "two-senders", 30);
      // Both drain at once, round after round, in parallel.
      await Promise.all([...senders, ...senders].map((sender) => sender.runOnce()));
      expect(await arrivalsFor(emails)).toEqual(emails.map(() => 1));
      const ids = smtp.received
        .filter((mail) => mail.recipients[0]?.startsWith("two-senders-"))
        .map((mail) => mail.parsed.messageId);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await first!.close();
      await second!.close();
    }
  });

  // A mail server slower than the lease (40 s a message against 300 s leases sent some messages twice): here 1.5 s a
  // message against a 1 s lease, while a second sender polls every 10 ms. A live sender renews its claim while it
  // talks, so the idle one never takes the message meanwhile.
  test("a mail server slower than the lease, and an idle second sender: the message arrives once", async () => {
    const url = await cluster.createDatabase("slow_smtp");
    const [first, second] = await Promise.all([
      openPostgresBackend({ url, poolSize: 4 }, testBackendOptions),
      openPostgresBackend({ url, poolSize: 4 }, testBackendOptions),
    ]);
    const [busy, idle] = [first!, second!].map((backend) =>
      createTestMailSender(backend.outbox!, smtp, { retry: fastRetry, pollMs: 10, leaseSeconds: 1, renewEveryMs: 200 }),
    );
    try {
      const emails = await placeOrders(first!, "slow-smtp", 1);
      smtp.setDelay(1500);
      const busyRound = busy!.runOnce();
      // Once the first sender holds the message, the second one starts polling.
      const db = await openPostgresDatabase({ url, poolSize: 1 });
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: number }>(
                "select count(*)::int as n from public.outbox where claim_token is not null",
              )
            )[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      await db.close();
      idle!.start();
      expect(await busyRound).toBe(1);
      // Stopping waits for any round the idle sender is in: a duplicate it sent would have arrived by then.
      await idle!.stop();
      expect(smtp.received.filter((mail) => mail.recipients.includes(emails[0]!)).length).toBe(1);
    } finally {
      smtp.setDelay(0);
      await Promise.all([busy!.stop(), idle!.stop()]);
      await first!.close();
      await second!.close();
    }
  });

  test("a sender killed after the server accepted a message: only that message repeats, with the same Message-ID", async () => {
    const url = await cluster.createDatabase("killed_in_flight");
    const dying = await openPostgresBackend({ url, poolSize: 2 }, testBackendOptions);
    const emails = await placeOrders(dying, "in-flight", 3);
    // The dying sender claimed one message (a 1 s lease), delivered it, and was killed before marking it sent.
    const [inFlight] = await dying.outbox!.claim({ limit: 1, leaseSeconds: 1 });
    const transport = createMailTransport({ smtpUrl: smtp.url, mailDir: "/nonexistent" });
    await transport.send({
      from: "Luxe Strands <shop@luxe.test>",
      to: inFlight!.recipient,
      subject: "Your order",
      text: "x",
      html: "<p>x</p>",
      headers: {},
      outboxId: inFlight!.id,
    });
    transport.close();
    await dying.close();

    const restarted = await openPostgresBackend({ url, poolSize: 2 }, testBackendOptions);
    const sender = senderFor(restarted);
    try {
      sender.start();
      const expected = emails.map((email) => (email === inFlight!.recipient ? 2 : 1));
      await expect
        .poll(() => emails.map((email) => smtp.received.filter((mail) => mail.recipients.includes(email)).length), {
          timeout: 60_000,
        })
        .toEqual(expected);
      const copies = smtp.received.filter((mail) => mail.recipients.includes(inFlight!.recipient));
      expect(new Set(copies.map((mail) => mail.parsed.messageId)).size).toBe(1);
    } finally {
      await sender.stop();
      await restarted.close();
    }
  });

  test("a process that dies after the commit, or after claiming, loses nothing: a restarted sender delivers once", async () => {
    const url = await cluster.createDatabase("restart");
    const dying = await openPostgresBackend({ url, poolSize: 2 }, testBackendOptions);
    // One instance claimed a message and died holding it (its lease, 1 s here, runs out) ...
    const claimedBeforeDeath = await placeOrders(dying, "after-claim", 1);
    const claimed = await dying.outbox!.claim({ limit: 1, leaseSeconds: 1 });
    expect(claimed.map((message) => message.recipient)).toEqual(claimedBeforeDeath);
    // ... and another committed orders and died before sending (no sender ever ran in it).
    const committed = await placeOrders(dying, "after-commit", 2);
    await dying.close();

    const restarted = await openPostgresBackend({ url, poolSize: 2 }, testBackendOptions);
    const sender = senderFor(restarted);
    try {
      sender.start();
      expect(await arrivalsFor([...committed, ...claimedBeforeDeath])).toEqual([1, 1, 1]);
    } finally {
      await sender.stop();
      await restarted.close();
    }
  });
});

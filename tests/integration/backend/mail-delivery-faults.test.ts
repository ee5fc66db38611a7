import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type { Backend } from "~/backend/port";
import { openPostgresBackend } from "~/backend/sql/sql-backend.server";
import { shippingAddress } from "#tests/support/shipping";
import { createTestMailSender } from "#tests/support/mail-sender";
import { createTestBackend, testBackendOptions } from "#tests/support/pglite";
import { type PostgresCluster, startPostgresCluster } from "#tests/support/postgres-cluster";
import { startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";

// Delivery that loses nothing and sends nothing twice (issue 17): a mail server that is away, two instances on
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
        .poll(async () => (await db.query<{ n: number }>("select count(*)::int as n from public.outbox where attempts >= 1 and last_error is not null"))[0]!.n, {
          timeout: 60_000,
        })
        .toBe(5);
      smtp.setDown(false);
      expect(await arrivalsFor(emails)).toEqual([1, 1, 1, 1, 1]);
      await expect
        .poll(async () => (await db.query<{ n: number }>("select count(*)::int as n from public.outbox where sent_at is null"))[0]!.n, {
          timeout: 60_000,
        })
        .toBe(0);
      // Every row is marked sent: nothing else can go out, and each address still got one message.
      expect(emails.map((email) => smtp.received.filter((mail) => mail.recipients.includes(email)).length)).toEqual([1, 1, 1, 1, 1]);
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
      const ids = smtp.received.filter((mail) => mail.recipients[0]?.startsWith("two-senders-")).map((mail) => mail.parsed.messageId);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await first!.close();
      await second!.close();
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

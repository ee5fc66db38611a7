import { createTestMailSender } from "#tests/support/mail-sender";
import { createTestBackend } from "#tests/support/pglite";
import { signUpMember } from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { linksIn, startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { ShippingMethodId } from "~/backend/ports/orders";
import type { SqlDatabase } from "~/backend/sql/sql-database";

// Order confirmations (decision 0016) from place_order's own transaction through a real SMTP server.

let backend: Backend;
let db: SqlDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  ({ backend, db } = await createTestBackend());
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await backend.close();
  await smtp.stop();
});

let keyCounter = 0;
const freshKey = () => `mail-key-${Date.now()}-${++keyCounter}-padding`;

const newSender = () => createTestMailSender(backend.outbox!, smtp);

async function placeGuestOrder(email: string, shippingMethod: ShippingMethodId = "standard") {
  const anonymous = backend.forRequest(new Request("http://shop.test/checkout"));
  return anonymous.orders.place({
    userId: null,
    items: [
      { productId: "clip-1", quantity: 2 },
      { productId: "acc-2", quantity: 1 },
    ],
    shippingAddress,
    shippingMethod,
    email,
    idempotencyKey: freshKey(),
  });
}

describe("order confirmation", () => {
  it("is written with the order and arrives with its lines, totals and address", async () => {
    const order = await placeGuestOrder("guest-1@example.com");
    const [queued] = await db.query<{ recipient: string; kind: string }>(
      "select recipient, kind from public.outbox where payload ->> 'id' = $1",
      [order.id],
    );
    expect(queued).toEqual({ recipient: "guest-1@example.com", kind: "order_confirmation" });

    const sender = newSender();
    await sender.runOnce();
    await sender.stop();
    const [mail] = await smtp.waitFor(1);
    const number = order.id.slice(-8);
    expect(mail!.recipients).toEqual(["guest-1@example.com"]);
    expect(mail!.parsed.subject).toBe(`Your Luxe Strands order #${number}`);
    const text = mail!.parsed.text ?? "";
    expect(text).toContain(`Order number: #${number}`);
    expect(text).toMatch(/2 x \$299\.00 = \$598\.00/);
    expect(text).toMatch(/1 x \$24\.00 = \$24\.00/);
    expect(text).toContain("Subtotal: $622.00");
    expect(text).toContain("Shipping (Standard): Free");
    expect(text).toContain("Tax: $0.00");
    expect(text).toContain("Total: $622.00");
    expect(text).toContain(shippingAddress.address);
    // A guest has no order history: the order's own page (decision 0029), then the shop and its help and contact
    // page, as every message.
    expect(text).not.toContain("/orders");
    expect(text).toMatch(/Follow your order: http:\/\/localhost\/order-status\?token=[0-9a-f]{64}/);
    expect(linksIn(mail!)).toEqual([
      expect.stringMatching(/^http:\/\/localhost\/order-status\?token=[0-9a-f]{64}$/),
      "http://localhost/shop",
      "http://localhost/faq",
    ]);
    const html = String(mail!.parsed.html);
    expect(html).toContain("$622.00");
    expect(html).not.toMatch(/<img/i);

    const [row] = await db.query<{ sent_at: Date | null }>(
      "select sent_at from public.outbox where payload ->> 'id' = $1",
      [order.id],
    );
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it("links a member to their order history", async () => {
    const { user, cookie } = await signUpMember(backend);
    const member = backend.forRequest(new Request("http://shop.test/checkout", { headers: { Cookie: cookie } }));
    await member.carts.add({ userId: user.id, productId: "clip-1", quantity: 1 });
    const order = await member.orders.place({
      userId: user.id,
      items: [{ productId: "clip-1", quantity: 1 }],
      shippingAddress,
      shippingMethod: "standard",
      email: "member-1@example.com",
      idempotencyKey: freshKey(),
    });
    const sender = newSender();
    await sender.runOnce();
    await sender.stop();
    const mail = (await smtp.waitFor(2)).find((received) => received.recipients.includes("member-1@example.com"));
    expect(mail?.parsed.subject).toBe(`Your Luxe Strands order #${order.id.slice(-8)}`);
    expect(mail?.parsed.text).toContain("Silky Straight Clip-In Extensions");
    expect(linksIn(mail!)).toEqual(["http://localhost/orders", "http://localhost/shop", "http://localhost/faq"]);
  });

  it("says how to pay: the manual provider's instructions, or that the card payment is under way (decision 0031)", async () => {
    const sendWith = async (payment: { kind: "manual"; instructions: string } | { kind: "card" }) => {
      const sender = createTestMailSender(backend.outbox!, smtp, { context: { origin: "http://localhost", payment } });
      await sender.runOnce();
      await sender.stop();
    };
    await placeGuestOrder("manual-payer@example.com");
    await sendWith({ kind: "manual", instructions: "Bank transfer to IBAN DE00 1234 5678" });
    await placeGuestOrder("card-payer@example.com");
    await sendWith({ kind: "card" });
    const received = await smtp.waitFor(4);
    const to = (address: string) => received.find((mail) => mail.recipients.includes(address));
    expect(to("manual-payer@example.com")?.parsed.text).toContain("How to pay:\nBank transfer to IBAN DE00 1234 5678");
    expect(String(to("manual-payer@example.com")?.parsed.html)).toContain("Bank transfer to IBAN DE00 1234 5678");
    expect(to("card-payer@example.com")?.parsed.text).toContain("Payment:\nBy card on our secure payment page.");
  });

  it("names the shipping method and its amount, and the total includes it", async () => {
    const order = await placeGuestOrder("guest-express@example.com", "express");
    const sender = newSender();
    await sender.runOnce();
    await sender.stop();
    const mail = (await smtp.waitFor(3)).find((received) => received.recipients.includes("guest-express@example.com"));
    expect(order).toMatchObject({ shippingMethod: "express", shippingAmount: 1999, totalAmount: 62_200 + 1999 });
    const text = mail?.parsed.text ?? "";
    expect(text).toContain("Subtotal: $622.00");
    expect(text).toContain("Shipping (Express): $19.99");
    expect(text).toContain("Total: $641.99");
    expect(String(mail?.parsed.html)).toContain("Shipping (Express)");
  });
});

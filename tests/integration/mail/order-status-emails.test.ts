import { setUpStaff } from "#tests/support/backend-helpers";
import { createTestMailSender } from "#tests/support/mail-sender";
import { createTestBackend } from "#tests/support/pglite";
import { signUpMember } from "#tests/support/route-calls";
import { shippingAddress } from "#tests/support/shipping";
import { linksIn, startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";

// The order's later e-mails (decision 0029) from the status change's own transaction, through a real SMTP server:
// paid, shipped (with tracking), delivered, cancelled (reason and payment), the shop's new-order notice, and a
// guest's confirmation carrying the link to their order's page.

let backend: Backend;
let smtp: TestSmtpServer;
let staff: RequestBackend;

beforeAll(async () => {
  ({ backend } = await createTestBackend());
  smtp = await startTestSmtpServer();
  const listed = await signUpMember(backend, "Owner");
  await backend.syncStaff({ staffEmails: [listed.user.email], orderRecipients: ["orders@shop.test"] });
  const owner = await setUpStaff(backend, listed.user.email);
  staff = backend.forRequest(new Request("http://shop.test/admin", { headers: { Cookie: owner.cookie } }));
});
afterAll(async () => {
  await backend.close();
  await smtp.stop();
});

async function deliverAll() {
  const sender = createTestMailSender(backend.outbox!, smtp);
  await sender.runOnce();
  await sender.stop();
}

const placeGuestOrder = (email: string) =>
  backend.forRequest(new Request("http://shop.test/checkout")).orders.place({
    userId: null,
    items: [{ productId: "clip-1", quantity: 1 }],
    shippingAddress,
    shippingMethod: "standard",
    email,
    idempotencyKey: `status-mail-${crypto.randomUUID()}`,
  });

describe("order status e-mails", () => {
  it("tell a guest of each step: the confirmation's own-page link, paid, shipped with tracking, delivered", async () => {
    const order = await placeGuestOrder("status-guest@example.com");
    const number = order.id.slice(-8);
    await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" });
    await staff.staff.moveOrder({
      orderId: order.id,
      expectedStatus: "paid",
      newStatus: "shipped",
      carrier: "USPS",
      trackingNumber: "9400 1000 0000",
    });
    await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "shipped", newStatus: "delivered" });
    await deliverAll();
    const mails = await smtp.waitFor(5);
    const toGuest = mails.filter((mail) => mail.recipients.includes("status-guest@example.com"));
    expect(toGuest.map((mail) => mail.parsed.subject)).toEqual([
      `Your Luxe Strands order #${number}`,
      `Payment received for your Luxe Strands order #${number}`,
      `Your Luxe Strands order #${number} has shipped`,
      `Your Luxe Strands order #${number} was delivered`,
    ]);
    const [confirmation, , shipped, delivered] = toGuest;
    expect(linksIn(confirmation!)).toContainEqual(
      expect.stringMatching(/^http:\/\/localhost\/order-status\?token=[0-9a-f]{64}$/),
    );
    expect(confirmation!.parsed.text).toMatch(/Follow your order: http:\/\/localhost\/order-status\?token=/);

    const shippedText = shipped!.parsed.text ?? "";
    expect(shippedText).toContain("Your order has shipped");
    expect(shippedText).toContain("Carrier: USPS");
    expect(shippedText).toContain("Tracking number: 9400 1000 0000");
    expect(shippedText).toContain(
      "Track your parcel: https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000",
    );
    expect(shipped!.parsed.html).toContain('href="https://tools.usps.com/go/TrackConfirmAction?tLabels=940010000000"');
    // One column that fits a 320 px screen: no fixed widths beyond the layout's max-width.
    expect(shipped!.parsed.html).not.toMatch(/(?<!max-)width:\s*\d{3,}px/);
    expect(delivered!.parsed.text).toContain("Your order was delivered");

    const notice = mails.find((mail) => mail.recipients.includes("orders@shop.test"));
    expect(notice?.parsed.subject).toBe(`New order #${number}: $299.00`);
    expect(notice?.parsed.text).toContain("status-guest@example.com");
    expect(linksIn(notice!)).toContain(`http://localhost/admin/orders/${order.id}`);
  });

  it("a cancellation gives the reason and says what happens to the payment", async () => {
    smtp.received.length = 0;
    const unpaid = await placeGuestOrder("cancel-unpaid@example.com");
    const paid = await placeGuestOrder("cancel-paid@example.com");
    await staff.staff.moveOrder({
      orderId: unpaid.id,
      expectedStatus: "pending",
      newStatus: "cancelled",
      note: "Duplicate order",
    });
    await staff.staff.moveOrder({ orderId: paid.id, expectedStatus: "pending", newStatus: "paid" });
    await staff.staff.moveOrder({
      orderId: paid.id,
      expectedStatus: "paid",
      newStatus: "cancelled",
      note: "Out of stock",
    });
    await deliverAll();
    const mails = await smtp.waitFor(7);
    const cancelled = (recipient: string) =>
      mails.find((mail) => mail.recipients.includes(recipient) && /was cancelled/.test(mail.parsed.subject ?? ""))!
        .parsed.text ?? "";
    expect(cancelled("cancel-unpaid@example.com")).toContain("Reason: Duplicate order");
    expect(cancelled("cancel-unpaid@example.com")).toContain("You have not been charged for this order.");
    expect(cancelled("cancel-paid@example.com")).toContain("Reason: Out of stock");
    expect(cancelled("cancel-paid@example.com")).toMatch(/will be refunded .* 5-7 business days/);
  });

  it("staff are told by e-mail of a payment after cancellation (refunded automatically) and of a dispute", async () => {
    smtp.received.length = 0;
    const order = await placeGuestOrder("late-payer@example.com");
    const number = order.id.slice(-8);
    const payments = backend.payments!;
    await payments.attachSession({ orderId: order.id, provider: "stripe", sessionId: `cs_test_${number}` });
    await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "cancelled", note: "Dup" });
    const paid = {
      provider: "stripe" as const,
      eventType: "checkout.session.completed",
      orderId: order.id,
      sessionId: `cs_test_${number}`,
      action: "paid" as const,
      reference: `pi_test_${number}`,
      amount: order.totalAmount,
      currency: "usd",
    };
    expect(await payments.recordEvent({ ...paid, eventId: `evt_${number}_paid` })).toBe("paid_after_cancel");
    expect(
      await payments.recordChargeEvent({
        provider: "stripe",
        eventId: `evt_${number}_dispute`,
        eventType: "charge.dispute.created",
        paymentReference: `pi_test_${number}`,
        dispute: { id: "du_test_1", amount: 29900, currency: "usd", reason: "fraudulent", status: "needs_response" },
      }),
    ).toBe("dispute_recorded");
    await deliverAll();
    const mails = await smtp.waitFor(5);
    const toShop = mails.filter((mail) => mail.recipients.includes("orders@shop.test"));
    expect(toShop.map((mail) => mail.parsed.subject)).toEqual([
      `New order #${number}: $299.00`,
      `Order #${number} was paid after it was cancelled: refunded automatically`,
      `Dispute opened on order #${number}: $299.00`,
    ]);
    expect(toShop[1]!.parsed.text).toContain("The shop is refunding it in full automatically");
    expect(toShop[2]!.parsed.text).toContain("(reason: fraudulent)");
    expect(linksIn(toShop[2]!)).toContain(`http://localhost/admin/orders/${order.id}`);
  });

  it("a refund (beside the status) tells the customer the amount, the reason and how it comes back", async () => {
    smtp.received.length = 0;
    const order = await placeGuestOrder("refund-guest@example.com");
    const number = order.id.slice(-8);
    await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" });
    await staff.staff.refundOrder({
      orderId: order.id,
      reason: "A scratched clip",
      lines: [],
      shipping: false,
      amount: 1_250,
    });
    await deliverAll();
    const mails = await smtp.waitFor(4);
    const refund = mails.find(
      (mail) => mail.recipients.includes("refund-guest@example.com") && /refund/.test(mail.parsed.subject ?? ""),
    );
    expect(refund?.parsed.subject).toBe(`A refund of $12.50 for your Luxe Strands order #${number}`);
    expect(refund?.parsed.text).toContain("Reason: A scratched clip");
    expect(refund?.parsed.text).toContain("We have paid $12.50 back to you by the way you paid us.");
    expect(refund?.parsed.text).toContain("Refunded: $12.50");
  });

  it("a return's steps tell the customer what was asked, how to send it back (with the tracking number and the attached label), and when it arrived", async () => {
    smtp.received.length = 0;
    const idempotencyKey = `return-mail-${crypto.randomUUID()}`;
    const shop = backend.forRequest(new Request("http://shop.test/checkout"));
    const order = await shop.orders.place({
      userId: null,
      items: [{ productId: "clip-1", quantity: 1 }],
      shippingAddress,
      shippingMethod: "standard",
      email: "return-guest@example.com",
      idempotencyKey,
    });
    const number = order.id.slice(-8);
    await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" });
    await staff.staff.moveOrder({
      orderId: order.id,
      expectedStatus: "paid",
      newStatus: "shipped",
      carrier: "UPS",
      trackingNumber: "1Z1",
    });
    await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "shipped", newStatus: "delivered" });
    const proof = await shop.guestOrders.issueBrowserLink({ orderId: order.id, idempotencyKey });
    const request = await shop.returns.request({
      orderId: order.id,
      proof,
      kind: "return",
      lines: [{ itemId: order.items[0]!.id, quantity: 1 }],
      reason: "The shade is too light",
    });
    // The carrier's prepaid label, attached before the approval: its e-mail carries it (decision 0048).
    const label = Buffer.from("%PDF-1.4\n% the carrier's label\n%%EOF\n");
    await staff.staffReturns.attachLabel({ requestId: request.id, expectedState: "requested", pdf: label });
    await staff.staffReturns.move({
      requestId: request.id,
      expectedState: "requested",
      newState: "approved",
      trackingNumber: "RET-42",
      note: "Use the prepaid label we sent.",
    });
    await staff.staffReturns.move({ requestId: request.id, expectedState: "approved", newState: "received" });
    await deliverAll();
    const mails = (await smtp.waitFor(7)).filter((mail) => mail.recipients.includes("return-guest@example.com"));
    const text = (subject: string) => mails.find((mail) => mail.parsed.subject === subject)?.parsed.text ?? "";
    expect(text(`Your return request for Luxe Strands order #${number}`)).toContain("Reason: The shade is too light");
    const approved = text(`Your return for Luxe Strands order #${number} is approved`);
    expect(approved).toContain(`write order #${number} on a note inside`);
    expect(approved).toContain("Use the prepaid label we sent.");
    expect(approved).toContain("Return tracking number: RET-42");
    expect(approved).toContain("1 x Silky Straight Clip-In Extensions: Returned");
    expect(approved).toContain("Your prepaid return label is attached");
    const approval = mails.find((mail) => /is approved$/.test(mail.parsed.subject ?? ""))!;
    expect(approval.parsed.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`return-label-${number}.pdf`, "application/pdf"],
    ]);
    expect(approval.parsed.attachments[0]!.content).toEqual(label);
    expect(text(`Your return for Luxe Strands order #${number} has arrived`)).toContain(
      "we will refund the returned items",
    );
  });
});

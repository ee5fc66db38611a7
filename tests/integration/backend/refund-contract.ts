// The refund queue's contract (docs/decisions/0033-refund-queue.md), for every adapter: the decision to refund is the
// move's own transaction (a move that loses a race refunds nothing), claims are leased and exclusive, and the worker
// asks the Stripe stand-in (tests/support/stripe-stand-in.mjs, through the real `stripe` client) once per refund.
// On PostgreSQL the races run with real concurrency (a pool of connections); PGlite serialises them.
import crypto from "node:crypto";
import {
  asAnon,
  asAuthenticated,
  expectBackendError,
  expectSqlError,
  placeOrder,
  requestWith,
  setUpStaff,
  signUpShopper,
  uniqueEmail,
} from "#tests/support/backend-helpers";
import { startStripeStandIn } from "#tests/support/stripe-stand-in.mjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { PaymentsPort } from "~/backend/ports/payments";
import type { StaffPort } from "~/backend/ports/staff";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { createRefundWorker } from "~/modules/payment/refund-worker.server";
import { createStripeCheckout, type StripeCheckout } from "~/modules/payment/stripe.server";
import type { ContractHarness } from "./contract";

/** Orders raced in each race test: enough for both interleavings to turn up on PostgreSQL. */
const RACES = 6;

export function describeRefundQueue(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`refund queue: ${name}`, () => {
    let harness: ContractHarness;
    let backend: Backend;
    let db: SqlDatabase;
    let payments: PaymentsPort;
    let staff: StaffPort;
    let otherStaff: StaffPort;
    let staffUserId: string;
    let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
    let stripe: StripeCheckout;

    beforeAll(async () => {
      harness = await setup();
      backend = harness.createBackend();
      db = harness.db;
      if (!backend.payments) throw new Error("This harness gives the backend no payments port.");
      payments = backend.payments;
      const [listed, second] = [await signUpShopper(backend), await signUpShopper(backend)];
      await backend.syncStaff({ staffEmails: [listed.email, second.email], orderRecipients: [] });
      const owner = await setUpStaff(backend, listed.email);
      staffUserId = owner.user.id;
      staff = backend.forRequest(requestWith(owner.cookie)).staff;
      otherStaff = (await setUpStaff(backend, second.email)).scope.staff;
      standIn = await startStripeStandIn({ webhookSecret: "whsec_refund_contract" });
      stripe = createStripeCheckout({
        secretKey: "sk_test_refund_contract",
        webhookSecret: "whsec_refund_contract",
        apiUrl: standIn.url,
      });
    });

    afterAll(async () => {
      await standIn?.close();
      await harness?.teardown();
    });

    const worker = () => createRefundWorker({ payments, stripe, log: () => {} });
    /** A guest's order paid by card: a session at the stand-in, paid there, and its paid event recorded. */
    async function paidCardOrder(items = [{ productId: "clip-1", quantity: 1 }]) {
      const order = await placeOrder(backend.forRequest(requestWith()), {
        userId: null,
        items,
        email: uniqueEmail("refund"),
      });
      const session = await stripe.createSession(
        {
          mode: "payment",
          success_url: "http://shop.test/order-success",
          client_reference_id: order.id,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "usd", unit_amount: order.totalAmount, product_data: { name: "x" } },
            },
          ],
        },
        `session-${order.id}`,
      );
      expect(await payments.attachSession({ orderId: order.id, provider: "stripe", sessionId: session.id })).toBe(true);
      const paymentIntent = `pi_test_${crypto.randomUUID().replaceAll("-", "")}`;
      Object.assign(standIn.sessions.get(session.id)!, {
        status: "complete",
        payment_status: "paid",
        payment_intent: paymentIntent,
      });
      const paid = {
        provider: "stripe" as const,
        eventId: `evt_test_${crypto.randomUUID()}`,
        eventType: "checkout.session.completed",
        orderId: order.id,
        sessionId: session.id,
        action: "paid" as const,
        reference: paymentIntent,
        amount: order.totalAmount,
        currency: "usd",
      };
      return { order, sessionId: session.id, paymentIntent, paid };
    }
    const refundsOf = (orderId: string) =>
      db.query<{ id: string; state: string; amount: number; provider_refund_id: string | null }>(
        "select id, state, amount, provider_refund_id from public.refunds where order_id = $1 order by requested_at",
        [orderId],
      );
    const statusOf = async (orderId: string) =>
      (await db.query<{ status: string }>("select status from public.orders where id = $1", [orderId]))[0]?.status;
    const refundsAtStripe = (paymentIntent: string) =>
      [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
    /** Asks Stripe for every refund due (the suites share one database: other tests' refunds go too). */
    const drain = async () => {
      while ((await worker().runOnce()) > 0);
    };

    test("a claim is exclusive and leased; only its holder finishes it, once, with Stripe's id and amount", async () => {
      await drain();
      const { order, paid } = await paidCardOrder();
      expect(await payments.recordEvent(paid)).toBe("paid");
      await staff.moveOrder({
        orderId: order.id,
        expectedStatus: "paid",
        newStatus: "cancelled",
        note: "Out of stock",
      });
      const [first, second] = await Promise.all([
        payments.claimRefund({ leaseSeconds: 60 }),
        payments.claimRefund({ leaseSeconds: 60 }),
      ]);
      const claimed = first ?? second;
      expect([first, second].filter(Boolean)).toHaveLength(1);
      expect(claimed).toMatchObject({
        orderId: order.id,
        paymentReference: paid.reference,
        amount: order.totalAmount,
        currency: "usd",
        attempts: 1,
      });
      expect(await payments.claimRefund({ leaseSeconds: 60 })).toBeNull();
      const done = { id: claimed!.id, outcome: "succeeded" as const, providerRefundId: "re_test_1", amount: 100 };
      expect(await payments.finishRefund({ ...done, claim: crypto.randomUUID() })).toBe(false);
      expect(await payments.finishRefund({ ...done, claim: claimed!.claim })).toBe(true);
      expect(await payments.finishRefund({ ...done, claim: claimed!.claim })).toBe(false);
      expect(await refundsOf(order.id)).toEqual([
        { id: claimed!.id, state: "succeeded", amount: 100, provider_refund_id: "re_test_1" },
      ]);
      await expectBackendError(
        payments.finishRefund({ ...done, providerRefundId: "", claim: claimed!.claim }),
        "invalid_input",
      );
    });

    test("a claim whose holder died is due again after its lease, and asked with the same key: Stripe refunds once", async () => {
      await drain();
      const { order, paid, paymentIntent } = await paidCardOrder();
      expect(await payments.recordEvent(paid)).toBe("paid");
      await staff.moveOrder({
        orderId: order.id,
        expectedStatus: "paid",
        newStatus: "cancelled",
        note: "Out of stock",
      });
      // The dying worker: it claimed, asked Stripe (who refunded) and never recorded the answer.
      const dying = await payments.claimRefund({ leaseSeconds: 1 });
      await stripe.refund({
        paymentReference: paymentIntent,
        amount: dying!.amount,
        idempotencyKey: `refund-${dying!.id}`,
        metadata: { order_id: order.id, shop_refund_id: dying!.id },
      });
      await expect.poll(() => worker().runOnce(), { timeout: 15_000, interval: 300 }).toBeGreaterThan(0);
      expect(refundsAtStripe(paymentIntent)).toHaveLength(1);
      expect(await refundsOf(order.id)).toMatchObject([
        { id: dying!.id, state: "succeeded", provider_refund_id: refundsAtStripe(paymentIntent)[0]?.id },
      ]);
    });

    test("ship and cancel at once, with a slow refund: one wins; a refund only when the cancel won, made once", async () => {
      await drain();
      standIn.setLatency(400, "/v1/refunds");
      try {
        const orders = [];
        for (let index = 0; index < RACES; index += 1) {
          const order = await paidCardOrder();
          expect(await payments.recordEvent(order.paid)).toBe("paid");
          orders.push(order);
        }
        const outcomes = await Promise.all(
          orders.map(({ order }) =>
            Promise.allSettled([
              staff.moveOrder({
                orderId: order.id,
                expectedStatus: "paid",
                newStatus: "shipped",
                carrier: "UPS",
                trackingNumber: "1Z999",
              }),
              staff.moveOrder({ orderId: order.id, expectedStatus: "paid", newStatus: "cancelled", note: "Race" }),
            ]),
          ),
        );
        // The worker drains while the moves settle: a slow Stripe holds nobody's transaction.
        await drain();
        for (const [index, { order, paymentIntent }] of orders.entries()) {
          const [ship, cancel] = outcomes[index]!;
          expect([ship.status, cancel.status].sort()).toEqual(["fulfilled", "rejected"]);
          const status = await statusOf(order.id);
          expect(status).toBe(ship.status === "fulfilled" ? "shipped" : "cancelled");
          const expected = status === "cancelled" ? 1 : 0;
          expect(await refundsOf(order.id)).toHaveLength(expected);
          expect(refundsAtStripe(paymentIntent)).toHaveLength(expected);
        }
      } finally {
        standIn.setLatency(0);
      }
    });

    test("the paid webhook and staff's cancel of a pending order at once: paid and kept, or cancelled and refunded once", async () => {
      await drain();
      const orders = [];
      for (let index = 0; index < RACES; index += 1) orders.push(await paidCardOrder());
      const outcomes = await Promise.all(
        orders.map(({ order, paid }) =>
          Promise.allSettled([
            payments.recordEvent(paid),
            staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "cancelled", note: "Race" }),
          ]),
        ),
      );
      for (const [index, { paid }] of orders.entries()) {
        const [event, cancel] = outcomes[index]!;
        expect(event.status).toBe("fulfilled");
        const outcome = (event as PromiseFulfilledResult<string>).value;
        if (outcome === "paid") {
          expect(cancel).toMatchObject({ status: "rejected", reason: { code: "order_changed" } });
        } else {
          expect({ outcome, cancel: cancel.status }).toEqual({ outcome: "paid_after_cancel", cancel: "fulfilled" });
        }
        // Stripe delivers the event again: nothing more.
        expect(await payments.recordEvent(paid)).toBe("duplicate");
      }
      await drain();
      for (const { order, paymentIntent } of orders) {
        const cancelled = (await statusOf(order.id)) === "cancelled";
        expect(await refundsOf(order.id)).toMatchObject(cancelled ? [{ state: "succeeded" }] : []);
        expect(refundsAtStripe(paymentIntent)).toHaveLength(cancelled ? 1 : 0);
      }
    });

    test("a refund Stripe refuses is recorded as failed, with Stripe's reason, and not asked again", async () => {
      await drain();
      const { order, paid, paymentIntent } = await paidCardOrder();
      expect(await payments.recordEvent(paid)).toBe("paid");
      // Refunded in full in the dashboard before the shop asked (its event not delivered).
      await stripe.refund({
        paymentReference: paymentIntent,
        amount: order.totalAmount,
        idempotencyKey: "x-" + order.id,
        metadata: {},
      });
      await staff.moveOrder({
        orderId: order.id,
        expectedStatus: "paid",
        newStatus: "cancelled",
        note: "Out of stock",
      });
      await drain();
      const [row] = await db.query<{ state: string; last_error: string }>(
        "select state, last_error from public.refunds where order_id = $1",
        [order.id],
      );
      expect(row).toEqual({ state: "failed", last_error: expect.stringMatching(/already been refunded/) });
      expect(await payments.claimRefund({ leaseSeconds: 60 })).toBeNull();
    });

    // Partial refunds (issue 40, decision 0043): by line, shipping or amount, never beyond what was paid.
    const deliver = async (orderId: string, from: "pending" | "paid" = "paid") => {
      if (from === "pending") await staff.moveOrder({ orderId, expectedStatus: "pending", newStatus: "paid" });
      await staff.moveOrder({
        orderId,
        expectedStatus: "paid",
        newStatus: "shipped",
        carrier: "UPS",
        trackingNumber: "1Z9",
      });
      await staff.moveOrder({ orderId, expectedStatus: "shipped", newStatus: "delivered" });
    };
    const refundMail = (orderId: string) =>
      db.query<{ recipient: string; payload: { refund: { amount: number; manual: boolean } } }>(
        "select recipient, payload from public.outbox where kind = 'order_refunded' and payload ->> 'id' = $1 order by created_at",
        [orderId],
      );
    const refundedOf = async (orderId: string) =>
      (
        await db.query<{ refunded_amount: number }>("select refunded_amount from public.orders where id = $1", [
          orderId,
        ])
      )[0]?.refunded_amount;

    test("a delivered card order refunded by line: queued, Stripe asked for that line's amount; never beyond what is left", async () => {
      await drain();
      const { order, paid, paymentIntent } = await paidCardOrder([{ productId: "clip-1", quantity: 2 }]);
      expect(await payments.recordEvent(paid)).toBe("paid");
      await deliver(order.id);
      const line = order.items[0]!;
      const made = await staff.refundOrder({
        orderId: order.id,
        reason: "One clip did not match",
        lines: [{ itemId: line.id, quantity: 1 }],
        shipping: false,
        amount: null,
      });
      expect(made).toMatchObject({
        amount: line.pricePerItem,
        state: "pending",
        provider: "stripe",
        refundedAmount: line.pricePerItem,
        left: order.totalAmount - line.pricePerItem,
      });
      await drain();
      expect(refundsAtStripe(paymentIntent).map((refund) => refund.amount)).toEqual([line.pricePerItem]);
      expect(await refundsOf(order.id)).toMatchObject([{ state: "succeeded", amount: line.pricePerItem }]);
      expect(await statusOf(order.id)).toBe("delivered");
      expect(await refundedOf(order.id)).toBe(line.pricePerItem);
      expect(await refundMail(order.id)).toMatchObject([
        { recipient: order.email, payload: { refund: { amount: line.pricePerItem, manual: false } } },
      ]);
      const left = order.totalAmount - line.pricePerItem;
      const refund = (amount: number | null, lines: { itemId: string; quantity: number }[] = []) =>
        staff.refundOrder({ orderId: order.id, reason: "More", lines, shipping: false, amount });
      await expectBackendError(refund(left + 1), "invalid_input", /At most \$[\d,.]+ is left/);
      await expectBackendError(refund(null, [{ itemId: line.id, quantity: 2 }]), "invalid_input", /1 of 2 units/);
      await expect(refund(left)).resolves.toMatchObject({ left: 0, refundedAmount: order.totalAmount });
      await expectBackendError(refund(1), "invalid_input", /At most \$0\.00 is left/);
      await drain();
      expect(refundsAtStripe(paymentIntent).map((refund) => refund.amount)).toEqual([line.pricePerItem, left]);
    });

    test("a manual payment's refund is recorded as paid back by hand, the customer told; the member's orders show it", async () => {
      const member = await signUpShopper(backend);
      const order = await placeOrder(member.scope, {
        userId: member.user.id,
        items: [
          { productId: "clip-1", quantity: 1 },
          { productId: "acc-2", quantity: 2 },
        ],
        email: member.email,
        shippingMethod: "express",
      });
      const [clip, accessory] = order.items;
      await expectBackendError(
        staff.refundOrder({ orderId: order.id, reason: "x", lines: [], shipping: false, amount: 100 }),
        "move_not_allowed",
      );
      await deliver(order.id, "pending");
      const made = await staff.refundOrder({
        orderId: order.id,
        reason: "Returned",
        lines: [{ itemId: accessory!.id, quantity: 2 }],
        shipping: true,
        amount: null,
      });
      const expected = accessory!.pricePerItem * 2 + order.shippingAmount;
      expect(made).toMatchObject({ amount: expected, state: "succeeded", provider: "manual" });
      expect(await refundsOf(order.id)).toMatchObject([
        { state: "succeeded", amount: expected, provider_refund_id: null },
      ]);
      expect(await refundMail(order.id)).toMatchObject([{ payload: { refund: { amount: expected, manual: true } } }]);
      const [listed] = await member.scope.orders.listForUser({ userId: member.user.id });
      expect(listed).toMatchObject({ id: order.id, refundedAmount: expected, status: "delivered" });
      const again = (lines: { itemId: string; quantity: number }[], shipping: boolean) =>
        staff.refundOrder({ orderId: order.id, reason: "Again", lines, shipping, amount: null });
      await expectBackendError(again([{ itemId: accessory!.id, quantity: 1 }], false), "invalid_input", /0 of 2 units/);
      expect(order.shippingAmount).toBeGreaterThan(0);
      await expectBackendError(again([], true), "invalid_input", /shipping was refunded/);
      await expectBackendError(again([{ itemId: crypto.randomUUID(), quantity: 1 }], false), "invalid_input");
      await expect(again([{ itemId: clip!.id, quantity: 1 }], false)).resolves.toMatchObject({ left: 0 });
      await expectBackendError(
        staff.refundOrder({ orderId: crypto.randomUUID(), reason: "x", lines: [], shipping: false, amount: 1 }),
        "not_found",
      );
      await expectSqlError(
        asAuthenticated(db, member.user.id, (tx) =>
          tx.query("select public.staff_refund_order($1, 'mine', '[]'::jsonb, false, 1)", [order.id]),
        ),
        "42501",
      );
    });

    test("two staff refunding at once never refund more than was paid", async () => {
      const orders = [];
      for (let index = 0; index < RACES; index += 1) {
        const order = await placeOrder(backend.forRequest(requestWith()), {
          userId: null,
          items: [{ productId: "clip-1", quantity: 1 }],
          email: uniqueEmail("race"),
        });
        await deliver(order.id, "pending");
        orders.push(order);
      }
      const share = (total: number) => Math.ceil(total * 0.6);
      const outcomes = await Promise.all(
        orders.map((order) =>
          Promise.allSettled(
            [staff, otherStaff].map((port) =>
              port.refundOrder({
                orderId: order.id,
                reason: "Race",
                lines: [],
                shipping: false,
                amount: share(order.totalAmount),
              }),
            ),
          ),
        ),
      );
      for (const [index, order] of orders.entries()) {
        const settled = outcomes[index]!;
        expect(settled.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
        expect(settled.find((outcome) => outcome.status === "rejected")).toMatchObject({
          reason: { code: "invalid_input" },
        });
        expect(await refundedOf(order.id)).toBe(share(order.totalAmount));
      }
    });

    test("no API role reads the refunds or works the queue, staff included; staff read refunds only through their function", async () => {
      const statements = [
        "select id from public.refunds",
        "select public.claim_refund(30)",
        `select public.finish_refund_claim('${crypto.randomUUID()}', '${crypto.randomUUID()}', 'failed', null, null, 'x', null)`,
        "select public.enqueue_refund(gen_random_uuid(), 'pi_x', 100, 'x', null, 'system')",
        "select public.record_charge_event('stripe', 'evt_x', 'charge.refunded', 'pi_x', '{}'::jsonb)",
      ];
      for (const statement of statements) {
        await expectSqlError(
          asAnon(db, (tx) => tx.query(statement)),
          "42501",
        );
        await expectSqlError(
          asAuthenticated(db, staffUserId, (tx) => tx.query(statement)),
          "42501",
        );
      }
    });
  });
}

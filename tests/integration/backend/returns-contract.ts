// Returns and exchanges (issue 40, decision 0047), for every adapter: only the order's owner asks (a member by their
// account, a guest by their order page's token), only for a delivered order, within 30 days, never beyond what was
// delivered (also two requests at once); only staff move a request, exactly along the lifecycle module's
// RETURN_MOVES, each writing the e-mail the module names; stock comes back once; the exchange order takes its stock
// and costs nothing. Registered by describeBackendContract.
import {
  expectBackendError,
  insertTestProducts,
  newKey,
  placeOrder,
  requestWith,
  setUpStaff,
  signUpShopper,
  uniqueEmail,
} from "#tests/support/backend-helpers";
import { beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { ReturnLineInput, ReturnRequest } from "~/backend/ports/returns";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import {
  RETURN_MOVES,
  RETURN_REQUESTED_EMAIL,
  RETURN_STATES,
  returnMoveBetween,
  type OrderStatus,
  type ReturnKind,
  type ReturnMoveRule,
  type ReturnState,
} from "~/modules/orders/lifecycle";

export function describeReturnsContract(context: () => { backend: Backend; db: SqlDatabase }): void {
  describe("returns and exchanges (issue 40)", () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const product = `rt-${tag}`;
    const other = `${product}-b`;
    let staff: RequestBackend;
    let member: Awaited<ReturnType<typeof signUpShopper>>;
    let stranger: Awaited<ReturnType<typeof signUpShopper>>;

    beforeAll(async () => {
      const { backend, db } = context();
      await insertTestProducts(db, [product], { priceCents: 1000, stock: 500 });
      await db.query(
        `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents, stock_on_hand)
         values ($1, $2, 2, upper($1), array['Brown'], 1000, 500)`,
        [other, product],
      );
      member = await signUpShopper(backend);
      stranger = await signUpShopper(backend);
      const owner = await signUpShopper(backend);
      await backend.syncStaff({ staffEmails: [owner.email], orderRecipients: [] });
      staff = (await setUpStaff(backend, owner.email)).scope;
    });

    const stockOf = async (variant: string) =>
      (
        await context().db.query<{ stock_on_hand: number }>(
          "select stock_on_hand from public.product_variants where id = $1",
          [variant],
        )
      )[0]!.stock_on_hand;
    const mailKinds = async (orderId: string) =>
      (
        await context().db.query<{ kind: string }>(
          "select kind from public.outbox where payload ->> 'id' = $1 order by created_at, id",
          [orderId],
        )
      ).map((row) => row.kind);

    async function deliver(orderId: string) {
      const steps: [OrderStatus, OrderStatus][] = [
        ["pending", "paid"],
        ["paid", "shipped"],
        ["shipped", "delivered"],
      ];
      for (const [from, to] of steps) {
        await staff.staff.moveOrder({
          orderId,
          expectedStatus: from,
          newStatus: to,
          ...(to === "shipped" ? { carrier: "UPS", trackingNumber: "1Z999" } : {}),
        });
      }
    }

    /** A delivered order of the member's: `quantity` units of the product's first variant. */
    async function memberOrder(quantity = 2) {
      const order = await placeOrder(member.scope, {
        userId: member.user.id,
        items: [{ productId: product, quantity }],
        email: member.email,
      });
      await deliver(order.id);
      return order;
    }

    const line = (order: { items: { id: string }[] }, quantity: number, variantId?: string): ReturnLineInput[] => [
      { itemId: order.items[0]!.id, quantity, ...(variantId ? { variantId } : {}) },
    ];

    test("only the owner asks: the member by account, a guest by the order page's link; others get not found", async () => {
      const { backend } = context();
      const order = await memberOrder(2);
      const ask = (scope: RequestBackend, proof?: string) =>
        scope.returns.request({ orderId: order.id, proof, kind: "return", lines: line(order, 1), reason: "Too long" });
      await expectBackendError(ask(stranger.scope), "not_found");
      await expectBackendError(ask(backend.forRequest(requestWith())), "not_found");
      await expectBackendError(ask(backend.forRequest(requestWith()), "0".repeat(64)), "not_found");
      expect(await stranger.scope.returns.forOrder({ orderId: order.id })).toBeNull();

      const asked = await ask(member.scope);
      expect(asked).toMatchObject({ state: "requested", kind: "return", requestedBy: "member", reason: "Too long" });
      expect(asked.lines).toEqual([expect.objectContaining({ itemId: order.items[0]!.id, quantity: 1 })]);
      expect((await member.scope.returns.forOrder({ orderId: order.id }))?.requests.map((r) => r.id)).toEqual([
        asked.id,
      ]);
      expect((await mailKinds(order.id)).at(-1)).toBe(RETURN_REQUESTED_EMAIL);

      // A guest's order, asked for with the placing browser's link.
      const key = newKey();
      const anyone = backend.forRequest(requestWith());
      const guestOrder = await placeOrder(anyone, {
        userId: null,
        items: [{ productId: product, quantity: 1 }],
        email: uniqueEmail("return-guest"),
        idempotencyKey: key,
      });
      await deliver(guestOrder.id);
      const link = await anyone.guestOrders.issueBrowserLink({ orderId: guestOrder.id, idempotencyKey: key });
      expect(link).toMatch(/^[0-9a-f]{64}$/);
      const guestScope = backend.forRequest(requestWith());
      await expectBackendError(
        guestScope.returns.request({ orderId: guestOrder.id, kind: "return", lines: line(guestOrder, 1), reason: "x" }),
        "not_found",
      );
      const guestAsked = await guestScope.returns.request({
        orderId: guestOrder.id,
        proof: link,
        kind: "return",
        lines: line(guestOrder, 1),
        reason: "Wrong shade",
      });
      expect(guestAsked).toMatchObject({ requestedBy: "guest", state: "requested" });
      expect(
        (await guestScope.returns.forOrder({ orderId: guestOrder.id, proof: link }))?.requests.map((r) => r.id),
      ).toEqual([guestAsked.id]);
      expect(await guestScope.returns.forOrder({ orderId: guestOrder.id })).toBeNull();
    });

    test("never beyond what was delivered: more units, the same unit twice, two requests at once", async () => {
      const order = await memberOrder(2);
      const ask = (quantity: number) =>
        member.scope.returns.request({ orderId: order.id, kind: "return", lines: line(order, quantity), reason: "No" });
      await expectBackendError(ask(3), "invalid_input", /2 of the 2 delivered can still be returned/);
      await ask(1);
      await expectBackendError(ask(2), "invalid_input", /1 of the 2 delivered can still be returned/);
      const raced = await Promise.allSettled([ask(1), ask(1)]);
      expect(raced.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(raced.find((outcome) => outcome.status === "rejected")).toMatchObject({
        reason: { code: "invalid_input" },
      });
      const requests = (await member.scope.returns.forOrder({ orderId: order.id }))!.requests;
      expect(requests.flatMap((request) => request.lines).reduce((sum, l) => sum + l.quantity, 0)).toBe(2);

      // A declined request's units may be asked for again.
      await staff.staffReturns.move({
        requestId: requests[0]!.id,
        expectedState: "requested",
        newState: "declined",
        note: "Worn",
      });
      await expect(ask(1)).resolves.toMatchObject({ state: "requested" });
    });

    test("only a delivered order, within 30 days of its delivery; an exchange names another variant of the product", async () => {
      const { db } = context();
      const pending = await placeOrder(member.scope, {
        userId: member.user.id,
        items: [{ productId: product, quantity: 1 }],
        email: member.email,
      });
      await expectBackendError(
        member.scope.returns.request({ orderId: pending.id, kind: "return", lines: line(pending, 1), reason: "x" }),
        "invalid_input",
        /Only a delivered order/,
      );
      const order = await memberOrder(1);
      await expectBackendError(
        member.scope.returns.request({ orderId: order.id, kind: "exchange", lines: line(order, 1), reason: "x" }),
        "invalid_input",
        /choose another variant/,
      );
      await expectBackendError(
        member.scope.returns.request({
          orderId: order.id,
          kind: "exchange",
          lines: line(order, 1, "clip-1"),
          reason: "x",
        }),
        "invalid_input",
        /choose another variant/,
      );
      await db.query(
        "update public.order_events set created_at = now() - interval '31 days' where order_id = $1 and to_status = 'delivered'",
        [order.id],
      );
      await expectBackendError(
        member.scope.returns.request({ orderId: order.id, kind: "return", lines: line(order, 1), reason: "x" }),
        "invalid_input",
        /within 30 days of delivery/,
      );
      await db.query(
        "update public.order_events set created_at = now() - interval '29 days' where order_id = $1 and to_status = 'delivered'",
        [order.id],
      );
      await expect(
        member.scope.returns.request({ orderId: order.id, kind: "return", lines: line(order, 1), reason: "x" }),
      ).resolves.toMatchObject({ state: "requested" });
    });

    /** A request of `kind` walked to `state` along the module's own moves. */
    async function requestIn(
      kind: ReturnKind,
      state: ReturnState,
    ): Promise<{ request: ReturnRequest; orderId: string }> {
      const order = await memberOrder(1);
      let request = await member.scope.returns.request({
        orderId: order.id,
        kind,
        lines: line(order, 1, kind === "exchange" ? other : undefined),
        reason: "Not my shade",
      });
      const path = (target: ReturnState, seen: ReturnState[]): ReturnMoveRule[] | null => {
        const last = seen.at(-1)!;
        if (last === target) return [];
        for (const move of RETURN_MOVES) {
          if (!move.from.includes(last) || !move.for.includes(kind) || seen.includes(move.to)) continue;
          const rest = path(target, [...seen, move.to]);
          if (rest) return [move, ...rest];
        }
        return null;
      };
      const walk = path(state, ["requested"]);
      if (!walk) throw new Error(`No way to ${state} for a ${kind}.`);
      for (const move of walk) {
        request = await staff.staffReturns.move(moveInput(request, move.to, move));
      }
      return { request, orderId: order.id };
    }

    const moveInput = (request: ReturnRequest, to: ReturnState, move: Pick<ReturnMoveRule, "needs"> | null) => ({
      requestId: request.id,
      expectedState: request.state,
      newState: to,
      ...(move?.needs === "reason" || move === null ? { note: "Asked by the test" } : {}),
    });

    test("staff move a request exactly along the module's moves, each with its e-mail; nobody else moves it", async () => {
      const allowed: string[] = [];
      for (const kind of ["return", "exchange"] as const) {
        for (const from of RETURN_STATES) {
          const reachable = RETURN_MOVES.some((move) => move.to === from && move.for.includes(kind));
          if (from !== "requested" && !reachable) continue;
          const standing = await requestIn(kind, from);
          for (const to of RETURN_STATES) {
            const rule = returnMoveBetween(kind, from, to);
            const { request, orderId } = rule ? await requestIn(kind, from) : standing;
            const mailBefore = await mailKinds(orderId);
            const attempt = staff.staffReturns.move(moveInput(request, to, rule));
            if (rule) {
              await expect(attempt).resolves.toMatchObject({ state: to });
              allowed.push(`${kind}:${from}->${to}`);
              expect(await mailKinds(orderId)).toEqual([...mailBefore, rule.email]);
            } else {
              await expectBackendError(attempt, "move_not_allowed");
              expect(await mailKinds(orderId)).toEqual(mailBefore);
            }
          }
        }
      }
      expect(allowed).toEqual(
        (["return", "exchange"] as const).flatMap((kind) =>
          RETURN_STATES.flatMap((from) =>
            RETURN_STATES.filter((to) => returnMoveBetween(kind, from, to)).map((to) => `${kind}:${from}->${to}`),
          ),
        ),
      );

      const { request } = await requestIn("return", "requested");
      await expectBackendError(member.scope.staffReturns.move(moveInput(request, "approved", null)), "not_authorized");
      await expectBackendError(member.scope.staffReturns.list({ state: null, limit: 10, offset: 0 }), "not_authorized");
      await staff.staffReturns.move(moveInput(request, "approved", null));
      await expectBackendError(staff.staffReturns.move(moveInput(request, "approved", null)), "order_changed");
      const listed = await staff.staffReturns.list({ state: "approved", limit: 200, offset: 0 });
      expect(listed.requests[0]).toMatchObject({ id: request.id, email: member.email });
    });

    test("stock comes back once, for the lines staff say; the refund pays back what the returned units cost", async () => {
      const { db } = context();
      const { request, orderId } = await requestIn("return", "approved");
      const before = await stockOf(product);
      const received = await staff.staffReturns.move({
        requestId: request.id,
        expectedState: "approved",
        newState: "received",
        restock: [request.lines[0]!.itemId],
      });
      expect(received.lines[0]).toMatchObject({ restocked: true });
      expect(await stockOf(product)).toBe(before + 1);
      await expectBackendError(
        staff.staffReturns.move({
          requestId: request.id,
          expectedState: "approved",
          newState: "received",
          restock: [request.lines[0]!.itemId],
        }),
        "order_changed",
      );
      expect(await stockOf(product)).toBe(before + 1);

      const refunded = await staff.staffReturns.move({
        requestId: request.id,
        expectedState: "received",
        newState: "refunded",
        shipping: true,
      });
      const [order] = await db.query<{ total_amount: number; shipping_amount: number; refunded_amount: number }>(
        "select total_amount, shipping_amount, refunded_amount from public.orders where id = $1",
        [orderId],
      );
      expect(refunded.refundAmount).toBe(order!.total_amount);
      expect(order!.refunded_amount).toBe(1000 + order!.shipping_amount);

      // Not back to stock when staff say so.
      const kept = await requestIn("return", "approved");
      const keptBefore = await stockOf(product);
      await staff.staffReturns.move({
        requestId: kept.request.id,
        expectedState: "approved",
        newState: "received",
        restock: [],
      });
      expect(await stockOf(product)).toBe(keptBefore);
    });

    test("the exchange is a new order of the chosen variant at no charge, taking its stock, shipped like any other", async () => {
      const { db } = context();
      const { request } = await requestIn("exchange", "received");
      const before = await stockOf(other);
      const sent = await staff.staffReturns.move({
        requestId: request.id,
        expectedState: "received",
        newState: "exchanged",
      });
      expect(sent.exchangeOrder).toMatchObject({ status: "paid" });
      expect(await stockOf(other)).toBe(before - 1);
      const exchangeId = sent.exchangeOrder!.id;
      const [row] = await db.query<{ total_amount: number; shipping_amount: number; user_id: string; email: string }>(
        "select total_amount, shipping_amount, user_id, email from public.orders where id = $1",
        [exchangeId],
      );
      expect(row).toMatchObject({ total_amount: 0, shipping_amount: 0, user_id: member.user.id, email: member.email });
      const lines = await db.query<{ variant_id: string; quantity: number; price_per_item: number }>(
        "select variant_id, quantity, price_per_item from public.order_items where order_id = $1",
        [exchangeId],
      );
      expect(lines).toEqual([{ variant_id: other, quantity: 1, price_per_item: 0 }]);
      const shipped = await staff.staff.moveOrder({
        orderId: exchangeId,
        expectedStatus: "paid",
        newStatus: "shipped",
        carrier: "UPS",
        trackingNumber: "1ZEXCHANGE",
      });
      expect(shipped.status).toBe("shipped");
      const seen = (await member.scope.returns.forOrder({ orderId: request.orderId }))!.requests.find(
        (r) => r.id === request.id,
      );
      expect(seen).toMatchObject({
        state: "exchanged",
        exchangeOrder: { id: exchangeId, status: "shipped", trackingNumber: "1ZEXCHANGE" },
      });
      // The member sees it among their orders.
      const mine = await member.scope.orders.listPageForUser({ userId: member.user.id, limit: 5, offset: 0 });
      expect(mine.orders.map((order) => order.id)).toContain(exchangeId);

      // Out of the variant: the exchange is refused, nothing taken.
      const short = await requestIn("exchange", "received");
      await db.query("update public.product_variants set stock_on_hand = 0 where id = $1", [other]);
      await expectBackendError(
        staff.staffReturns.move({ requestId: short.request.id, expectedState: "received", newState: "exchanged" }),
        "out_of_stock",
      );
      expect(await stockOf(other)).toBe(0);
      await db.query("update public.product_variants set stock_on_hand = 500 where id = $1", [other]);
    });

    test("a return label: staff attach a PDF until the parcel is received; only the order's owner (and staff) read it; the approval's e-mail carries it", async () => {
      const { backend, db } = context();
      const order = await memberOrder(1);
      const asked = await member.scope.returns.request({
        orderId: order.id,
        kind: "return",
        lines: line(order, 1),
        reason: "Shade",
      });
      const pdf = new Uint8Array(Buffer.from("%PDF-1.4\n% a carrier's label\n%%EOF\n"));
      const attach = (scope: RequestBackend, bytes: Uint8Array, expectedState: ReturnState = "requested") =>
        scope.staffReturns.attachLabel({ requestId: asked.id, expectedState, pdf: bytes });

      await expectBackendError(attach(member.scope, pdf), "not_authorized");
      await expectBackendError(attach(staff, new Uint8Array(Buffer.from("<html>not a label</html>"))), "invalid_input");
      await expectBackendError(attach(staff, pdf, "approved"), "order_changed");
      expect(await member.scope.returns.label({ requestId: asked.id })).toBeNull();

      await expect(attach(staff, pdf)).resolves.toMatchObject({ hasLabel: true, state: "requested" });
      expect(Buffer.from((await member.scope.returns.label({ requestId: asked.id }))!)).toEqual(Buffer.from(pdf));
      expect(await staff.returns.label({ requestId: asked.id })).not.toBeNull();
      expect(await stranger.scope.returns.label({ requestId: asked.id })).toBeNull();
      expect(
        await backend.forRequest(requestWith()).returns.label({ requestId: asked.id, proof: "0".repeat(64) }),
      ).toBeNull();

      await staff.staffReturns.move({ requestId: asked.id, expectedState: "requested", newState: "approved" });
      const approvalMail = async () =>
        (
          await db.query<{ label: string | null }>(
            `select payload ->> 'return_label_pdf' as label from public.outbox
             where kind = 'return_approved' and payload ->> 'id' = $1 order by created_at desc, id desc limit 1`,
            [order.id],
          )
        )[0]?.label;
      expect(Buffer.from((await approvalMail())!, "base64")).toEqual(Buffer.from(pdf));

      // Replaced after the approval: the approval's e-mail again, with the new one; none once received.
      const replacement = new Uint8Array(Buffer.from("%PDF-1.7\n% the second label\n%%EOF\n"));
      await attach(staff, replacement, "approved");
      expect(Buffer.from((await approvalMail())!, "base64")).toEqual(Buffer.from(replacement));
      await staff.staffReturns.move({ requestId: asked.id, expectedState: "approved", newState: "received" });
      await expectBackendError(attach(staff, pdf, "received"), "move_not_allowed");
    });
  });
}

// Discount codes (issue 41, decision 0042), for every adapter: the discount place_order computes in SQL is the one
// the app's rules show (app/modules/discounts/rules.ts), to the cent and per line; the last use goes to one of two
// racing shoppers and the other is told why; one use per customer by address (any case) or account, given back when
// the order is cancelled; scope by category, product and variant; the start and end days in the code's time zone;
// codes are staff-only (a shopper cannot read them, in the database either); the welcome offer's personal code.
// Registered by describeBackendContract.
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
import { beforeAll, describe, expect, test } from "vitest";

import { discountRefusalReason } from "~/backend/errors";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { DiscountCodeInput } from "~/backend/ports/discounts";
import type { Order } from "~/backend/ports/orders";
import type { SqlDatabase, SqlExecutor } from "~/backend/sql/sql-database";
import { dateInZone, evaluateDiscount, type AppliedDiscount, type DiscountLine } from "~/modules/discounts/rules";

interface DiscountsContext {
  backend: Backend;
  db: SqlDatabase;
}

/** Products straight into the database: `[id, category, price in cents, variants (ids; the first is the product's)]`. */
async function insertProducts(
  db: SqlExecutor,
  products: ReadonlyArray<{ id: string; category: string; priceCents: number; variants?: string[] }>,
) {
  for (const { id, category, priceCents, variants = [id] } of products) {
    await db.query(
      `insert into public.products (id, name, description, category, color, option_names, status, featured_position)
       values ($1, $1, 'A test product.', $2, 'Black', array['Shade'], 'active', 1000)`,
      [id, category],
    );
    for (const [index, variant] of variants.entries()) {
      await db.query(
        `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents)
         values ($1, $2, $3, upper($1), array[$4], $5)`,
        [variant, id, index + 1, `Shade ${index + 1}`, priceCents + index * 111],
      );
    }
  }
}

export function describeDiscountsContract(context: () => DiscountsContext): void {
  describe("discount codes (issue 41)", () => {
    let staff: RequestBackend;
    let member: Awaited<ReturnType<typeof signUpShopper>>;
    const tag = crypto.randomUUID().slice(0, 6).toLowerCase();
    const TAG = tag.toUpperCase();
    const ids = {
      wig: `dc-${tag}-wig`,
      clip: `dc-${tag}-clip`,
      brush: `dc-${tag}-brush`,
      twoShades: `dc-${tag}-two`,
    };
    /** What the catalogue says of each variant: the rules' lines are built from it, as the cart builds them. */
    const catalogue = new Map<string, Omit<DiscountLine, "quantity">>();
    const anyone = () => context().backend.forRequest(requestWith());

    const codeInput = (code: string, overrides: Partial<DiscountCodeInput> = {}): DiscountCodeInput => ({
      code,
      kind: "percent",
      percentOff: 15,
      amountOffCents: null,
      minimumSubtotalCents: 0,
      startsOn: null,
      endsOn: null,
      timeZone: "America/New_York",
      usageLimit: null,
      oncePerCustomer: false,
      categories: [],
      productIds: [],
      variantIds: [],
      ...overrides,
    });
    const makeCode = async (code: string, overrides: Partial<DiscountCodeInput> = {}) =>
      (await staff.staffDiscounts.saveCode({ id: null, code: codeInput(code, overrides), expectedVersion: null })).id;

    /** What the app shows for `lines` (cart order) with Standard shipping, as the cart and checkout compute it. */
    async function shown(codeId: string, lines: Array<[variantId: string, quantity: number]>, email: string) {
      const rule = await context().backend.discountCodes!.find({ id: codeId, email, userId: null });
      expect(rule).not.toBeNull();
      const cartLines = lines.map(([variantId, quantity]) => ({ ...catalogue.get(variantId)!, quantity }));
      const subtotal = cartLines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
      const shippingCents = subtotal >= 20_000 ? 0 : 999;
      return {
        outcome: evaluateDiscount(
          rule!,
          { lines: cartLines, shippingCents },
          {
            now: new Date(),
            usedByCustomer: rule!.usedByCustomer,
          },
        ),
        subtotal,
        shippingCents,
      };
    }

    /** A guest's order with the code, for the discount shown. */
    async function orderWith(codeId: string, lines: Array<[string, number]>, email = uniqueEmail("guest")) {
      const { outcome } = await shown(codeId, lines, email);
      if (!outcome.ok) throw new Error(`the app shows no discount: ${outcome.reason}`);
      return placeOrder(anyone(), {
        userId: null,
        email,
        items: lines.map(([productId, quantity]) => ({ productId, quantity })),
        discount: { codeId, amountCents: outcome.totalCents },
      });
    }

    /** A guest's order with the code and any amount, as a direct call could send it. */
    const forceOrder = (
      codeId: string,
      lines: Array<[string, number]>,
      amountCents = 0,
      email = uniqueEmail("guest"),
    ) =>
      placeOrder(anyone(), {
        userId: null,
        email,
        items: lines.map(([productId, quantity]) => ({ productId, quantity })),
        discount: { codeId, amountCents },
      });

    async function refusal(promise: Promise<Order>): Promise<string | null> {
      const error = await promise.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, "expected the order to be refused").not.toBeNull();
      return discountRefusalReason(error);
    }

    beforeAll(async () => {
      const { backend, db } = context();
      member = await signUpShopper(backend);
      const owner = await signUpShopper(backend);
      await backend.syncStaff({ staffEmails: [owner.email], orderRecipients: [] });
      staff = (await setUpStaff(backend, owner.email)).scope;
      await insertProducts(db, [
        { id: ids.wig, category: "wigs", priceCents: 33_335 },
        { id: ids.clip, category: "clip-in", priceCents: 1_999 },
        { id: ids.brush, category: "accessories", priceCents: 10 },
        { id: ids.twoShades, category: "tape-in", priceCents: 4_567, variants: [ids.twoShades, `${ids.twoShades}-b`] },
      ]);
      const rows = await db.query<{ id: string; product_id: string; category: string; price_cents: number }>(
        `select v.id, v.product_id, p.category, v.price_cents from public.product_variants as v
         join public.products as p on p.id = v.product_id where p.id like $1`,
        [`dc-${tag}-%`],
      );
      for (const row of rows) {
        catalogue.set(row.id, {
          variantId: row.id,
          productId: row.product_id,
          category: row.category,
          unitCents: Number(row.price_cents),
        });
      }
    });

    test("codes are staff-only: a shopper cannot list, read or look one up, through the port or the database", async () => {
      const { backend, db } = context();
      const id = await makeCode(`PRIVATE-${TAG}`);
      expect(await staff.staffDiscounts.getCode({ id })).toMatchObject({ code: `PRIVATE-${TAG}`, timesUsed: 0 });
      await expectBackendError(
        member.scope.staffDiscounts.listCodes({ source: "staff", search: "", limit: 10, offset: 0 }),
        "not_authorized",
      );
      await expectBackendError(member.scope.staffDiscounts.getCode({ id }), "not_authorized");
      await expectBackendError(
        member.scope.staffDiscounts.saveCode({ id: null, code: codeInput(`MINE-${TAG}`), expectedVersion: null }),
        "not_authorized",
      );
      await expect(
        backend
          .forRequest(requestWith())
          .staffDiscounts.listCodes({ source: "staff", search: "", limit: 1, offset: 0 }),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^not_(authorized|authenticated)$/) });
      // Straight to the database, as a shopper or as anyone: no table to read, no function to look a code up with.
      await expectSqlError(
        asAuthenticated(db, member.user.id, (tx) => tx.query("select * from public.discount_codes")),
        "42501",
      );
      await expectSqlError(
        asAnon(db, (tx) => tx.query("select public.discount_code_state($1, null, null, null)", [`PRIVATE-${TAG}`])),
        "42501",
      );
      await expectSqlError(
        asAnon(db, (tx) => tx.query("select * from public.discount_redemptions")),
        "42501",
      );
      // The shop's server can, in any case.
      expect(await backend.discountCodes!.find({ code: ` private-${tag} `, email: null, userId: null })).toMatchObject({
        id,
        code: `PRIVATE-${TAG}`,
        usedByCustomer: false,
      });
      expect(await backend.discountCodes!.find({ code: `NOPE-${TAG}`, email: null, userId: null })).toBeNull();
      // Unique in any case.
      await expectBackendError(makeCode(`private-${tag}`), "id_taken");
    });

    test("the discount computed in SQL equals the one the app shows, in all and for each line", async () => {
      const carts: Array<Array<[string, number]>> = [
        [[ids.wig, 3]],
        [
          [ids.brush, 1],
          [ids.clip, 2],
          [`${ids.twoShades}-b`, 3],
        ],
        [
          [ids.brush, 7],
          [ids.twoShades, 1],
        ],
        [[ids.brush, 3]],
      ];
      const codes = [
        await makeCode(`PCT15-${TAG}`),
        await makeCode(`PCT7-${TAG}`, { percentOff: 7 }),
        await makeCode(`AMT-${TAG}`, { kind: "amount", percentOff: null, amountOffCents: 1_234 }),
        await makeCode(`SHIP-${TAG}`, { kind: "free_shipping", percentOff: null }),
        await makeCode(`CAT-${TAG}`, { percentOff: 33, categories: ["tape-in", "accessories"] }),
      ];
      for (const codeId of codes) {
        for (const lines of carts) {
          const email = uniqueEmail("guest");
          const { outcome, subtotal, shippingCents } = await shown(codeId, lines, email);
          if (!outcome.ok) {
            expect(await refusal(forceOrder(codeId, lines, 0, email))).toBe(outcome.reason);
            continue;
          }
          const applied: AppliedDiscount = outcome;
          const order = await placeOrder(anyone(), {
            userId: null,
            email,
            items: lines.map(([productId, quantity]) => ({ productId, quantity })),
            discount: { codeId, amountCents: applied.totalCents },
          });
          expect(order.discount).toMatchObject({
            codeId,
            amountCents: applied.totalCents,
            onShippingCents: applied.shippingCents,
          });
          expect(order.shippingAmount).toBe(shippingCents);
          expect(order.totalAmount).toBe(subtotal + shippingCents - applied.totalCents);
          expect(order.items.map((item) => item.paidAmount)).toEqual(applied.lines.map((line) => line.paidCents));
        }
      }
      // 15% of 3 x $333.35 = $1,000.05 is $150.0075: $150.01, rounded once.
      const [wigCode] = codes;
      const order = await orderWith(wigCode!, [[ids.wig, 3]]);
      expect(order.discount?.amountCents).toBe(15_001);
      expect(order.items[0]?.paidAmount).toBe(100_005 - 15_001);
    });

    test("a refund gives back what was paid: a line at its share after the discount, shipping less a free-shipping code's part", async () => {
      const refund = (orderId: string, lines: { itemId: string; quantity: number }[], shipping: boolean) =>
        staff.staff.refundOrder({ orderId, reason: "Returned", lines, shipping, amount: null });
      const paid = async (order: Order) => {
        await staff.staff.moveOrder({ orderId: order.id, expectedStatus: "pending", newStatus: "paid" });
        return order;
      };
      const percent = await paid(
        await orderWith(await makeCode(`RF15-${TAG}`), [
          [ids.clip, 2],
          [ids.brush, 3],
        ]),
      );
      const [clips, brushes] = percent.items;
      expect(clips!.paidAmount).toBeLessThan(clips!.pricePerItem * 2);
      await expect(refund(percent.id, [{ itemId: clips!.id, quantity: 2 }], false)).resolves.toMatchObject({
        amount: clips!.paidAmount,
      });
      // The shipping was paid in full: it is given back in full, with the brushes' paid share.
      await expect(refund(percent.id, [{ itemId: brushes!.id, quantity: 3 }], true)).resolves.toMatchObject({
        amount: brushes!.paidAmount + percent.shippingAmount,
        left: 0,
      });

      const freeShipping = await paid(
        await orderWith(await makeCode(`RFSHIP-${TAG}`, { kind: "free_shipping", percentOff: null }), [[ids.clip, 1]]),
      );
      expect(freeShipping.shippingAmount).toBeGreaterThan(0);
      expect(freeShipping.discount?.onShippingCents).toBe(freeShipping.shippingAmount);
      // Nothing was paid for shipping: asking for it alone refunds nothing, and with the line gives the line's price.
      await expectBackendError(refund(freeShipping.id, [], true), "invalid_input", /Choose the lines/);
      const [clip] = freeShipping.items;
      await expect(refund(freeShipping.id, [{ itemId: clip!.id, quantity: 1 }], true)).resolves.toMatchObject({
        amount: clip!.paidAmount,
        left: 0,
      });
    });

    test("another amount than the database's is refused, and nothing is ordered or counted", async () => {
      const { db } = context();
      const codeId = await makeCode(`SHOWN-${TAG}`);
      const email = uniqueEmail("guest");
      await expectBackendError(
        placeOrder(anyone(), {
          userId: null,
          email,
          items: [{ productId: ids.clip, quantity: 1 }],
          discount: { codeId, amountCents: 1 },
        }),
        "discount_mismatch",
      );
      const [count] = await db.query<{ n: number }>("select count(*)::int as n from public.orders where email = $1", [
        email,
      ]);
      expect(count?.n).toBe(0);
      expect((await staff.staffDiscounts.getCode({ id: codeId }))?.timesUsed).toBe(0);
    });

    test("two shoppers racing for the last use: one order has it, the other is told it is used up", async () => {
      for (let round = 0; round < 4; round += 1) {
        const codeId = await makeCode(`LAST${round}-${TAG}`, { usageLimit: 1 });
        const { outcome } = await shown(codeId, [[ids.clip, 1]], uniqueEmail());
        const amountCents = outcome.ok ? outcome.totalCents : -1;
        const results = await Promise.allSettled(
          [uniqueEmail("racer"), uniqueEmail("racer")].map((email) =>
            placeOrder(anyone(), {
              userId: null,
              email,
              items: [{ productId: ids.clip, quantity: 1 }],
              discount: { codeId, amountCents },
            }),
          ),
        );
        const placed = results.filter((result) => result.status === "fulfilled");
        const refused = results.filter((result) => result.status === "rejected");
        expect(placed).toHaveLength(1);
        expect(refused.map((result) => discountRefusalReason((result as PromiseRejectedResult).reason))).toEqual([
          "used_up",
        ]);
        const detail = await staff.staffDiscounts.getCode({ id: codeId });
        expect(detail).toMatchObject({ timesUsed: 1, givenCents: amountCents });
        expect(detail?.uses).toHaveLength(1);
      }
    });

    test("one use per customer: by address in any case, guest or member, or by the account; a cancel gives it back", async () => {
      const codeId = await makeCode(`ONCE-${TAG}`, { oncePerCustomer: true });
      const email = uniqueEmail("once");
      const first = await orderWith(codeId, [[ids.clip, 1]], email);
      expect(await refusal(forceOrder(codeId, [[ids.clip, 1]], 300, email.toUpperCase()))).toBe("used_by_customer");
      // The app is told so before it tries: the lookup says this address used it.
      expect(
        (await context().backend.discountCodes!.find({ id: codeId, email: ` ${email.toUpperCase()}`, userId: null }))
          ?.usedByCustomer,
      ).toBe(true);
      // Another address may.
      await orderWith(codeId, [[ids.clip, 1]]);
      // A member with an order under their own address, then under another one: the account counts too.
      const { outcome } = await shown(codeId, [[ids.clip, 1]], member.email);
      const asMember = (orderEmail: string) =>
        placeOrder(member.scope, {
          userId: member.user.id,
          email: orderEmail,
          items: [{ productId: ids.clip, quantity: 1 }],
          discount: { codeId, amountCents: outcome.ok ? outcome.totalCents : -1 },
        });
      await asMember(member.email);
      expect(
        (
          await context().backend.discountCodes!.find({
            id: codeId,
            email: "someone@else.example",
            userId: member.user.id,
          })
        )?.usedByCustomer,
      ).toBe(true);
      expect(await refusal(asMember(uniqueEmail("other")))).toBe("used_by_customer");
      await member.scope.carts.clear({ userId: member.user.id });
      // Staff cancel the guest's first order: its use comes back, and the address may use the code again.
      await staff.staff.moveOrder({
        orderId: first.id,
        expectedStatus: "pending",
        newStatus: "cancelled",
        note: "Test",
      });
      const detail = await staff.staffDiscounts.getCode({ id: codeId });
      expect(detail?.timesUsed).toBe(2);
      expect(detail?.uses.find((use) => use.orderId === first.id)?.releasedAt).not.toBeNull();
      await orderWith(codeId, [[ids.clip, 1]], email);
    });

    test("scope by category, product and variant: only those lines share the discount; other carts are refused", async () => {
      const byCategory = await makeCode(`WIGS-${TAG}`, { percentOff: 10, categories: ["wigs"] });
      const order = await orderWith(byCategory, [
        [ids.clip, 1],
        [ids.wig, 1],
      ]);
      expect(order.discount?.amountCents).toBe(3_334);
      expect(order.items.map((item) => item.paidAmount)).toEqual([1_999, 33_335 - 3_334]);
      expect(await refusal(forceOrder(byCategory, [[ids.clip, 1]]))).toBe("not_eligible");

      const byVariant = await makeCode(`SHADE-${TAG}`, {
        kind: "amount",
        percentOff: null,
        amountOffCents: 500,
        variantIds: [`${ids.twoShades}-b`],
      });
      const shade = await orderWith(byVariant, [
        [ids.twoShades, 1],
        [`${ids.twoShades}-b`, 2],
      ]);
      expect(shade.items.map((item) => item.paidAmount)).toEqual([4_567, 2 * 4_678 - 500]);
      expect(await refusal(forceOrder(byVariant, [[ids.twoShades, 1]]))).toBe("not_eligible");

      const byProduct = await makeCode(`PROD-${TAG}`, { productIds: [ids.twoShades], minimumSubtotalCents: 10_000 });
      // Both shades are the product's; the clip does not count towards the minimum.
      expect(
        await refusal(
          forceOrder(byProduct, [
            [ids.twoShades, 1],
            [ids.clip, 10],
          ]),
        ),
      ).toBe("below_minimum");
      const product = await orderWith(byProduct, [
        [ids.twoShades, 1],
        [`${ids.twoShades}-b`, 2],
      ]);
      expect(product.discount?.amountCents).toBe(Math.floor(((4_567 + 2 * 4_678) * 15 + 50) / 100));
      await expectBackendError(
        staff.staffDiscounts.saveCode({
          id: null,
          code: codeInput(`NOSUCH-${TAG}`, { variantIds: ["no-such-variant"] }),
          expectedVersion: null,
        }),
        "invalid_input",
        /no-such-variant/,
      );
    });

    test("the days are the code's time zone's: ending today in Pago Pago is over in Kiritimati, 25 hours ahead", async () => {
      const now = new Date();
      const pagoToday = dateInZone(now, "Pacific/Pago_Pago");
      const kiritimatiToday = dateInZone(now, "Pacific/Kiritimati");
      expect(kiritimatiToday > pagoToday).toBe(true);
      const lastDayHere = await makeCode(`PAGO-${TAG}`, { endsOn: pagoToday, timeZone: "Pacific/Pago_Pago" });
      const overThere = await makeCode(`KIRI-${TAG}`, { endsOn: pagoToday, timeZone: "Pacific/Kiritimati" });
      const notYet = await makeCode(`SOON-${TAG}`, { startsOn: kiritimatiToday, timeZone: "Pacific/Pago_Pago" });
      const startedThere = await makeCode(`BEGUN-${TAG}`, {
        startsOn: kiritimatiToday,
        timeZone: "Pacific/Kiritimati",
      });
      expect((await orderWith(lastDayHere, [[ids.clip, 1]])).discount?.amountCents).toBe(300);
      expect((await orderWith(startedThere, [[ids.clip, 1]])).discount?.amountCents).toBe(300);
      const appSays = async (codeId: string) => (await shown(codeId, [[ids.clip, 1]], uniqueEmail())).outcome;
      expect(await appSays(overThere)).toMatchObject({ ok: false, reason: "expired" });
      expect(await appSays(notYet)).toMatchObject({ ok: false, reason: "not_started" });
      expect(await refusal(forceOrder(overThere, [[ids.clip, 1]], 300))).toBe("expired");
      expect(await refusal(forceOrder(notYet, [[ids.clip, 1]], 300))).toBe("not_started");
    });

    test("paused and ended codes are refused; a save or status change from an older version is refused", async () => {
      const codeId = await makeCode(`PAUSE-${TAG}`);
      const force = () => forceOrder(codeId, [[ids.clip, 1]], 300);
      const { version } = await staff.staffDiscounts.setStatus({ id: codeId, status: "paused", expectedVersion: 1 });
      expect(await refusal(force())).toBe("paused");
      await expectBackendError(
        staff.staffDiscounts.setStatus({ id: codeId, status: "active", expectedVersion: 1 }),
        "product_changed",
      );
      const resumed = await staff.staffDiscounts.setStatus({ id: codeId, status: "active", expectedVersion: version });
      await force();
      const ended = await staff.staffDiscounts.setStatus({
        id: codeId,
        status: "ended",
        expectedVersion: resumed.version,
      });
      expect(await refusal(force())).toBe("ended");
      await expectBackendError(
        staff.staffDiscounts.setStatus({ id: codeId, status: "active", expectedVersion: ended.version }),
        "invalid_input",
      );
      await expectBackendError(
        staff.staffDiscounts.saveCode({ id: codeId, code: codeInput(`PAUSE-${TAG}`), expectedVersion: 1 }),
        "product_changed",
      );
      const list = await staff.staffDiscounts.listCodes({
        source: "staff",
        search: `pause-${tag}`,
        limit: 10,
        offset: 0,
      });
      expect(list).toMatchObject({ totalCount: 1, codes: [{ id: codeId, status: "ended", timesUsed: 1 }] });
    });

    test("the welcome offer: off by default; once on, a newly confirmed subscriber's code arrives and works once", async () => {
      const { backend, db } = context();
      const subscribe = async (email: string) => {
        await anyone().newsletter.subscribe({ email });
        const [row] = await db.query<{ secret: string }>(
          "select secret from public.outbox where kind = 'newsletter_confirmation' and recipient = $1 order by created_at desc limit 1",
          [email],
        );
        expect(await anyone().newsletter.confirm({ token: row!.secret })).toBe(true);
        const [welcome] = await db.query<{ payload: { welcome_code?: { code: string } } }>(
          "select payload from public.outbox where kind = 'newsletter_welcome' and recipient = $1 order by created_at desc limit 1",
          [email],
        );
        return welcome!.payload.welcome_code ?? null;
      };
      const offer = await staff.staffDiscounts.welcomeOffer();
      expect(offer).toMatchObject({ enabled: false });
      expect(await subscribe(uniqueEmail("reader"))).toBeNull();

      const saved = await staff.staffDiscounts.saveWelcomeOffer({
        offer: { enabled: true, kind: "percent", percentOff: 20, amountOffCents: null, validDays: 14, timeZone: "UTC" },
        expectedVersion: offer.version,
      });
      try {
        const email = uniqueEmail("reader");
        const welcome = await subscribe(email);
        expect(welcome?.code).toMatch(/^WELCOME-[0-9A-F]{10}$/);
        const code = await backend.discountCodes!.find({ code: welcome!.code.toLowerCase(), email, userId: null });
        expect(code).toMatchObject({ kind: "percent", percentOff: 20, usageLimit: 1, oncePerCustomer: true });
        expect(code?.endsOn).toBe(
          new Date(Date.parse(`${dateInZone(new Date(), "UTC")}T00:00:00Z`) + 13 * 86_400_000)
            .toISOString()
            .slice(0, 10),
        );
        const order = await orderWith(code!.id, [[ids.clip, 1]], email);
        expect(order.discount).toMatchObject({ code: welcome!.code, amountCents: 400 });
        expect(await refusal(forceOrder(code!.id, [[ids.clip, 1]], 400))).toBe("used_up");
        expect(await staff.staffDiscounts.welcomeOffer()).toMatchObject({ issued: 1, used: 1 });
        const listed = await staff.staffDiscounts.listCodes({ source: "welcome", search: email, limit: 5, offset: 0 });
        expect(listed.codes.map((listedCode) => listedCode.code)).toEqual([welcome!.code]);
      } finally {
        await staff.staffDiscounts.saveWelcomeOffer({
          offer: {
            enabled: false,
            kind: "percent",
            percentOff: 10,
            amountOffCents: null,
            validDays: 30,
            timeZone: "UTC",
          },
          expectedVersion: saved.version,
        });
      }
    });
  });
}

// Shipping rates edited in the back office (decision 0039), for every adapter: only staff save them (the database
// refuses a shopper too), a save from an older copy is refused with nothing changed, and place_order charges what
// was saved, which is also what the shop's catalogue reader says. Registered by describeBackendContract, last: it
// puts the seed rates back when it ends.
import {
  asAuthenticated,
  expectBackendError,
  expectSqlError,
  placeOrder,
  requestWith,
  setUpStaff,
  signUpShopper,
} from "#tests/support/backend-helpers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { ShippingRatesInput } from "~/backend/ports/shipping";
import type { SqlDatabase } from "~/backend/sql/sql-database";

interface ShippingContext {
  backend: Backend;
  db: SqlDatabase;
}

/** The rates a new shop starts with: the spec's (PRODUCT decision 16). */
const SEED: ShippingRatesInput = {
  amountsCents: { standard: 999, express: 1999, overnight: 3999, international: 2999 },
  freeFromCents: 20_000,
};

export function describeShippingRatesContract(context: () => ShippingContext): void {
  describe("shipping rates (decision 0039)", () => {
    let staff: RequestBackend;
    let otherStaff: RequestBackend;
    let shopper: Awaited<ReturnType<typeof signUpShopper>>;

    beforeAll(async () => {
      const { backend } = context();
      shopper = await signUpShopper(backend);
      const [first, second] = [await signUpShopper(backend), await signUpShopper(backend)];
      await backend.syncStaff({ staffEmails: [first.email, second.email], orderRecipients: ["orders@example.com"] });
      staff = (await setUpStaff(backend, first.email)).scope;
      otherStaff = (await setUpStaff(backend, second.email)).scope;
    });

    afterAll(async () => {
      const { backend } = context();
      const now = await staff.staffShipping.rates();
      await staff.staffShipping.saveRates(SEED, now.version);
      await backend.syncStaff({ staffEmails: [], orderRecipients: ["orders@example.com"] });
    });

    test("a new shop charges the spec's rates, and the shop reads them as staff do", async () => {
      const { backend } = context();
      const rates = await staff.staffShipping.rates();
      expect(rates.prices).toEqual({
        standard: { amountCents: 999, freeFromCents: 20_000 },
        express: { amountCents: 1999, freeFromCents: null },
        overnight: { amountCents: 3999, freeFromCents: null },
        international: { amountCents: 2999, freeFromCents: null },
      });
      expect(await backend.catalogue.shippingRates()).toEqual({ version: rates.version, prices: rates.prices });
    });

    test("only staff save the rates: a shopper is refused by the port and by the database itself", async () => {
      const { backend, db } = context();
      const { version } = await staff.staffShipping.rates();
      await expectBackendError(shopper.scope.staffShipping.saveRates(SEED, version), "not_authorized");
      await expectBackendError(shopper.scope.staffShipping.rates(), "not_authorized");
      await expect(backend.forRequest(requestWith()).staffShipping.saveRates(SEED, version)).rejects.toMatchObject({
        code: expect.stringMatching(/^not_(authorized|authenticated)$/),
      });
      // Straight to the database as the shopper: the function refuses, and the table takes no write.
      await expectSqlError(
        asAuthenticated(db, shopper.user.id, (tx) =>
          tx.query("select public.staff_save_shipping_rates($1::jsonb, 100, $2)", [
            JSON.stringify({ standard: 1, express: 1, overnight: 1, international: 1 }),
            version,
          ]),
        ),
        "42501",
      );
      await expectSqlError(
        asAuthenticated(db, shopper.user.id, (tx) => tx.query("update public.shipping_rates set amount_cents = 1")),
        "42501",
      );
      // Who saved is for staff: the shop reads the rates, not that column.
      await expectSqlError(
        asAuthenticated(db, shopper.user.id, (tx) => tx.query("select updated_by_label from public.shipping_rates")),
        "42501",
      );
      expect((await staff.staffShipping.rates()).version).toBe(version);
    });

    test("amounts outside the bounds are refused with nothing saved", async () => {
      const { version } = await staff.staffShipping.rates();
      const bad = (amountsCents: Partial<ShippingRatesInput["amountsCents"]>, freeFromCents = 20_000) =>
        staff.staffShipping.saveRates(
          { amountsCents: { ...SEED.amountsCents, ...amountsCents }, freeFromCents },
          version,
        );
      await expectBackendError(bad({ express: 100_001 }), "invalid_input", /express/);
      await expectBackendError(bad({ overnight: -1 }), "invalid_input", /overnight/);
      await expectBackendError(bad({ standard: 9.5 }), "invalid_input", /standard/);
      await expectBackendError(bad({}, 0), "invalid_input", /threshold/);
      await expectBackendError(bad({}, 10_000_001), "invalid_input", /threshold/);
      expect((await staff.staffShipping.rates()).version).toBe(version);
    });

    test("two staff at once: the second save is refused and changes nothing; then place_order charges the new rate", async () => {
      const { backend } = context();
      const drawn = await staff.staffShipping.rates();
      const seenByOther = await otherStaff.staffShipping.rates();
      const saved = await staff.staffShipping.saveRates(
        { amountsCents: { ...SEED.amountsCents, express: 2499 }, freeFromCents: 15_000 },
        drawn.version,
      );
      expect(saved.version).toBe(drawn.version + 1);
      expect(saved.prices.express).toEqual({ amountCents: 2499, freeFromCents: null });
      expect(saved.prices.standard).toEqual({ amountCents: 999, freeFromCents: 15_000 });
      expect(saved.updatedBy).toMatch(/@example\.com$/);

      await expectBackendError(
        otherStaff.staffShipping.saveRates(
          { ...SEED, amountsCents: { ...SEED.amountsCents, express: 1 } },
          seenByOther.version,
        ),
        "product_changed",
        /meanwhile/,
      );
      expect((await otherStaff.staffShipping.rates()).prices).toEqual(saved.prices);
      expect(await backend.catalogue.shippingRates()).toEqual({ version: saved.version, prices: saved.prices });

      const anyone = backend.forRequest(requestWith());
      const small = [{ productId: "acc-2", quantity: 1 }];
      expect(
        await placeOrder(anyone, { userId: null, items: small, email: "g@example.com", shippingMethod: "express" }),
      ).toMatchObject({ shippingMethod: "express", shippingAmount: 2499, totalAmount: 2_400 + 2499 });
      // From $150.00 of items Standard is free ($24.00 x 7 = $168.00); below it, it costs $9.99 ($24.00 x 6).
      const standard = (quantity: number) =>
        placeOrder(anyone, { userId: null, items: [{ productId: "acc-2", quantity }], email: "g@example.com" });
      expect(await standard(7)).toMatchObject({ shippingAmount: 0, totalAmount: 16_800 });
      expect(await standard(6)).toMatchObject({ shippingAmount: 999, totalAmount: 14_400 + 999 });
    });
  });
}

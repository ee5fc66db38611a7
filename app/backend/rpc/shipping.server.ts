// The shipping rates over the database functions both adapters call alike (shipping_rates_json,
// staff_shipping_rates, staff_save_shipping_rates): one mapping of their JSON answers.
import { shippingMethodIds } from "~/backend/constants";
import type { ShippingMethodId } from "~/backend/ports/orders";
import type { ShippingPrice, ShippingRates, StaffShippingPort, StaffShippingRates } from "~/backend/ports/shipping";
import type { RpcCall } from "./rpc-call";

interface ShippingRatesRow {
  version: number | string;
  rates: Array<{ method: string; amount_cents: number | string; free_from_cents: number | string | null }>;
  updated_at?: string | null;
  updated_by?: string | null;
}

/** The rates as the app reads them; a method the database lacks is an error (the shop cannot price it). */
export function toShippingRates(row: ShippingRatesRow): ShippingRates {
  const byMethod = new Map(row.rates.map((rate) => [rate.method, rate]));
  const prices = Object.fromEntries(
    shippingMethodIds.map((id): [ShippingMethodId, ShippingPrice] => {
      const rate = byMethod.get(id);
      if (!rate) throw new Error(`public.shipping_rates has no row for "${id}".`);
      return [
        id,
        {
          amountCents: Number(rate.amount_cents),
          freeFromCents: rate.free_from_cents === null ? null : Number(rate.free_from_cents),
        },
      ];
    }),
  ) as Record<ShippingMethodId, ShippingPrice>;
  return { version: Number(row.version), prices };
}

function toStaffShippingRates(row: ShippingRatesRow): StaffShippingRates {
  return {
    ...toShippingRates(row),
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    updatedBy: row.updated_by ?? null,
  };
}

/** The shop's read (as anon), for the catalogue every instance holds in memory. */
export async function readShippingRates(rpc: RpcCall): Promise<ShippingRates> {
  return toShippingRates((await rpc("shipping_rates_json", {})) as ShippingRatesRow);
}

/** The back office's shipping rates, as the session's user (the database refuses anyone but staff). */
export function createStaffShippingPort(rpc: RpcCall): StaffShippingPort {
  return {
    rates: async () => toStaffShippingRates((await rpc("staff_shipping_rates", {})) as ShippingRatesRow),
    async saveRates({ amountsCents, freeFromCents }, expectedVersion) {
      const saved = await rpc("staff_save_shipping_rates", {
        p_amounts: [amountsCents, "jsonb"],
        p_free_from_cents: [freeFromCents, "integer"],
        p_expected_version: [expectedVersion, "integer"],
      });
      return toStaffShippingRates(saved as ShippingRatesRow);
    },
  };
}

// The shipping rates' ports (issue 38, decision 0039): public.shipping_rates is the one price list of shipping.
// The storefront reads it with the catalogue (CatalogueReader.shippingRates), the back office through these.
import type { ShippingMethodId } from "./orders";

/** What one method costs, in cents; Standard is free from `freeFromCents` of items (null: never free). */
export interface ShippingPrice {
  amountCents: number;
  freeFromCents: number | null;
}

/** Every method's price, and the version they were saved at (every save moves it on). */
export interface ShippingRates {
  version: number;
  prices: Readonly<Record<ShippingMethodId, ShippingPrice>>;
}

/** The rates as the back office's form shows them: when and by whom they were last saved. */
export interface StaffShippingRates extends ShippingRates {
  /** ISO 8601. */
  updatedAt: string | null;
  updatedBy: string | null;
}

/** What staff save: every method's amount and Standard's free-shipping threshold, in cents. */
export interface ShippingRatesInput {
  amountsCents: Readonly<Record<ShippingMethodId, number>>;
  freeFromCents: number;
}

/** The back office's shipping rates, as the session's user: every call is refused (in the database too) unless staff. */
export interface StaffShippingPort {
  rates(): Promise<StaffShippingRates>;
  /** BackendError "product_changed" when someone saved the rates since `expectedVersion`: nothing is changed. */
  saveRates(input: ShippingRatesInput, expectedVersion: number): Promise<StaffShippingRates>;
}

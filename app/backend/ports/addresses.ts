// A member's saved addresses (issue 40, decision 0044): kept on /profile, offered at checkout.

import type { ShippingAddress } from "./orders";

export interface SavedAddress extends ShippingAddress {
  id: string;
  /** One of a member's addresses is the default (the first saved, until another is chosen). */
  isDefault: boolean;
}

/** How many addresses a member may keep. */
export const MAX_SAVED_ADDRESSES = 10;

export interface AddressesPort {
  /** The default first, then as they were added. */
  list(input: { userId: string }): Promise<SavedAddress[]>;
  /**
   * Adds (`id` null) or changes one of the member's addresses; `makeDefault` makes it the default. Another member's
   * or an unknown id: BackendError "not_found"; an 11th address: "invalid_input", with a message for the shopper.
   */
  save(input: {
    userId: string;
    id: string | null;
    address: ShippingAddress;
    makeDefault: boolean;
  }): Promise<SavedAddress>;
  /** False when the address is not the member's (or not there). */
  setDefault(input: { userId: string; id: string }): Promise<boolean>;
  /** Whether it was there; removing the default makes the newest other one the default. */
  remove(input: { userId: string; id: string }): Promise<boolean>;
}

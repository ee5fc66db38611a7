// A member's saved addresses at checkout (decision 0044). The page offers them as radio buttons and fills the fields
// with the default; with JavaScript, picking one fills the fields in place. The fields are what the order ships to,
// with one exception that makes the radios work without JavaScript: a saved address chosen while the fields still
// hold, untouched, the one they were filled with ships to the chosen one. Whatever the shopper typed wins.
import { isBackendError } from "~/backend/errors";
import { MAX_SAVED_ADDRESSES, type SavedAddress } from "~/backend/ports/addresses";
import type { MemberBackend } from "~/backend/ports/backend";
import type { ShippingAddress } from "~/backend/ports/orders";
import { addressFieldNames, addressOf, sameAddress } from "~/modules/account/address-schema";
import { NEW_ADDRESS } from "./saved-address-choice";

export interface SavedAddressChoice {
  addresses: SavedAddress[];
  /** The radio checked on a fresh form: the default, or a new address. */
  chosen: string;
  /** Whether 'Save this address' is offered (a member with room for another). */
  canSave: boolean;
}

/** The loader's part: none for a visitor; a member's addresses, or none when they cannot be read now. */
export async function savedAddressChoice(member: MemberBackend | null): Promise<SavedAddressChoice | null> {
  if (!member) return null;
  let addresses: SavedAddress[];
  try {
    addresses = await member.addresses.list();
  } catch (error) {
    if (!isBackendError(error)) throw error;
    // The checkout still works: the shopper types the address.
    console.error("Failed to load saved addresses at checkout:", error);
    return null;
  }
  const fallback = addresses.find((saved) => saved.isDefault);
  return { addresses, chosen: fallback?.id ?? NEW_ADDRESS, canSave: addresses.length < MAX_SAVED_ADDRESSES };
}

const posted = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** What the checkout says when the member's addresses cannot be read (nothing is ordered then). */
export const SAVED_ADDRESSES_UNAVAILABLE =
  "Your saved addresses cannot be read right now. Please try again in a moment.";

/**
 * Before the form is checked: a saved address chosen while the fields hold, untouched, the one they were filled
 * with (no JavaScript, or the radio changed after) puts the chosen address into the fields. Returns the member's
 * addresses when it read them (for keepTypedAddress), null when it did not need them, and "unavailable" (logged)
 * when the backend could not answer.
 */
export async function shipToChosenAddress(
  member: MemberBackend | null,
  formData: FormData,
): Promise<SavedAddress[] | null | "unavailable"> {
  const chosenId = posted(formData, "savedAddress");
  const wantsSaving = posted(formData, "saveAddress") === "on";
  if (!member || ((chosenId === "" || chosenId === NEW_ADDRESS) && !wantsSaving)) return null;
  let addresses: SavedAddress[];
  try {
    addresses = await member.addresses.list();
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error("Reading the saved addresses at checkout failed", error.code);
    return "unavailable";
  }
  const chosen = addresses.find((saved) => saved.id === chosenId);
  const filledFrom = addresses.find((saved) => saved.id === posted(formData, "filledFrom"));
  const typed = Object.fromEntries(addressFieldNames.map((name) => [name, posted(formData, name)]));
  const untouched = filledFrom
    ? sameAddress(typed, filledFrom)
    : addressFieldNames.every((name) => !typed[name]?.trim());
  if (chosen && untouched) {
    for (const name of addressFieldNames) formData.set(name, chosen[name]);
    formData.set("filledFrom", chosen.id);
  }
  return addresses;
}

/**
 * After the order is placed: the address it ships to is saved when the shopper asked and it is not saved already.
 * A failure is logged, not thrown: the order stands.
 */
export async function keepTypedAddress(
  member: MemberBackend | null,
  formData: FormData,
  shippedTo: ShippingAddress,
  addresses: readonly SavedAddress[] | null,
): Promise<void> {
  if (!member || !addresses || posted(formData, "saveAddress") !== "on") return;
  if (addresses.some((saved) => sameAddress(saved, shippedTo))) return;
  try {
    await member.addresses.save({ id: null, address: addressOf(shippedTo), makeDefault: false });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    console.error("Saving the checkout's address failed:", error.code);
  }
}

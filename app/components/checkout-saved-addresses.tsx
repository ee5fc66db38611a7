import { useEffect, useRef, useState } from "react";

import type { SavedAddress } from "~/backend/ports/addresses";
import { addressFieldNames } from "~/modules/account/address-schema";
import { shippingAddressLines } from "~/modules/account/orders";
import { NEW_ADDRESS } from "~/modules/checkout/saved-address-choice";

type Kept = Record<string, unknown> | null | undefined;
const keptText = (kept: Kept, name: string) => (typeof kept?.[name] === "string" ? (kept[name] as string) : undefined);

/**
 * A member's saved addresses at checkout (decision 0044), a radio each and one for a new address. Without
 * JavaScript the choice is posted and the server ships to it (saved-address.server.ts); with it, picking one fills the
 * fields in place, and typing in them switches to a new address. What the fields were filled with travels with the
 * form (`filledFrom`), so the server can tell a chosen address from an edited one.
 */
export function CheckoutSavedAddresses({
  formId,
  saved: { addresses, chosen },
  kept,
  onFill,
}: {
  formId: string;
  /** The member's addresses, and the radio checked on a fresh form (none drawn without addresses). */
  saved: { addresses: readonly SavedAddress[]; chosen: string };
  /** What the last post kept (a refusal), if any. */
  kept: Kept;
  onFill: (address: SavedAddress) => void;
}) {
  const checked = keptText(kept, "savedAddress") ?? chosen;
  const [filledFrom, setFilledFrom] = useState(kept ? (keptText(kept, "filledFrom") ?? "") : chosen);
  const newAddress = useRef<HTMLInputElement>(null);

  // Typing in an address field makes it a new address (a fill sets values without an input event).
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    const onInput = (event: Event) => {
      const name = (event.target as Partial<HTMLInputElement> | null)?.name;
      if (newAddress.current && addressFieldNames.includes(name as never)) newAddress.current.checked = true;
    };
    form?.addEventListener("input", onInput);
    return () => form?.removeEventListener("input", onInput);
  }, [formId]);
  if (addresses.length === 0) return null;

  const fill = (address: SavedAddress) => {
    const elements = document.forms.namedItem(formId)?.elements;
    for (const name of addressFieldNames) {
      const field = elements?.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = address[name];
    }
    setFilledFrom(address.id);
    onFill(address);
  };

  return (
    <fieldset className="space-y-3 rounded-2xl border border-sand-200 p-6" data-testid="saved-address-choice">
      <legend className="px-2 text-lg font-semibold text-ink">Ship to</legend>
      <input type="hidden" name="filledFrom" value={filledFrom} />
      {addresses.map((address) => (
        <AddressOption key={address.id} value={address.id} checked={checked} onPick={() => fill(address)}>
          {/* A label holds phrasing content only: no <address> here, so its wrapping (tailwind.css) is said here. */}
          <span className="wrap-anywhere block text-sm leading-relaxed text-ink">
            {shippingAddressLines(address).map((line, index) => (
              <span key={index} className="block" dir="auto">
                {line}
              </span>
            ))}
          </span>
          {address.isDefault && <span className="mt-1 block text-xs font-medium text-ink-muted">Default</span>}
        </AddressOption>
      ))}
      <AddressOption value={NEW_ADDRESS} checked={checked} inputRef={newAddress}>
        <span className="font-medium text-ink">A new address</span>
        <span className="block text-sm text-ink-muted">Type it below.</span>
      </AddressOption>
    </fieldset>
  );
}

function AddressOption({
  value,
  checked,
  onPick,
  inputRef,
  children,
}: {
  value: string;
  checked: string;
  onPick?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  children: React.ReactNode;
}) {
  const id = `saved-address-${value}`;
  return (
    <label
      htmlFor={id}
      className="has-checked:border-brand-700 has-checked:bg-sand-50 flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-sand-200 px-4 py-3"
    >
      <input
        ref={inputRef}
        id={id}
        type="radio"
        name="savedAddress"
        value={value}
        defaultChecked={value === checked}
        onChange={onPick}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

/** For a member with room for another address: save the one this order ships to (unless it is saved already). */
export function SaveAddressChoice({ kept }: { kept: Kept }) {
  return (
    <label htmlFor="save-address" className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
      <input
        id="save-address"
        type="checkbox"
        name="saveAddress"
        value="on"
        defaultChecked={keptText(kept, "saveAddress") === "on"}
        className="border-sand-300 size-5 rounded text-brand-600"
      />
      Save this address to my profile
    </label>
  );
}

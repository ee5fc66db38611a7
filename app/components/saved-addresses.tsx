import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { MAX_SAVED_ADDRESSES, type SavedAddress } from "~/backend/ports/addresses";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { ADDRESS_INTENTS, addressPath } from "~/modules/account/address-paths";
import { shippingAddressLines } from "~/modules/account/orders";
import { CheckoutAddressFields } from "./checkout-address-fields";
import { CheckboxField, FormErrors } from "./form-field";

/**
 * The profile's "Saved addresses" (decision 0044): the list, or the form `?address=` opened, or the one a refused save
 * came back to (with what was typed).
 */
export function ProfileAddresses({
  addresses,
  opened,
  constraint,
  refused,
}: {
  /** Null when they cannot be read now. */
  addresses: readonly SavedAddress[] | null;
  opened: { editing: false } | { editing: true; address: SavedAddress | null };
  constraint: FormConstraint;
  refused: { addressId: string | null; result: SubmissionResult<string[]> } | null;
}) {
  const formAddress = refused
    ? (addresses?.find((saved) => saved.id === refused.addressId) ?? null)
    : opened.editing
      ? opened.address
      : null;
  return (
    <section
      aria-labelledby="addresses-heading"
      className="mt-8 rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="addresses-heading" className="font-serif text-2xl text-ink">
        Saved addresses
      </h2>
      {addresses === null ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          Your saved addresses cannot be shown right now. Please try again in a moment.
        </p>
      ) : refused || opened.editing ? (
        <SavedAddressForm
          key={formAddress?.id ?? "new"}
          address={formAddress}
          constraint={constraint}
          lastResult={refused?.result}
        />
      ) : (
        <SavedAddressList addresses={addresses} canAdd={addresses.length < MAX_SAVED_ADDRESSES} />
      )}
    </section>
  );
}

/** A member's saved addresses on /profile (decision 0044): each with its buttons, plain forms that work without JavaScript. */
export function SavedAddressList({ addresses, canAdd }: { addresses: readonly SavedAddress[]; canAdd: boolean }) {
  const busy = useIsPosting("/profile");
  return (
    <>
      {addresses.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No saved addresses yet. Save one to choose it at checkout.</p>
      ) : (
        <ul className="mt-4 space-y-4" data-testid="saved-addresses">
          {addresses.map((saved) => (
            <li key={saved.id} className="rounded-xl border border-sand-200 p-4" data-testid="saved-address">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <address className="min-w-0 text-sm not-italic leading-relaxed text-ink">
                  {shippingAddressLines(saved).map((line, index) => (
                    <span key={index} className="block break-words" dir="auto">
                      {line}
                    </span>
                  ))}
                </address>
                {saved.isDefault && (
                  <span className="rounded-full bg-sand-100 px-3 py-1 text-xs font-medium text-ink">Default</span>
                )}
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link to={addressPath(saved.id)} preventScrollReset className="btn btn-outline">
                  Edit
                </Link>
                {!saved.isDefault && (
                  <AddressButton intent={ADDRESS_INTENTS.makeDefault} id={saved.id} busy={busy} label="Make default" />
                )}
                <AddressButton intent={ADDRESS_INTENTS.remove} id={saved.id} busy={busy} label="Remove" />
              </div>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <Link to={addressPath("new")} preventScrollReset className="btn btn-primary mt-4">
          Add address
        </Link>
      )}
    </>
  );
}

function AddressButton({ intent, id, busy, label }: { intent: string; id: string; busy: boolean; label: string }) {
  return (
    <Form method="post" action="/profile" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={id} />
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** Adds (`address` null) or edits a saved address; a refusal comes back with everything typed. */
export function SavedAddressForm({
  address,
  constraint,
  lastResult,
}: {
  address: SavedAddress | null;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const saving = useIsPosting("/profile");
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "saved-address",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/account/address-schema").then((module) => module.savedAddressSchema),
    constraint,
    lastResult,
    defaultValue: address
      ? { ...address, makeDefault: address.isDefault ? "on" : undefined }
      : { country: "United States" },
  });
  return (
    <Form
      method="post"
      action={addressPath(address?.id ?? "new")}
      preventScrollReset
      className="mt-4 space-y-4"
      {...getFormProps(form)}
    >
      {formEngine}
      <input type="hidden" name="intent" value={ADDRESS_INTENTS.save} />
      <input type="hidden" name="addressId" value={address?.id ?? ""} />
      <CheckoutAddressFields
        fields={fields}
        firstInvalid={firstInvalid}
        legend={address ? "Edit address" : "New address"}
      />
      <CheckboxField label="Use as my default address" field={fields.makeDefault} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save address"}
        </button>
        <Link to="/profile" preventScrollReset className="btn btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

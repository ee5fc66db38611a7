import type { ShippingChoice } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";

/**
 * The checkout's shipping methods, a radio each, priced. With JavaScript the summary follows the choice at once;
 * without it, the `updateShipping` submit asks the server to reprice the page (the same height either way).
 */
export function CheckoutShippingMethods({
  field,
  choices,
  chosen,
  firstInvalid,
  hydrated,
  updateShipping,
}: {
  /** conform's metadata of the method field. */
  field: { id: string; name: string; errorId: string; errors?: string[] };
  choices: readonly ShippingChoice[];
  chosen: string;
  firstInvalid: string | undefined;
  hydrated: boolean;
  /** The intent of the no-JavaScript submit that only reprices the summary. */
  updateShipping: string;
}) {
  const errors = field.errors;
  return (
    <fieldset
      className="space-y-3 rounded-2xl border border-sand-200 p-6"
      aria-describedby={errors?.length ? field.errorId : undefined}
    >
      <legend className="px-2 text-lg font-semibold text-ink">Shipping Method</legend>
      {choices.map((choice) => {
        const id = `${field.id}-${choice.id}`;
        return (
          <label
            key={choice.id}
            htmlFor={id}
            className="has-checked:border-brand-700 has-checked:bg-sand-50 flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-sand-200 px-4 py-3"
          >
            <input
              id={id}
              type="radio"
              name={field.name}
              value={choice.id}
              defaultChecked={choice.id === chosen}
              // The first field the server refused gets the cursor, as FormField's do (useZodForm).
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={firstInvalid === field.name && choice.id === chosen}
              className="size-5 accent-brand-700"
            />
            <span className="flex-1">
              <span className="block font-medium text-ink">{choice.name}</span>
              <span className="block text-sm text-ink-muted">{choice.deliveryTime}</span>
            </span>
            <span className="font-semibold text-ink">
              {choice.amountCents === 0 ? "Free" : formatCents(choice.amountCents)}
            </span>
          </label>
        );
      })}
      {errors?.length ? (
        <ul id={field.errorId} className="text-sm font-medium text-red-700">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      {/* The same height either way, so nothing moves when the framework arrives. */}
      <div className="flex min-h-12 items-center">
        {hydrated ? (
          <p className="text-sm text-ink-muted">The order total below includes shipping.</p>
        ) : (
          <button type="submit" name="intent" value={updateShipping} className="btn-outline">
            Update shipping
          </button>
        )}
      </div>
    </fieldset>
  );
}

import { LineUnitsInput } from "./form-field";

/** The request form's lines: units of each (up to what is left to return) and, for an exchange, the variant wanted. */
export function ReturnLineFields({
  lines,
  typed,
  errors,
}: {
  lines: readonly {
    itemId: string;
    name: string;
    variant: string | null;
    unitsLeft: number;
    exchangeOptions: readonly { value: string; label: string }[];
  }[];
  /** What was typed, after a refused post without JavaScript (the lines are plain inputs). */
  typed: readonly { quantity?: string; variantId?: string }[] | undefined;
  errors: (index: number) => string[] | undefined;
}) {
  const lineErrors = errors;
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-ink">Which items, and how many</legend>
      {lines.map((line, index) => (
        <div key={line.itemId} className="rounded-lg border border-sand-200 p-3 text-sm">
          <input type="hidden" name={`lines[${index}].itemId`} value={line.itemId} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label htmlFor={`return-line-${index}`} className="text-ink">
              {line.name}
              {line.variant ? <span className="text-ink-muted"> ({line.variant})</span> : null}{" "}
              <span className="text-ink-muted">: up to {line.unitsLeft}</span>
            </label>
            <LineUnitsInput
              id={`return-line-${index}`}
              index={index}
              unitsLeft={line.unitsLeft}
              typed={typed?.[index]?.quantity}
            />
          </div>
          {line.exchangeOptions.length > 0 ? (
            <div className="mt-2">
              <label htmlFor={`return-variant-${index}`} className="mb-1 block text-ink-muted">
                For an exchange: the variant you want instead
              </label>
              <select
                id={`return-variant-${index}`}
                name={`lines[${index}].variantId`}
                defaultValue={typed?.[index]?.variantId ?? ""}
                aria-invalid={lineErrors(index) ? true : undefined}
                aria-describedby={lineErrors(index) ? `return-variant-${index}-error` : undefined}
                className="input"
              >
                <option value="">Choose…</option>
                {line.exchangeOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {lineErrors(index) ? (
                <p id={`return-variant-${index}-error`} className="mt-1 text-sm font-medium text-red-700">
                  {lineErrors(index)?.join(" ")}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

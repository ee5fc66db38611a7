import { useRef, useState } from "react";

import { Minus, Plus } from "~/components/icons";
import { stepButton } from "~/framework/loader";
import { useHydrated, useKeepValueEnteredBeforeHydration } from "~/framework/use-hydrated";
import { MAX_LINE_QUANTITY } from "~/modules/cart/cart";

/** The most the cart's form takes in one request (cart-form.ts); the cart itself caps a line at MAX_LINE_QUANTITY. */
const MAX_ASKED = 999;

/** The stepper's buttons show wherever scripts run, from the first paint: hydration moves nothing. */
const stepperButton =
  "hidden size-11 items-center justify-center rounded-full border border-sand-200 hover:bg-sand-100 disabled:opacity-40 with-js:flex";

/**
 * A number input with the browser's own stepper, and, where scripts run, minus and plus buttons: before hydration the
 * inline loader steps the field (framework/loader.ts), after it React does. Minus stops at 1, plus at the line cap.
 * A larger number typed is sent as typed: the cart adds what fits and says that it capped the line, rather than the
 * field cutting the number without a word.
 */
export function QuantityInput({
  id,
  name,
  label,
  defaultValue = 1,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: number;
}) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  const clamp = (next: number) => Math.min(MAX_ASKED, Math.max(1, Math.trunc(next) || 1));
  const input = useRef<HTMLInputElement>(null);
  useKeepValueEnteredBeforeHydration(input, String(defaultValue), (entered) => setValue(clamp(Number(entered))));
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <button
        type="button"
        {...stepButton(-1, id, MAX_LINE_QUANTITY)}
        onClick={() => setValue((current) => clamp(Math.min(current, MAX_LINE_QUANTITY) - 1))}
        disabled={value <= 1}
        className={stepperButton}
        aria-label="Decrease quantity"
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <input
        ref={input}
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_ASKED}
        step={1}
        required
        value={hydrated ? value : undefined}
        defaultValue={hydrated ? undefined : defaultValue}
        onChange={(event) => setValue(clamp(Number(event.currentTarget.value)))}
        className="input h-11 w-16 text-center"
      />
      <button
        type="button"
        {...stepButton(1, id, MAX_LINE_QUANTITY)}
        onClick={() => setValue((current) => Math.min(MAX_LINE_QUANTITY, clamp(current + 1)))}
        disabled={value >= MAX_LINE_QUANTITY}
        className={stepperButton}
        aria-label="Increase quantity"
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}

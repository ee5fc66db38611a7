import { Form, useSubmit } from "@remix-run/react";

import { useHydrated } from "~/framework/use-hydrated";
import type { Product, ProductVariant } from "~/modules/catalog/product";
import { optionParam, optionValues, valueInStock, VARIANT_PARAM } from "~/modules/catalog/variant-choice";

/**
 * The product's choices (Length, Shade...) as a GET form of radio buttons: without JavaScript the shopper picks and
 * presses "Show this choice"; with it, each pick updates the page in place. The loader answers with the variant the
 * choices lead to, under its own URL (`?variant=`).
 */
export function VariantPicker({
  product,
  chosen,
  keep,
}: {
  product: Product;
  chosen: ProductVariant;
  /** Query parameters to carry over (the open tab). */
  keep: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const values = optionValues(product);
  return (
    <Form
      method="get"
      replace
      preventScrollReset
      className="mt-6 space-y-4"
      data-testid="variant-picker"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <input type="hidden" name={VARIANT_PARAM} value={chosen.id} />
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {product.options.map((option, index) => (
        <fieldset key={option}>
          <legend className="text-sm font-semibold text-ink">
            {option}: <span className="font-normal text-ink-muted">{chosen.optionValues[index]}</span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {values[index]?.map((value) => {
              const available = valueInStock(product, chosen, index, value);
              return (
                <label key={value} className="relative">
                  <input
                    type="radio"
                    name={optionParam(index)}
                    value={value}
                    defaultChecked={chosen.optionValues[index] === value}
                    className="peer sr-only"
                  />
                  <span
                    className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:font-semibold peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 ${available ? "border-sand-200 text-ink" : "border-dashed border-sand-200 text-ink-muted line-through"}`}
                  >
                    {value}
                    {available ? null : <span className="sr-only"> (sold out)</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {hydrated ? null : (
        <button type="submit" className="btn-outline">
          Show this choice
        </button>
      )}
    </Form>
  );
}

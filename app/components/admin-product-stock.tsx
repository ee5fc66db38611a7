import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { FormErrors, SelectField, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { CHANGE_STOCK_INTENT } from "~/modules/admin/product-forms";
import { AdminPanel } from "./admin-panel";

export interface StockVariantView {
  id: string;
  label: string;
  sku: string;
  stockOnHand: number | null;
  lowStockThreshold: number | null;
}

export interface StockMovementView {
  id: number;
  sku: string;
  change: string;
  reason: string;
  by: string;
  at: string;
}

/** The product's stock: a form per tracked variant to set or adjust its count with a reason, and the history. */
export function AdminProductStock({
  path,
  variants,
  history,
  constraint,
  answer,
}: {
  path: string;
  variants: StockVariantView[];
  history: StockMovementView[];
  constraint: FormConstraint;
  answer: { variantId: string; result: SubmissionResult<string[]> } | undefined;
}) {
  return (
    <AdminPanel id="stock-heading" title="Stock">
      <ul className="mt-3 space-y-4">
        {variants.map((variant) => (
          <li key={variant.id} className="rounded-xl border border-sand-200 bg-sand-50 p-3">
            <p className="text-sm font-semibold text-ink">
              {variant.label} <span className="font-normal text-ink-muted">· {variant.sku}</span>
            </p>
            {variant.stockOnHand === null ? (
              <p className="mt-1 text-sm text-ink-muted">Not tracked: always available. Turn on “Track stock” above.</p>
            ) : (
              <StockForm
                path={path}
                variant={variant}
                constraint={constraint}
                lastResult={answer?.variantId === variant.id ? answer.result : undefined}
              />
            )}
          </li>
        ))}
      </ul>
      <h3 className="mt-6 text-base font-semibold text-ink">History</h3>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No stock change yet.</p>
      ) : (
        <ol aria-label="Stock history, newest first" className="mt-2 divide-y divide-sand-200 text-sm">
          {history.map((movement) => (
            <li key={movement.id} className="grid gap-x-3 py-2 sm:grid-cols-[9rem_1fr_auto]">
              <span className="font-medium text-ink">{movement.sku}</span>
              <span className="text-ink">
                {movement.change} · {movement.reason}
              </span>
              <span className="text-ink-muted">
                {movement.by}, {movement.at}
              </span>
            </li>
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}

function StockForm({
  path,
  variant,
  constraint,
  lastResult,
}: {
  path: string;
  variant: StockVariantView;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPosting(path);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: `stock-${variant.id}`,
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/product-forms").then((module) => module.StockFormSchema),
    constraint,
    lastResult,
    defaultValue: { mode: "set" },
  });
  return (
    <Form
      method="post"
      className="mt-2 grid gap-3 sm:grid-cols-[10rem_8rem_1fr_auto] sm:items-end"
      aria-label={`Stock of ${variant.label}`}
      {...getFormProps(form)}
    >
      {formEngine}
      <input type="hidden" name="intent" value={CHANGE_STOCK_INTENT} />
      <input type="hidden" name="variantId" value={variant.id} />
      <input type="hidden" name="expectedCount" value={String(variant.stockOnHand)} />
      <p className="text-sm text-ink sm:col-span-4">
        <strong>{variant.stockOnHand}</strong> on hand
        {variant.lowStockThreshold !== null ? ` · alert at ${variant.lowStockThreshold}` : ""}
      </p>
      <SelectField
        label="Change"
        field={fields.mode}
        options={[
          { value: "set", label: "Set the count to" },
          { value: "adjust", label: "Add (or take, with −)" },
        ]}
        firstInvalid={firstInvalid}
      />
      <TextField label="Units" field={fields.amount} firstInvalid={firstInvalid} />
      <TextField
        label="Reason"
        field={fields.note}
        firstInvalid={firstInvalid}
        placeholder="e.g. Restocked from supplier"
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        Update stock
      </button>
      <FormErrors id={form.errorId} errors={form.errors} className="rounded-lg p-3 sm:col-span-4" />
    </Form>
  );
}

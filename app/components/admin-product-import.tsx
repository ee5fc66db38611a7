import { Form } from "@remix-run/react";

import { FormErrors } from "~/components/form-field";
import { useIsPosting } from "~/forms/zod-form";
import {
  CONFIRM_INTENT,
  PREVIEW_INTENT,
  type ImportAnswer,
  type ImportPlanView,
  type PlannedProductView,
} from "~/modules/admin/product-import";
import { AdminPanel } from "./admin-panel";

const PATH = "/admin/products/import";

/**
 * The import page: the upload form, then the preview of what the file would do (bad rows by line, products to
 * create, fields to change old -> new, products left alone) and, when there is something to apply and no bad row,
 * the confirm button, which posts back the file the preview was made from. Plain multipart posts, with or without
 * JavaScript.
 */
export function AdminProductImport({ answer }: { answer: ImportAnswer | undefined }) {
  const busy = useIsPosting(PATH);
  return (
    <div className="mt-6 space-y-6">
      <AdminPanel id="import-upload-heading" title="Upload a CSV file">
        <p className="mt-2 text-sm text-ink-muted">
          One row per variant, with the columns of the{" "}
          <a href="/admin/products/export.csv" className="font-medium text-brand-700 hover:underline">
            products export
          </a>
          . A row without a Variant ID adds a variant; variants and products the file leaves out stay as they are. You
          see what the file would change before anything is changed.
        </p>
        <Form method="post" encType="multipart/form-data" action={PATH} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={PREVIEW_INTENT} />
          <div>
            <label htmlFor="import-file" className="block text-sm font-medium text-ink">
              CSV file
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="import-file-hint"
              className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-50 file:px-4"
            />
            <p id="import-file-hint" className="mt-1 text-sm text-ink-muted">
              At most 2 MB, saved as CSV (UTF-8).
            </p>
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Reading…" : "Preview import"}
          </button>
        </Form>
      </AdminPanel>
      {answer?.kind === "refused" ? (
        <FormErrors id="import-errors" errors={[answer.error]} className="rounded-lg px-4 py-3" />
      ) : null}
      {answer?.kind === "preview" ? <ImportPreview answer={answer} busy={busy} /> : null}
    </div>
  );
}

function ImportPreview({ answer, busy }: { answer: Extract<ImportAnswer, { kind: "preview" }>; busy: boolean }) {
  const { plan, notice, confirm } = answer;
  const created = plan.products.filter((product) => product.kind === "create");
  const changed = plan.products.filter((product) => product.kind === "change");
  const same = plan.products.filter((product) => product.kind === "same").length;
  return (
    <AdminPanel id="import-preview-heading" title="Preview">
      {notice ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          {notice}
        </p>
      ) : null}
      <Refusals plan={plan} />
      <p className="mt-3 text-sm">
        {created.length} to create, {changed.length} to change, {same + plan.untouched} left as they are
        {plan.refusals.length > 0 ? " (if the file were correct)" : ""}.
      </p>
      {created.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">New products</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {created.map((product) => (
              <li key={product.id}>
                {product.name} ({product.id}), {product.variantCount}{" "}
                {product.variantCount === 1 ? "variant" : "variants"}, line {product.line}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {changed.map((product) => (
        <ProductChanges key={product.id} product={product} />
      ))}
      {confirm ? (
        <Form method="post" encType="multipart/form-data" action={PATH} className="mt-6">
          <input type="hidden" name="intent" value={CONFIRM_INTENT} />
          <input type="hidden" name="file" value={confirm.file} />
          <input type="hidden" name="fingerprint" value={confirm.fingerprint} />
          <input type="hidden" name="signature" value={confirm.signature} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Applying…" : "Apply these changes"}
          </button>
        </Form>
      ) : plan.refusals.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">The file changes nothing.</p>
      ) : null}
    </AdminPanel>
  );
}

function Refusals({ plan }: { plan: ImportPlanView }) {
  if (plan.refusals.length === 0) return null;
  return (
    <div id="import-refusals" role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3">
      <p className="text-sm font-semibold text-red-800">
        Nothing was imported: correct {plan.refusals.length === 1 ? "this row" : "these rows"} and upload the file
        again.
      </p>
      <ul className="mt-2 space-y-1 text-sm text-red-800">
        {plan.refusals.map((refusal, index) => (
          <li key={`${refusal.line}-${index}`}>
            Line {refusal.line}: {refusal.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProductChanges({ product }: { product: PlannedProductView }) {
  return (
    <section aria-label={`Changes to ${product.name}`} className="mt-4">
      <h3 className="font-semibold">
        {product.name}{" "}
        <span className="font-normal text-ink-muted">
          ({product.id}, line {product.line})
        </span>
      </h3>
      <dl className="mt-2 divide-y divide-sand-200 text-sm">
        {product.changes.map((change) => (
          <div key={change.field} className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr]">
            <dt className="font-medium">{change.field}</dt>
            <dd className="break-words">
              <span className="text-ink-muted">{change.from || "(blank)"}</span> → {change.to || "(blank)"}
            </dd>
          </div>
        ))}
        {product.stock.map((change) => (
          <div key={change.variantId} className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr]">
            <dt className="font-medium">{change.sku}: Stock on hand</dt>
            <dd>
              <span className="text-ink-muted">{change.from}</span> → {change.to} (recorded as a CSV import)
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

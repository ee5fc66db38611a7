import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { CheckboxField, FormErrors, TextAreaField, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { RETURN_MOVE_INTENT } from "~/modules/admin/return-forms";
import { RETURN_LABEL_FIELD } from "~/modules/admin/return-label";
import type { AdminReturnView } from "~/modules/admin/return-view";
import { AdminPanel } from "./admin-panel";

/** The last answer to a return form: which request's which move, and what the server said of it. */
export interface ReturnFormAnswer {
  requestId: string | null;
  move: string | null;
  result: SubmissionResult<string[]>;
}

/**
 * The order's return and exchange requests (issue 40, decision 0047), each with a form per move it offers:
 * approve (instructions and a return tracking number, both optional), decline (a reason), mark received (each line
 * back to stock or not), refund the returned lines (and the shipping if ticked) or send the exchange.
 */
export function AdminOrderReturns({
  orderId,
  requests,
  constraint,
  answer,
  sendsMail,
}: {
  orderId: string;
  requests: readonly AdminReturnView[];
  constraint: FormConstraint;
  answer: ReturnFormAnswer | undefined;
  sendsMail: boolean;
}) {
  if (requests.length === 0) return null;
  return (
    <AdminPanel id="returns-heading" title="Returns and exchanges">
      <p className="mt-1 text-sm text-ink-muted">
        {sendsMail ? "The customer is e-mailed at each step." : "The shop sends no e-mail: the customer is not told."}
      </p>
      <ul className="mt-3 space-y-4">
        {requests.map((request) => (
          <li key={request.id} data-testid="admin-return-request" className="rounded-lg border border-sand-200 p-3">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-ink">{request.title}</span>
              <span
                data-return-state={request.state}
                className={`inline-block whitespace-nowrap rounded-full px-3 py-0.5 text-xs font-semibold ring-1 ${request.badgeClasses}`}
              >
                {request.stateLabel}
              </span>
              <span className="text-ink-muted">
                asked by {request.requestedBy}, {request.askedAt}
              </span>
            </p>
            <ul className="mt-1 text-sm text-ink">
              {request.lines.map((line) => (
                <li key={line.itemId}>
                  {line.text}
                  {line.restocked === null ? "" : line.restocked ? " · back to stock" : " · not back to stock"}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm text-ink-muted">Customer&apos;s reason: {request.reason}</p>
            {request.staffNote ? <p className="mt-1 text-sm text-ink-muted">Told: {request.staffNote}</p> : null}
            {request.trackingNumber ? (
              <p className="mt-1 text-sm text-ink-muted">Return tracking number: {request.trackingNumber}</p>
            ) : null}
            {request.labelHref ? (
              <p className="mt-1 text-sm">
                <a
                  href={request.labelHref}
                  download
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
                >
                  Return label (PDF)
                </a>
              </p>
            ) : null}
            {request.refunded ? <p className="mt-1 text-sm text-ink">Refunded {request.refunded}</p> : null}
            {request.exchange ? (
              <p className="mt-1 text-sm">
                <Link
                  to={`/admin/orders/${request.exchange.id}`}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
                >
                  Exchange order #{request.exchange.number} ({request.exchange.status})
                </Link>
              </p>
            ) : null}
            {request.takesLabel ? <ReturnLabelForm orderId={orderId} request={request} /> : null}
            {request.moves.map((move) => (
              <ReturnMoveForm
                key={move.kind}
                orderId={orderId}
                request={request}
                move={move}
                constraint={constraint}
                lastResult={answer?.requestId === request.id && answer.move === move.kind ? answer.result : undefined}
              />
            ))}
          </li>
        ))}
      </ul>
    </AdminPanel>
  );
}

/**
 * The return parcel's prepaid label, a PDF from the carrier (decision 0048): attached before the approval, the
 * approval's e-mail carries it; after, the approval's e-mail goes again with it. A multipart post to the order's
 * return labels page (routes/admin/order-return-labels.tsx), which says a refusal.
 */
export function ReturnLabelForm({ orderId, request }: { orderId: string; request: AdminReturnView }) {
  const path = `/admin/orders/${orderId}/return-labels`;
  const busy = useIsPosting(path);
  const inputId = `return-label-${request.id}`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={path}
      className="mt-3 space-y-2 border-t border-sand-200 pt-3"
      aria-label={`Return label: ${request.title.toLowerCase()}`}
    >
      <input type="hidden" name="requestId" value={request.id} />
      <input type="hidden" name="expectedState" value={request.state} />
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {request.labelHref
          ? "Replace the return label (PDF, up to 1 MB)"
          : "Return label from the carrier (PDF, up to 1 MB)"}
      </label>
      <input
        id={inputId}
        type="file"
        name={RETURN_LABEL_FIELD}
        accept="application/pdf,.pdf"
        required
        className="block min-h-11 w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-50 file:px-4"
      />
      <button type="submit" className="btn-outline w-full" disabled={busy}>
        {request.labelHref ? "Replace label" : "Attach label"}
      </button>
    </Form>
  );
}

function ReturnMoveForm({
  orderId,
  request,
  move,
  constraint,
  lastResult,
}: {
  orderId: string;
  request: AdminReturnView;
  move: AdminReturnView["moves"][number];
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPosting(`/admin/orders/${orderId}`);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: `return-${request.id}-${move.kind}`,
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/return-forms").then((module) => module.ReturnMoveFormSchema),
    constraint,
    lastResult,
  });
  return (
    <Form
      method="post"
      className="mt-3 space-y-2 border-t border-sand-200 pt-3"
      aria-label={`${move.button}: ${request.title.toLowerCase()}`}
      {...getFormProps(form)}
    >
      {formEngine}
      <input type="hidden" name="intent" value={RETURN_MOVE_INTENT} />
      <input type="hidden" name="requestId" value={request.id} />
      <input type="hidden" name="move" value={move.kind} />
      <input type="hidden" name="expectedState" value={request.state} />
      <FormErrors id={form.errorId} errors={form.errors} className="rounded-lg px-3 py-2" />
      {move.needs === "instructions" ? (
        <>
          <TextAreaField
            label="Instructions for the customer (optional)"
            textareaProps={{ ...getTextareaProps(fields.note), rows: 2 }}
            errors={fields.note.errors}
            errorId={fields.note.errorId}
          />
          <TextField
            label="Return tracking number (optional)"
            field={fields.trackingNumber}
            firstInvalid={firstInvalid}
          />
        </>
      ) : null}
      {move.needs === "reason" ? (
        <TextAreaField
          label="Reason (the customer is told)"
          textareaProps={{
            ...getTextareaProps(fields.note),
            rows: 2,
            autoFocus: firstInvalid === fields.note.name,
          }}
          errors={fields.note.errors}
          errorId={fields.note.errorId}
        />
      ) : null}
      {move.needs === "restock" ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-ink">Back to stock</legend>
          {request.lines.map((line, index) => (
            <label key={line.itemId} className="flex min-h-11 items-center gap-2 text-sm text-ink">
              <input type="hidden" name={`lines[${index}].itemId`} value={line.itemId} />
              <input
                type="checkbox"
                name={`lines[${index}].restock`}
                defaultChecked
                className="border-sand-300 size-5 rounded text-brand-600"
              />
              {line.text}
            </label>
          ))}
        </fieldset>
      ) : null}
      {move.needs === "shipping" ? <CheckboxField label="Refund the shipping too" field={fields.shipping} /> : null}
      <button
        type="submit"
        className={move.kind === "decline" ? "btn-outline w-full" : "btn-primary w-full"}
        disabled={busy}
      >
        {move.button}
      </button>
    </Form>
  );
}

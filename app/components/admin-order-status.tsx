import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { FormErrors, TextAreaField, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { KNOWN_CARRIERS } from "~/modules/account/tracking";
import { MOVE_INTENT, type AdminOrderView } from "~/modules/admin/order-view";
import { statusLabel, type MoveKind } from "~/modules/orders/lifecycle";
import { AdminPanel } from "./admin-panel";

/** The status forms' rules (getZodConstraint in the loader): the two whose fields staff fill in. */
export interface MoveConstraints {
  "mark-shipped": FormConstraint;
  cancel: FormConstraint;
}

/** The last answer to a status form: which button, and what the server said of it. */
export interface MoveAnswer {
  kind: string | null;
  result: SubmissionResult<string[]>;
}

/**
 * The order's status and a form per move it offers (decision 0029). What the server refused of a move is said once,
 * on top (the page may show other buttons by then: the order changed meanwhile); what was typed stays in its form.
 */
export function AdminOrderStatus({
  order,
  constraints,
  answer,
  sendsMail,
}: {
  order: Pick<AdminOrderView, "id" | "status" | "moves" | "cancelEffect">;
  constraints: MoveConstraints;
  answer: MoveAnswer | undefined;
  sendsMail: boolean;
}) {
  const lastResult = (kind: MoveKind) => (answer?.kind === kind ? answer.result : undefined);
  const formErrors = answer?.result.status === "error" ? answer.result.error?.[""] : undefined;
  return (
    <AdminPanel id="actions-heading" title="Status">
      <p className="mt-1 text-sm text-ink-muted">
        Now: <strong className="text-ink">{statusLabel(order.status)}</strong>.{" "}
        {sendsMail ? "Each change e-mails the customer." : "The shop sends no e-mail: the customer is not told."}
      </p>
      <FormErrors id="move-errors" errors={formErrors ?? undefined} className="mt-3 rounded-lg px-3 py-2" />
      {order.moves.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          This order is {order.status}: its status does not change any more.
        </p>
      ) : null}
      <div className="mt-3 space-y-4">
        {order.moves.map(({ kind, label }) => {
          const props = { order, label, path: `/admin/orders/${order.id}` };
          switch (kind) {
            case "mark-shipped":
              return (
                <ShipForm
                  key={kind}
                  {...props}
                  constraint={constraints["mark-shipped"]}
                  lastResult={lastResult(kind)}
                />
              );
            case "cancel":
              return <CancelForm key={kind} {...props} constraint={constraints.cancel} lastResult={lastResult(kind)} />;
            default:
              return <MoveButtonForm key={kind} {...props} kind={kind} />;
          }
        })}
      </div>
    </AdminPanel>
  );
}

interface MoveFormProps {
  order: Pick<AdminOrderView, "status" | "cancelEffect">;
  label: string;
  path: string;
}

/** What every status form posts besides its fields: the intent, the button, and the status the page showed. */
function MoveHiddenFields({ kind, status }: { kind: MoveKind; status: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={MOVE_INTENT} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="expectedStatus" value={status} />
    </>
  );
}

/** A move with nothing to fill in (paid, delivered): the button alone; the server checks it with its schema. */
function MoveButtonForm({ order, label, path, kind }: MoveFormProps & { kind: MoveKind }) {
  const busy = useIsPosting(path);
  return (
    <Form method="post">
      <MoveHiddenFields kind={kind} status={order.status} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** A status form with fields to fill in: on conform, its schema loaded on the first focus inside it. */
interface FieldsFormProps extends MoveFormProps {
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}

function ShipForm({ order, label, path, constraint, lastResult }: FieldsFormProps) {
  const busy = useIsPosting(path);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "mark-shipped",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/order-forms").then((module) => module.MoveFormSchemas["mark-shipped"]),
    constraint,
    lastResult,
  });
  return (
    <Form method="post" className="space-y-3 rounded-xl bg-sand-50 p-3" aria-label={label} {...getFormProps(form)}>
      {formEngine}
      <MoveHiddenFields kind="mark-shipped" status={order.status} />
      <TextField label="Carrier" field={fields.carrier} list="carriers" firstInvalid={firstInvalid} />
      <datalist id="carriers">
        {KNOWN_CARRIERS.map((carrier) => (
          <option key={carrier} value={carrier} />
        ))}
      </datalist>
      <TextField
        label="Tracking number"
        field={fields.trackingNumber}
        title="Letters and digits, with spaces or dashes between them"
        firstInvalid={firstInvalid}
      />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

function CancelForm({ order, label, path, constraint, lastResult }: FieldsFormProps) {
  const busy = useIsPosting(path);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "cancel",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/order-forms").then((module) => module.MoveFormSchemas.cancel),
    constraint,
    lastResult,
  });
  return (
    <Form method="post" className="space-y-3 rounded-xl bg-red-50 p-3" aria-label={label} {...getFormProps(form)}>
      {formEngine}
      <MoveHiddenFields kind="cancel" status={order.status} />
      <TextAreaField
        label="Reason for cancelling (the customer is told)"
        textareaProps={{
          ...getTextareaProps(fields.reason),
          rows: 2,
          autoFocus: firstInvalid === fields.reason.name,
        }}
        errors={fields.reason.errors}
        errorId={fields.reason.errorId}
      />
      {order.cancelEffect ? <p className="text-sm text-ink">{order.cancelEffect}</p> : null}
      <button type="submit" className="btn w-full bg-red-700 text-white hover:bg-red-800" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

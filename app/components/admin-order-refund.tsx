import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { CheckboxField, FormErrors, LineUnitsInput, TextAreaField, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { REFUND_INTENT, type AdminOrderView } from "~/modules/admin/order-view";
import { AdminPanel } from "./admin-panel";

/**
 * Refund part or all of a paid order (issue 40, decision 0043): units per line at what was paid for them, the
 * shipping, or an amount of the staff's own; a reason the customer is told. The card's refund goes through the queue
 * (decision 0033); a manual payment's is recorded as paid back by hand. The database checks it against what is left.
 */
export function AdminOrderRefund({
  order,
  constraint,
  lastResult,
  sendsMail,
}: {
  order: Pick<AdminOrderView, "id" | "refund" | "refunded">;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  sendsMail: boolean;
}) {
  const path = `/admin/orders/${order.id}`;
  const busy = useIsPosting(path);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "refund",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/order-forms").then((module) => module.RefundFormSchema),
    constraint,
    lastResult,
  });
  const refund = order.refund;
  if (!refund) return null;
  // What was typed, after a refused post without JavaScript (the lines are plain inputs).
  const typed = (lastResult?.initialValue as { lines?: { quantity?: string }[] } | null | undefined)?.lines;
  return (
    <AdminPanel id="refund-heading" title="Refund">
      <p className="mt-1 text-sm text-ink-muted">
        {refund.left} left to refund{order.refunded ? ` (${order.refunded.toLowerCase()})` : ""}.{" "}
        {refund.to === "card"
          ? "It goes back to the card through Stripe."
          : "Pay it back by hand; the shop records that you did."}{" "}
        {sendsMail ? "The customer is e-mailed." : "The shop sends no e-mail: the customer is not told."}
      </p>
      <Form method="post" className="mt-3 space-y-3" aria-label="Refund" {...getFormProps(form)}>
        {formEngine}
        <input type="hidden" name="intent" value={REFUND_INTENT} />
        <FormErrors id={form.errorId} errors={form.errors} className="rounded-lg px-3 py-2" />
        {refund.lines.length > 0 ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">Units to refund</legend>
            {refund.lines.map((line, index) => (
              <div key={line.itemId} className="flex items-center justify-between gap-3 text-sm">
                <input type="hidden" name={`lines[${index}].itemId`} value={line.itemId} />
                <label htmlFor={`refund-line-${index}`} className="text-ink">
                  {line.name}{" "}
                  <span className="text-ink-muted">
                    ({line.perUnit} each, {line.unitsLeft} left)
                  </span>
                </label>
                <LineUnitsInput
                  id={`refund-line-${index}`}
                  index={index}
                  unitsLeft={line.unitsLeft}
                  typed={typed?.[index]?.quantity}
                />
              </div>
            ))}
          </fieldset>
        ) : null}
        {refund.shippingLeft ? (
          <CheckboxField label={`And the shipping (${refund.shippingLeft})`} field={fields.shipping} />
        ) : null}
        <TextField
          label="Or an amount instead (dollars)"
          field={fields.amount}
          hint="Leave blank to refund the units and shipping ticked above."
          firstInvalid={firstInvalid}
        />
        <TextAreaField
          label="Reason (the customer is told)"
          textareaProps={{
            ...getTextareaProps(fields.reason),
            rows: 2,
            autoFocus: firstInvalid === fields.reason.name,
          }}
          errors={fields.reason.errors}
          errorId={fields.reason.errorId}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          Refund
        </button>
      </Form>
    </AdminPanel>
  );
}

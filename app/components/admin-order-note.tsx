import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { FormErrors, TextAreaField } from "~/components/form-field";
import { useIsPosting, useZodForm, type FormConstraint } from "~/forms/zod-form";
import { NOTE_INTENT, type AdminOrderView } from "~/modules/admin/order-view";
import { AdminPanel } from "./admin-panel";

/** The staff-only note on an order: saved as typed, removed when blank. */
export function AdminOrderNote({
  order,
  constraint,
  lastResult,
}: {
  order: Pick<AdminOrderView, "id" | "internalNote">;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPosting(`/admin/orders/${order.id}`);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "note",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/order-forms").then((module) => module.NoteFormSchema),
    constraint,
    lastResult,
    defaultValue: { note: order.internalNote },
  });
  return (
    <AdminPanel id="note-heading" title="Internal note">
      <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        {formEngine}
        <input type="hidden" name="intent" value={NOTE_INTENT} />
        <TextAreaField
          label="For staff only; the customer never sees it."
          textareaProps={{
            ...getTextareaProps(fields.note),
            rows: 3,
            autoFocus: firstInvalid === fields.note.name,
          }}
          errors={fields.note.errors}
          errorId={fields.note.errorId}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-outline" disabled={busy}>
          Save note
        </button>
      </Form>
    </AdminPanel>
  );
}

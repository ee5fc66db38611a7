import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { FormErrors, FormField, TextField } from "~/components/form-field";
import { useZodForm, type FormConstraint } from "~/forms/zod-form";
import { ALT_FIELD, PHOTO_ACCEPT, PHOTO_FIELD, UPLOAD_INTENT } from "~/modules/admin/photo-rules";
import { AdminPanel } from "./admin-panel";

/**
 * The upload form: the alt text first (so the server reads it even when it refuses the file, and the page keeps it),
 * then the file. A plain multipart post, with or without JavaScript.
 */
export function AdminPhotoUpload({
  version,
  constraint,
  lastResult,
  busy,
}: {
  version: number;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "photo-upload",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/photo-rules").then((module) => module.PhotoAltSchema),
    constraint,
    lastResult,
  });
  const photo = fields[PHOTO_FIELD];
  return (
    <AdminPanel id="upload-heading" title="Add a photo">
      <Form method="post" encType="multipart/form-data" className="mt-3 space-y-4" {...getFormProps(form)}>
        {formEngine}
        <input type="hidden" name="intent" value={UPLOAD_INTENT} />
        <input type="hidden" name="version" value={version} />
        <TextField
          label="Description (alt text)"
          field={fields[ALT_FIELD]}
          firstInvalid={firstInvalid}
          hint="What the photo shows, for shoppers who cannot see it: up to 200 characters."
        />
        <FormField
          label="Photo"
          inputProps={{
            ...getInputProps(photo, { type: "file" }),
            accept: PHOTO_ACCEPT,
            autoFocus: firstInvalid === photo.name,
            className: "file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-50 file:px-4",
          }}
          errors={photo.errors}
          errorId={photo.errorId}
          hint="JPEG, PNG, WebP or AVIF, at most 10 MB and 40 megapixels. The shop makes the sizes the storefront shows."
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Uploading…" : "Upload photo"}
        </button>
      </Form>
    </AdminPanel>
  );
}

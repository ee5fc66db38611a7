import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactElement, ReactNode } from "react";

import { FormErrors } from "./form-field";
import { NewPasswordFields } from "./password-field";

/**
 * A page whose one form sets an account's password, typed twice (a reset link's, a staff set-up link's): its card,
 * title and intro, the two fields, the server's refusal and the button. `children` are its hidden fields.
 */
export function NewPasswordForm<Schema extends Record<string, unknown>>({
  title,
  intro,
  action,
  form,
  password,
  confirmPassword,
  firstInvalid,
  engine,
  submitting,
  submitLabel,
  children,
}: {
  title: string;
  intro: ReactNode;
  action: string;
  /** useZodForm's four values. */
  form: FormMetadata<Schema, string[]>;
  password: FieldMetadata<string, Schema, string[]>;
  confirmPassword: FieldMetadata<string, Schema, string[]>;
  firstInvalid: string | undefined;
  engine: ReactElement | null;
  submitting: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl text-ink">{title}</h1>
        <p className="mt-2 text-sm text-ink-muted">{intro}</p>
        <Form method="post" action={action} className="mt-6" {...getFormProps(form)}>
          {engine}
          {children}
          {/* min-w-0: a fieldset is at least as wide as its content, and a button's label can be long for a phone. */}
          <fieldset disabled={submitting} className="min-w-0 space-y-4">
            <NewPasswordFields password={password} confirmPassword={confirmPassword} firstInvalid={firstInvalid} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn btn-primary w-full whitespace-normal text-center">
              {submitting ? "Saving..." : submitLabel}
            </button>
          </fieldset>
        </Form>
      </div>
    </div>
  );
}

import type { FieldMetadata } from "@conform-to/react";
import { useEffect, type ReactNode, type RefObject } from "react";

import { MIN_PASSWORD_LENGTH } from "~/backend/constants";
import { TextField } from "~/components/form-field";
import { PasswordInput } from "~/components/password-input";

/** A conform password field with its show/hide toggle: the password forms (new, repeated, current) share it. */
export function PasswordField<Schema extends Record<string, unknown>>({
  label,
  field,
  autoComplete,
  toggleLabel,
  firstInvalid,
  hint,
}: {
  label: string;
  field: FieldMetadata<string, Schema, string[]>;
  autoComplete: "current-password" | "new-password";
  toggleLabel: string;
  /** The form's first refused field (`useZodForm`): the cursor starts there when it is this one. */
  firstInvalid?: string;
  /** A short rule under the field (FormField links it with aria-describedby). */
  hint?: ReactNode;
}) {
  return (
    <TextField
      label={label}
      field={field}
      type="password"
      autoComplete={autoComplete}
      firstInvalid={firstInvalid}
      hint={hint}
      renderControl={(props) => <PasswordInput {...props} toggleLabel={toggleLabel} />}
    />
  );
}

/** A new password (its length rule under it) and its repetition, as the reset and change forms ask for them. */
export function NewPasswordFields<Schema extends Record<string, unknown>>({
  password,
  confirmPassword,
  firstInvalid,
}: {
  password: FieldMetadata<string, Schema, string[]>;
  confirmPassword: FieldMetadata<string, Schema, string[]>;
  firstInvalid?: string;
}) {
  return (
    <>
      <PasswordField
        label="New password"
        field={password}
        autoComplete="new-password"
        toggleLabel="Show new password"
        firstInvalid={firstInvalid}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <PasswordField
        label="Repeat new password"
        field={confirmPassword}
        autoComplete="new-password"
        toggleLabel="Show repeated password"
        firstInvalid={firstInvalid}
      />
    </>
  );
}

/**
 * Empties a form's password fields when the server refuses it: without JavaScript its page comes back with them
 * empty (the answer never holds a password); with it, the fields typed in stay in the DOM, so they are emptied here.
 */
export function usePasswordsClearedOnRefusal(
  formRef: RefObject<HTMLFormElement>,
  lastResult: { status?: string } | undefined,
  names: readonly string[],
) {
  const fields = names.join(" ");
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    for (const name of fields.split(" ")) {
      const input = formRef.current?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [formRef, lastResult, fields]);
}

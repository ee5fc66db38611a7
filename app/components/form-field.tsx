import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

import { XCircle } from "~/components/icons";

type InputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };

export interface FormFieldProps {
  label: ReactNode;
  /** Spread onto the control: conform's `getInputProps(...)` or plain attributes. Needs an id. */
  inputProps: InputProps;
  /** Messages for this field; when present the control is marked invalid and described by them. */
  errors?: readonly string[] | null;
  /** Defaults to `${id}-error`; pass conform's `field.errorId` when using conform. */
  errorId?: string;
  /** A short help text under the control, also linked with aria-describedby. */
  hint?: ReactNode;
  /** Draws the control instead of a plain `<input>` (e.g. PasswordInput); receives the final props. */
  renderControl?: (props: InputHTMLAttributes<HTMLInputElement> & { id: string }) => ReactNode;
  className?: string;
}

/**
 * A labelled input with its error and hint wired for assistive technology (aria-invalid, aria-describedby).
 * A control in error is drawn in red with a thicker border (the `input` style reads aria-invalid), so it does
 * not rely on colour alone; pass `autoFocus` for the first field in error (useZodForm's third value).
 */
export function FormField({ label, inputProps, errors, errorId, hint, renderControl, className }: FormFieldProps) {
  // conform may hand out a React key; it must not be spread as a prop.
  const { key: _key, ...props } = inputProps;
  const { describedBy, messages } = fieldMessages(props.id, { errors, errorId, hint });
  const controlProps = { ...props, ...describedBy };
  return (
    <div className={className}>
      <FieldLabel htmlFor={props.id}>{label}</FieldLabel>
      {renderControl ? (
        renderControl(controlProps)
      ) : (
        <input {...controlProps} className={`input ${props.className ?? ""}`} />
      )}
      {messages}
    </div>
  );
}

/**
 * A conform field drawn as a FormField: conform's attributes, the field's errors, and the cursor on it when it is the
 * first one the server refused (`firstInvalid`, useZodForm's third value). Other attributes go onto the input.
 */
export function TextField<Value, FormSchema extends Record<string, unknown>>({
  label,
  field,
  type = "text",
  firstInvalid,
  hint,
  renderControl,
  className,
  ...attributes
}: {
  label: ReactNode;
  field: FieldMetadata<Value, FormSchema, string[]>;
  type?: "text" | "email" | "tel" | "password";
  firstInvalid?: string;
} & Pick<FormFieldProps, "hint" | "renderControl" | "className"> &
  Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "placeholder" | "list" | "title">) {
  return (
    <FormField
      label={label}
      className={className}
      hint={hint}
      renderControl={renderControl}
      inputProps={{ ...getInputProps(field, { type }), ...attributes, autoFocus: field.name === firstInvalid }}
      errors={field.errors}
      errorId={field.errorId}
    />
  );
}

/** A conform field drawn as a labelled select, with its errors. */
export function SelectField<Value, FormSchema extends Record<string, unknown>>({
  label,
  field,
  options,
  firstInvalid,
  className,
}: {
  label: ReactNode;
  field: FieldMetadata<Value, FormSchema, string[]>;
  options: ReadonlyArray<{ value: string; label: string }>;
  firstInvalid?: string;
  className?: string;
}) {
  return (
    <FormField
      label={label}
      className={className}
      inputProps={{ id: field.id }}
      errors={field.errors}
      errorId={field.errorId}
      renderControl={({ id, ...described }) => {
        const { key: _key, ...selectProps } = getSelectProps(field);
        return (
          <select
            {...selectProps}
            id={id}
            aria-invalid={described["aria-invalid"]}
            aria-describedby={described["aria-describedby"]}
            // The first field the server refused, as TextField does (no JavaScript: the browser puts the cursor there).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={field.name === firstInvalid}
            className="input"
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        );
      }}
    />
  );
}

/** A conform checkbox with its label beside it (the whole row is the touch target) and its errors. */
export function CheckboxField<Value, FormSchema extends Record<string, unknown>>({
  label,
  field,
  className = "",
}: {
  label: ReactNode;
  field: FieldMetadata<Value, FormSchema, string[]>;
  className?: string;
}) {
  const { key: _key, ...props } = getInputProps(field, { type: "checkbox" });
  const { describedBy, messages } = fieldMessages(field.id, { errors: field.errors, errorId: field.errorId });
  return (
    <div className={className}>
      <label htmlFor={field.id} className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
        <input {...props} {...describedBy} className="border-sand-300 size-5 rounded text-brand-600" />
        {label}
      </label>
      {messages}
    </div>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; key?: string };

/** FormField's textarea: conform's `getTextareaProps(...)` (or plain attributes), with its label, hint and errors. */
export function TextAreaField({
  label,
  textareaProps,
  errors,
  errorId,
  hint,
  className,
}: Omit<FormFieldProps, "inputProps" | "renderControl"> & { textareaProps: TextAreaProps }) {
  const { key: _key, ...props } = textareaProps;
  const { describedBy, messages } = fieldMessages(props.id, { errors, errorId, hint });
  return (
    <div className={className}>
      <FieldLabel htmlFor={props.id}>{label}</FieldLabel>
      <textarea {...props} {...describedBy} className={`input ${props.className ?? ""}`} />
      {messages}
    </div>
  );
}

function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-ink">
      {children}
    </label>
  );
}

/** A control's hint and errors, and the attributes that tie them to it. */
function fieldMessages(
  id: string,
  { errors, errorId, hint }: Pick<FormFieldProps, "errors" | "errorId" | "hint">,
): { describedBy: { "aria-invalid"?: true; "aria-describedby"?: string }; messages: ReactNode } {
  const resolvedErrorId = errorId ?? `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  // One line per message: a value can break two rules that say the same (a tracking number's length and letters).
  const unique = [...new Set(errors ?? [])];
  const hasErrors = unique.length > 0;
  const describedBy = [hintId, hasErrors ? resolvedErrorId : undefined].filter(Boolean).join(" ") || undefined;
  return {
    describedBy: { "aria-invalid": hasErrors || undefined, "aria-describedby": describedBy },
    messages: (
      <>
        {hint ? (
          <p id={hintId} className="mt-1 text-xs text-ink-muted">
            {hint}
          </p>
        ) : null}
        {hasErrors ? (
          <ul id={resolvedErrorId} className="mt-1 space-y-0.5 text-sm font-medium text-red-700">
            {unique.map((error) => (
              <li key={error} className="flex items-start gap-1">
                <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
                {error}
              </li>
            ))}
          </ul>
        ) : null}
      </>
    ),
  };
}

/**
 * How many units of an order's line (the refund's and the return's forms): a number from 0 to what is left, posted
 * as `lines[index].quantity` beside the line's hidden item id, and kept as typed after a refusal.
 */
export function LineUnitsInput({
  id,
  index,
  unitsLeft,
  typed,
}: {
  id: string;
  index: number;
  unitsLeft: number;
  typed: string | undefined;
}) {
  return (
    <input
      id={id}
      name={`lines[${index}].quantity`}
      type="number"
      inputMode="numeric"
      min={0}
      max={unitsLeft}
      defaultValue={typed ?? "0"}
      className="input min-h-11 w-20"
    />
  );
}

/** The messages for the whole form (conform's `form.errors`, e.g. the backend's refusal), announced when they appear. */
export function FormErrors({
  id,
  errors,
  className = "rounded-lg p-3",
}: {
  id: string;
  errors: readonly string[] | undefined;
  className?: string;
}) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className={`border border-red-300 bg-red-50 text-sm text-red-800 ${className}`}>
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

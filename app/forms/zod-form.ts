import type { FormMetadata, SubmissionResult, useForm } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { createElement, useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from "react";
import type { z } from "zod";

import type { FormConstraint, FormEngine, FormEngineProps } from "./form-engine";

type FormOptions<Schema extends z.ZodTypeAny> = Parameters<typeof useForm<z.input<Schema>, string[]>>[0];
export type { FormConstraint };
type FormState<Schema extends z.ZodTypeAny> = ReturnType<typeof useForm<z.input<Schema>, string[]>>;

/**
 * A conform form validated by one zod schema, the same in the browser and in the action, with the shop's timing:
 * a field is checked when the shopper leaves it, then again as they correct it.
 *
 * conform (~10 KB gzip), zod and the schema (~14 KB) are none of what a shopper reading the page needs, and they
 * would take a form page's first load over its 100 KB budget (docs/performance.md, item 12; decision 0023). So they
 * load on the first focus inside the form. Until then the form is plain HTML with the server's view of it: the
 * schema's rules as attributes (`constraint`, from the loader), and what the last answer refused, with the same ids
 * and attributes conform gives (`getFormProps`/`getInputProps` work on both). Once they arrive, the returned
 * `engine` element (render it anywhere in the route) runs conform's `useForm`, and its state replaces the plain one
 * without remounting a field, so nothing typed or focused is lost. A field left before that is checked when they
 * arrive; a submission sent before that is checked by the server, with the same schema.
 *
 * Pass `loadSchema: import.meta.env.SSR ? undefined : () => import(...)`: the server renders the form but never loads
 * the schema this way (its action imports the module), and a dynamic import of a module that is also imported
 * statically is a build warning. The client build keeps only the import.
 */
export function useZodForm<Schema extends z.ZodTypeAny>({
  id,
  loadSchema,
  constraint,
  lastResult,
  defaultValue,
}: {
  id: string;
  /** Browser only: undefined on the server. */
  loadSchema: (() => Promise<Schema>) | undefined;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: FormOptions<Schema>["defaultValue"];
}) {
  const loadSchemaOnce = useRef(loadSchema);
  // conform reads the default values once; a caller's new object with the same values must not restart the engine.
  const initialValues = useStableValue(defaultValue);
  const [loaded, setLoaded] = useState<{ id: string; schema: Schema; Engine: typeof FormEngine } | null>(null);
  const [running, setRunning] = useState<{ id: string; state: FormState<Schema> } | null>(null);
  // Fields left before conform arrived (a slow network), checked as soon as it does; null once it has.
  const leftEarly = useRef<Set<string> | null>(new Set());

  useEffect(() => {
    const element = document.getElementById(id);
    if (!element) return;
    leftEarly.current = new Set();
    let loading = false;
    const load = () => {
      const loadSchema = loadSchemaOnce.current;
      if (loading || !loadSchema) return;
      loading = true;
      Promise.all([loadSchema(), import("./form-engine")])
        .then(([schema, { FormEngine }]) => setLoaded({ id, schema, Engine: FormEngine }))
        // Offline, or a new release replaced the file: the server still checks every submission; retry on next focus.
        .catch(() => (loading = false));
    };
    const noteLeft = (event: FocusEvent) => {
      const name = (event.target as Partial<HTMLInputElement> | null)?.name;
      if (name) leftEarly.current?.add(name);
    };
    element.addEventListener("focusin", load);
    element.addEventListener("focusout", noteLeft);
    return () => {
      element.removeEventListener("focusin", load);
      element.removeEventListener("focusout", noteLeft);
    };
  }, [id]);

  const plain = useMemo(
    () => plainFormState<Schema>(id, constraint, lastResult, initialValues),
    [id, constraint, lastResult, initialValues],
  );
  const publish = useCallback((state: FormState<Schema>) => setRunning({ id, state }), [id]);
  const engine: ReactElement | null =
    loaded && loaded.id === id
      ? createElement(loaded.Engine as (props: FormEngineProps<Schema>) => null, {
          key: id,
          id,
          schema: loaded.schema,
          constraint,
          lastResult,
          defaultValue: initialValues,
          publish,
        })
      : null;
  const [form, fields] = engine && running?.id === id ? running.state : plain;

  // Once the form carries conform's props (a validation is a submit event its onSubmit must catch), check the
  // fields left before it arrived.
  const conformForm = engine && running?.id === id ? running.state[0] : null;
  useEffect(() => {
    if (!conformForm || !leftEarly.current) return;
    for (const name of leftEarly.current) conformForm.validate({ name });
    leftEarly.current = null;
  }, [conformForm]);

  const firstInvalid = firstInvalidField(lastResult);
  // With JavaScript the page is not reloaded, so `autoFocus` does nothing: move the cursor to the field the
  // server refused (one the browser could not check, such as a wrong current password), once per answer, when
  // the form is enabled again (it is disabled while the post and its revalidation run).
  const idle = useNavigation().state === "idle";
  const focusedFor = useRef(lastResult);
  useEffect(() => {
    if (!idle || !firstInvalid || focusedFor.current === lastResult) return;
    focusedFor.current = lastResult;
    const field = document.forms.namedItem(id)?.elements.namedItem(firstInvalid);
    if (field instanceof HTMLElement) field.focus();
  }, [id, idle, firstInvalid, lastResult]);

  return [form, fields, firstInvalid, engine] as const;
}

/**
 * The schema's rules without `maxLength`: a browser cuts typed or pasted text at `maxlength` without a word, so the
 * page leaves the length to the schema, which refuses it with the field's own message and keeps what was typed.
 */
export function withoutMaxLength(constraint: FormConstraint): FormConstraint {
  return Object.fromEntries(Object.entries(constraint).map(([name, { maxLength: _cut, ...rules }]) => [name, rules]));
}

/** `value`, or the previous one while it has the same JSON. */
function useStableValue<T>(value: T): T {
  const kept = useRef(value);
  if (JSON.stringify(kept.current) !== JSON.stringify(value)) kept.current = value;
  return kept.current;
}

/**
 * The form as conform describes it (ids, errors, initial values, constraints), from what the server said, for the
 * page before conform runs: the same shape and values `useForm` starts from, so the hand-over changes nothing.
 * conform does not document that shape: framework/internals.test.tsx compares the two.
 */
export function plainFormState<Schema extends z.ZodTypeAny>(
  formId: string,
  constraint: FormConstraint,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: FormOptions<Schema>["defaultValue"],
): FormState<Schema> {
  const errors = lastResult?.status === "error" ? (lastResult.error ?? {}) : {};
  const initialValue = (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>;
  const metadata = (name: string): Record<string, unknown> => {
    const id = name ? `${formId}-${name}` : formId;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name] ?? undefined,
      valid: !errors[name]?.length,
      initialValue: valueAt(initialValue, name),
      // A list's rules are its items' ("variants[].sku"), as conform reads them.
      ...constraint[name.replace(/\[\d+\]/g, "[]")],
      // Lists and objects (`variants[0].sku`), as conform's field metadata offers them.
      getFieldList: () => {
        const items = valueAt(initialValue, name);
        return (Array.isArray(items) ? items : []).map((_, index) => metadata(`${name}[${index}]`));
      },
      getFieldset: () => fieldset(name),
    };
  };
  const fieldset = (prefix: string) =>
    new Proxy({} as Record<string, unknown>, {
      get: (_, key) => (typeof key === "string" ? metadata(prefix ? `${prefix}.${key}` : key) : undefined),
    });
  // noValidate as conform renders it: the server checks and answers every field at once, with or without JavaScript.
  // The form's own metadata, as conform's: valid only when no field is refused; its initial value is every field's.
  const valid = Object.values(errors).every((messages) => !messages?.length);
  // A list's buttons (add, remove, move an item) as conform's: a submit the server applies to what was typed.
  const listButton = (type: "insert" | "remove" | "reorder") => ({
    getButtonProps: (payload: object) => ({
      name: CONFORM_INTENT,
      value: JSON.stringify({ type, payload }),
      form: formId,
      formNoValidate: true,
    }),
  });
  const form = {
    ...metadata(""),
    formId: undefined,
    initialValue,
    valid,
    noValidate: true,
    onSubmit: undefined,
    insert: listButton("insert"),
    remove: listButton("remove"),
    reorder: listButton("reorder"),
  };
  return [
    form as unknown as FormMetadata<z.input<Schema>, string[]>,
    fieldset("") as FormState<Schema>[1],
  ] as FormState<Schema>;
}

/** The field conform's list buttons send their intent in. */
const CONFORM_INTENT = "__intent__";

/** The value at a conform field name ("variants[1].sku") in a form's nested value. */
function valueAt(value: unknown, name: string): unknown {
  if (!name) return value;
  let current = value;
  for (const segment of name.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== "")) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * The field to focus in a page the server answered with errors: the first one it refused, in the schema's
 * order (which our forms follow on screen). Rendered as `autoFocus`, so that without JavaScript the browser
 * puts the cursor there; with JavaScript conform moves focus itself.
 */
export function firstInvalidField(lastResult: SubmissionResult<string[]> | null | undefined): string | undefined {
  if (lastResult?.status !== "error" || !lastResult.error) return undefined;
  return Object.entries(lastResult.error).find(([name, messages]) => name !== "" && messages?.length)?.[0];
}

/** Whether a form post to `path` (its query string aside) is on its way: for pending labels and disabled fields. */
export function useIsPosting(path: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.split("?")[0] === path
  );
}

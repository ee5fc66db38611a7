import { parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";

type FormOptions<Schema extends z.ZodTypeAny> = Parameters<typeof useForm<z.input<Schema>, string[]>>[0];
/** A schema's rules as HTML attributes (required, minLength, maxLength, pattern): `getZodConstraint` in the loader. */
export type FormConstraint = NonNullable<FormOptions<z.ZodTypeAny>["constraint"]>;

/**
 * A conform form validated by one zod schema, the same in the browser and in the action, with the shop's timing:
 * a field is checked when the shopper leaves it, then again as they correct it.
 *
 * zod and its conform adapter are ~14 KB gzip of a form page's first load (docs/performance.md, item 12), and a
 * shopper reading the page needs none of it: the schema loads on the first focus inside the form. The page renders
 * with the schema's rules as attributes (`constraint`, from the loader); a field left before the schema arrived is
 * checked when it does, and a submission sent before that is checked by the server, with the same schema.
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
  const validate = useRef<((formData: FormData) => Submission<z.input<Schema>, string[]>) | null>(null);
  const loadSchemaOnce = useRef(loadSchema);
  const [form, fields] = useForm<z.input<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint,
    onValidate: ({ formData }) =>
      validate.current?.(formData) ?? parse(formData, { resolve: (value) => ({ value: value as z.input<Schema> }) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const latestForm = useRef(form);
  latestForm.current = form;

  useEffect(() => {
    const element = document.getElementById(id);
    if (!element) return;
    // Fields left before the schema arrived (a slow network), checked as soon as it does.
    const leftEarly = new Set<string>();
    let loading = false;
    const load = () => {
      const loadSchema = loadSchemaOnce.current;
      if (loading || validate.current || !loadSchema) return;
      loading = true;
      Promise.all([loadSchema(), import("@conform-to/zod/v3")])
        .then(([schema, { parseWithZod }]) => {
          validate.current = (formData) => parseWithZod(formData, { schema });
          for (const name of leftEarly) latestForm.current.validate({ name });
        })
        // Offline, or a new release replaced the file: the server still checks every submission; retry on next focus.
        .catch(() => (loading = false));
    };
    const noteLeft = (event: FocusEvent) => {
      const name = (event.target as Partial<HTMLInputElement> | null)?.name;
      if (!validate.current && name) leftEarly.add(name);
    };
    element.addEventListener("focusin", load);
    element.addEventListener("focusout", noteLeft);
    return () => {
      element.removeEventListener("focusin", load);
      element.removeEventListener("focusout", noteLeft);
    };
  }, [id]);

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

  return [form, fields, firstInvalid] as const;
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
  return navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.split("?")[0] === path;
}

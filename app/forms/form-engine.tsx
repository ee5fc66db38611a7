import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v3";
import { memo, useLayoutEffect } from "react";
import type { z } from "zod";

/** A schema's rules as HTML attributes (required, minLength, maxLength, pattern): `getZodConstraint` in the loader. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

export interface FormEngineProps<Schema extends z.ZodTypeAny> {
  id: string;
  schema: Schema;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue: Parameters<typeof useForm<z.input<Schema>, string[]>>[0]["defaultValue"];
  /** Receives conform's form and fields after each render of this component. */
  publish: (state: ReturnType<typeof useForm<z.input<Schema>, string[]>>) => void;
}

/**
 * conform's `useForm` for `useZodForm` (app/forms/zod-form.ts), loaded on the first focus inside the form. It renders
 * nothing: the form's own component renders the fields with the state published here. Memoised, so it renders
 * again only when conform's state or the server's answer changes, not each time the form re-renders.
 */
export const FormEngine = memo(function FormEngine<Schema extends z.ZodTypeAny>({
  id,
  schema,
  constraint,
  lastResult,
  defaultValue,
  publish,
}: FormEngineProps<Schema>) {
  const state = useForm<z.input<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Before paint, so the form never shows a frame of the plain state after conform's.
  useLayoutEffect(() => publish(state));
  return null;
}) as <Schema extends z.ZodTypeAny>(props: FormEngineProps<Schema>) => null;

import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import type { z } from "zod";

type FormOptions<Schema extends z.ZodTypeAny> = Parameters<typeof useForm<z.input<Schema>, string[]>>[0];

/**
 * A conform form validated by one zod schema, the same in the browser and in the action, with the shop's timing:
 * a field is checked when the shopper leaves it, then again as they correct it.
 */
export function useZodForm<Schema extends z.ZodTypeAny>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: FormOptions<Schema>["defaultValue"];
}) {
  return useForm<z.input<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

/** Whether a form post to `path` (its query string aside) is on its way: for pending labels and disabled fields. */
export function useIsPosting(path: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.split("?")[0] === path;
}

import { z } from "zod";

/**
 * Characters no one types into a form: control characters (tab, line feed and carriage return aside), of which a
 * NUL cannot even be stored in PostgreSQL, and U+FFFD, what a browser shows in place of a NUL in a re-rendered
 * field (and sends back if the shopper does not retype it).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g;

export const CONTROL_CHARACTER_MESSAGE = "This contains a character that can't be used here. Please retype it.";

/** Said of a field the request sent more than once (`email=a&email=b`): no form of ours does, only a crafted post. */
export const REPEATED_FIELD_MESSAGE = "This field was sent more than once. Please send it once.";

/**
 * Every form schema goes through this: a field whose text holds a control character gets CONTROL_CHARACTER_MESSAGE
 * as its own error, alongside whatever else the schema says about the form, so the form is answered with 400 and
 * re-rendered with everything typed instead of the text reaching the database (decision 0005). The schema then
 * checks that field without the characters (one message for it, not also "not a valid address"); the submission
 * has failed by then, so the stripped text goes nowhere. Its input and output types stay the schema's own.
 *
 * A field sent more than once (conform parses it as an array) is refused the same way, with REPEATED_FIELD_MESSAGE
 * instead of zod's "Expected string, received array", and its first value is checked and re-rendered.
 */
export function refusingControlCharacters<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess((fields, context) => {
    if (!fields || typeof fields !== "object") return fields;
    const record = fields as Record<string, unknown>;
    for (const [name, value] of Object.entries(record)) {
      // Only a plain name sent twice: `items[0].price` parses to an array of objects, a field no form of ours has.
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string" || item instanceof File)) continue;
      context.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: REPEATED_FIELD_MESSAGE });
      // In place: this is the object conform's reply() re-renders the form from, so the field shows the first value.
      record[name] = value[0];
    }
    return withoutControlCharacters(record, [], context);
  }, schema) as z.ZodEffects<Schema, z.output<Schema>, z.input<Schema>>;
}

/** The value with control characters taken out of every string, lists' and objects' too, each one refused. */
function withoutControlCharacters(value: unknown, path: Array<string | number>, context: z.RefinementCtx): unknown {
  if (typeof value === "string") {
    const cleaned = value.replace(CONTROL_CHARACTERS, "");
    if (cleaned !== value) context.addIssue({ code: z.ZodIssueCode.custom, path, message: CONTROL_CHARACTER_MESSAGE });
    return cleaned;
  }
  if (Array.isArray(value))
    return value.map((item, index) => withoutControlCharacters(item, [...path, index], context));
  if (value && typeof value === "object" && !(value instanceof File))
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, withoutControlCharacters(item, [...path, name], context)]),
    );
  return value;
}

/**
 * The named fields of a form, as a schema wrapped in refusingControlCharacters wants them from a form that is not
 * read by conform: a field sent more than once is an array (refused with REPEATED_FIELD_MESSAGE), an absent or empty
 * one is left out.
 */
export function formFields(formData: FormData, names: readonly string[]): Record<string, string | string[]> {
  return Object.fromEntries(
    names.flatMap((name): [string, string | string[]][] => {
      const values = formData.getAll(name).filter((value): value is string => typeof value === "string");
      if (values.length > 1) return [[name, values]];
      return values[0] ? [[name, values[0]]] : [];
    }),
  );
}

/** The message of a field sent twice, if that is among a failed parse's problems: it says what is wrong first. */
export function repeatedFieldProblem(issues: readonly z.ZodIssue[]): string | undefined {
  return issues.find((issue) => issue.message === REPEATED_FIELD_MESSAGE)?.message;
}

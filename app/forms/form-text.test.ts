import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { CONTROL_CHARACTER_MESSAGE, refusingControlCharacters, REPEATED_FIELD_MESSAGE } from "~/forms/form-text";

const schema = refusingControlCharacters(
  z.object({
    name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required"),
    note: z.string().optional(),
  }),
);

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

describe("refusingControlCharacters", () => {
  it.each(["\u0000", "\u0007", "\u001b[31m", "\u007f", "\u000b", "\ufffd"])(
    "refuses %j in a field, with that field's message",
    (character) => {
      const submission = parseWithZod(form({ name: `Ada${character}`, note: "fine" }), { schema });
      expect(submission.status).toBe("error");
      const reply = submission.reply();
      expect(reply.error).toEqual({ name: [CONTROL_CHARACTER_MESSAGE] });
      // What was typed goes back to the form as it was sent.
      expect(reply.initialValue).toEqual({ name: `Ada${character}`, note: "fine" });
    },
  );

  it("says so beside the schema's own messages for the other fields", () => {
    const submission = parseWithZod(form({ name: "", note: "a\u0000b" }), { schema });
    expect(submission.reply().error).toEqual({ name: ["Name is required"], note: [CONTROL_CHARACTER_MESSAGE] });
  });

  it("checks the rest of that field without the character: one message for it", () => {
    const email = refusingControlCharacters(z.object({ email: z.string().email("Not an address") }));
    expect(parseWithZod(form({ email: "ada\u0000@example.com" }), { schema: email }).reply().error).toEqual({
      email: [CONTROL_CHARACTER_MESSAGE],
    });
    expect(parseWithZod(form({ email: "ada\u0000" }), { schema: email }).reply().error).toEqual({
      email: [CONTROL_CHARACTER_MESSAGE, "Not an address"],
    });
  });

  it("accepts tab, line feed and carriage return, and text in any script", () => {
    const submission = parseWithZod(form({ name: "Zoë 李", note: "line\r\nnext\ttab" }), { schema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ name: "Zoë 李", note: "line\r\nnext\ttab" });
  });

  it("refuses a field sent twice with its own message, checks and re-renders the first value", () => {
    const formData = form({ name: "Ada", note: "fine" });
    formData.append("name", "Grace");
    const submission = parseWithZod(formData, { schema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ name: [REPEATED_FIELD_MESSAGE] });
    expect(reply.initialValue).toEqual({ name: "Ada", note: "fine" });
  });

  it("says so beside the first value's own problems", () => {
    const formData = form({ name: "", note: "a\u0000b" });
    formData.append("name", "Grace");
    formData.append("note", "c");
    expect(parseWithZod(formData, { schema }).reply().error).toEqual({
      name: [REPEATED_FIELD_MESSAGE, "Name is required"],
      note: [REPEATED_FIELD_MESSAGE, CONTROL_CHARACTER_MESSAGE],
    });
  });

  it("keeps the schema's rules as HTML constraints", () => {
    expect(getZodConstraint(schema)).toEqual({ name: { required: true, minLength: 1 }, note: { required: false } });
  });

  it("works the same outside conform (safeParse of a plain object)", () => {
    const result = schema.safeParse({ name: "x\u0000" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["name"], CONTROL_CHARACTER_MESSAGE],
    ]);
  });
});

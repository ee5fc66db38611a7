import { parseWithZod } from "@conform-to/zod/v3";
import { describe, expect, it } from "vitest";

import { ReturnFormSchema, returnRequestOf } from "./return-form";

const item = "6f1c2b5e-4d3a-4b2c-9e1f-0a1b2c3d4e5f";
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: ReturnFormSchema });
};

describe("the return form", () => {
  it("asks for units of at least one line and a reason", () => {
    const submission = form({ kind: "return", "lines[0].itemId": item, "lines[0].quantity": "0", reason: " " });
    if (submission.status === "success") throw new Error("expected a refusal");
    expect(submission.error?.[""]).toEqual(["Choose at least one item and how many."]);
    expect(submission.error?.reason).toEqual(["Tell us why."]);
  });

  it("asks an exchange for the variant wanted of each line it returns", () => {
    const submission = form({ kind: "exchange", "lines[0].itemId": item, "lines[0].quantity": "1", reason: "Shade" });
    if (submission.status === "success") throw new Error("expected a refusal");
    expect(submission.error?.["lines[0].variantId"]).toEqual(["Choose the variant you want instead."]);
  });

  it("sends the lines with units, and a return without variants", () => {
    const submission = form({
      kind: "return",
      "lines[0].itemId": item,
      "lines[0].quantity": "2",
      "lines[0].variantId": "clip-2",
      reason: "Too long",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(returnRequestOf(submission.value)).toEqual({
      kind: "return",
      reason: "Too long",
      lines: [{ itemId: item, quantity: 2 }],
    });
  });
});

import { z } from "zod";

import type { ReturnLineInput } from "~/backend/ports/returns";
import { refusingControlCharacters } from "~/forms/form-text";
import type { ReturnKind } from "~/modules/orders/lifecycle";

// The shopper's return or exchange form (issue 40, decision 0047): units per line (each line's item id hidden beside
// its count), return or exchange (and for an exchange each line's variant wanted), a reason. One schema, used by
// conform on both sides; the database checks each line against what was delivered and asked before.

export const RETURN_REASON_MAX_LENGTH = 500;

export const ReturnFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z
    .object({
      kind: z.enum(["return", "exchange"], { errorMap: () => ({ message: "Choose a return or an exchange." }) }),
      lines: z
        .array(
          z.object({
            itemId: z.string().uuid("That line is not part of this order."),
            quantity: z.coerce
              .number({ invalid_type_error: "Enter a number of units." })
              .int("Enter a whole number of units.")
              .min(0, "Enter a number of units.")
              .max(99, "Enter a number of units.")
              .default(0),
            variantId: z.string().trim().max(64).optional(),
          }),
        )
        .max(50)
        .default([]),
      reason: z
        .string({ required_error: "Tell us why." })
        .trim()
        .min(1, "Tell us why.")
        .max(RETURN_REASON_MAX_LENGTH, `The reason can have at most ${RETURN_REASON_MAX_LENGTH} characters.`),
    })
    .superRefine((value, context) => {
      if (!value.lines.some((line) => line.quantity > 0)) {
        context.addIssue({ code: "custom", message: "Choose at least one item and how many." });
      }
      if (value.kind !== "exchange") return;
      value.lines.forEach((line, index) => {
        if (line.quantity > 0 && !line.variantId) {
          context.addIssue({
            code: "custom",
            path: ["lines", index, "variantId"],
            message: "Choose the variant you want instead.",
          });
        }
      });
    }),
);

export type ReturnFormValue = z.output<typeof ReturnFormSchema>;

/** The request a valid form asks for: the lines with units, and an exchange's variants. */
export function returnRequestOf(value: ReturnFormValue): {
  kind: ReturnKind;
  lines: ReturnLineInput[];
  reason: string;
} {
  return {
    kind: value.kind,
    reason: value.reason,
    lines: value.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        itemId: line.itemId,
        quantity: line.quantity,
        ...(value.kind === "exchange" ? { variantId: line.variantId ?? null } : {}),
      })),
  };
}

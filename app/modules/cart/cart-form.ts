import { z } from "zod";

import { formFields, refusingControlCharacters, repeatedFieldProblem } from "~/forms/form-text";
import type { CartChange } from "~/modules/cart/cart";
import { PRODUCT_ID_MAX_LENGTH } from "~/modules/catalog/product";

const productId = z.string().trim().min(1).max(PRODUCT_ID_MAX_LENGTH);
// Whole decimal numbers only: z.coerce.number would also take "0x10", "1e3" or " " (as 16, 1000, 0).
// The bounds keep absurd values out before any arithmetic.
const quantityText = z
  .string()
  .trim()
  .regex(/^[+-]?(\d+\.?\d*|\.\d+)$/, "Quantity must be a number.")
  .regex(/^[+-]?\d+$/, "Quantity must be a whole number.")
  .transform(Number);
const quantity = (bounds: z.ZodNumber) => quantityText.pipe(bounds);

/** The cart endpoint's form contract, one schema per intent (STYLE: multi-action endpoints switch on a named intent). */
export const cartFormSchema = refusingControlCharacters(
  z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("add"),
      productId,
      quantity: quantity(
        z.number().min(1, "Quantity must be at least 1.").max(999, "Quantity must be 999 or less."),
      ).default("1"),
    }),
    z.object({
      intent: z.literal("set"),
      productId,
      quantity: quantity(
        z.number().min(-999, "Quantity must be -999 or more.").max(999, "Quantity must be 999 or less."),
      ),
    }),
    z.object({ intent: z.literal("remove"), productId }),
    z.object({ intent: z.literal("clear") }),
  ]),
);

/** A validated change, or the first problem as a message for the shopper. */
export function parseCartForm(formData: FormData): { change: CartChange } | { error: string; unknownIntent: boolean } {
  const parsed = cartFormSchema.safeParse(formFields(formData, ["intent", "productId", "quantity"]));
  if (parsed.success) return { change: parsed.data };
  const repeated = repeatedFieldProblem(parsed.error.issues);
  const unknownIntent = !repeated && parsed.error.issues.some((issue) => issue.code === "invalid_union_discriminator");
  return {
    error:
      repeated ?? (unknownIntent ? "Unknown cart action." : (parsed.error.issues[0]?.message ?? "Invalid request.")),
    unknownIntent,
  };
}

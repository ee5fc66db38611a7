import { z } from "zod";
import type { CartChange } from "~/modules/cart/cart";

const productId = z.string().trim().min(1).max(64);
// Whole numbers only; the bounds keep absurd values out before any arithmetic.
const quantity = z.coerce.number({ invalid_type_error: "Quantity must be a number." }).int("Quantity must be a whole number.");

/** The cart endpoint's form contract, one schema per intent (STYLE: multi-action endpoints switch on a named intent). */
export const cartFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, quantity: quantity.min(1, "Quantity must be at least 1.").max(999).default(1) }),
  z.object({ intent: z.literal("set"), productId, quantity: quantity.min(-999).max(999) }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("clear") }),
]);

/** A validated change, or the first problem as a message for the shopper. */
export function parseCartForm(formData: FormData): { change: CartChange } | { error: string; unknownIntent: boolean } {
  const raw = Object.fromEntries(
    ["intent", "productId", "quantity"].flatMap((key) => {
      const value = formData.get(key);
      return typeof value === "string" && value !== "" ? [[key, value]] : [];
    }),
  );
  const parsed = cartFormSchema.safeParse(raw);
  if (parsed.success) return { change: parsed.data };
  const unknownIntent = parsed.error.issues.some((issue) => issue.code === "invalid_union_discriminator");
  return { error: unknownIntent ? "Unknown cart action." : (parsed.error.issues[0]?.message ?? "Invalid request."), unknownIntent };
}

import { z } from "zod";

import { formFields, refusingControlCharacters, repeatedFieldProblem } from "~/forms/form-text";
import { PRODUCT_ID_MAX_LENGTH } from "~/modules/catalog/product";
import type { WishlistChange } from "~/modules/wishlist/wishlist";

/** The wishlist endpoint's form contract. The heart sends add/remove (what the shopper saw), so a repeat is harmless. */
export const wishlistFormSchema = refusingControlCharacters(
  z.object({
    intent: z.enum(["toggle", "add", "remove"]),
    productId: z.string().trim().min(1).max(PRODUCT_ID_MAX_LENGTH),
  }),
);

/** A validated change, or a message for the shopper. */
export function parseWishlistForm(formData: FormData): { change: WishlistChange } | { error: string } {
  const parsed = wishlistFormSchema.safeParse(formFields(formData, ["intent", "productId"]));
  if (parsed.success) return { change: parsed.data };
  const repeated = repeatedFieldProblem(parsed.error.issues);
  if (repeated) return { error: repeated };
  const badIntent = parsed.error.issues.some((issue) => issue.path[0] === "intent");
  return { error: badIntent ? "Unknown wishlist action." : "Choose a product for your wishlist." };
}

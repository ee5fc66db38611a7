import { isBackendError } from "~/backend/errors";
import type { MemberBackend } from "~/backend/ports/backend";
import type { CartLineChange } from "~/backend/ports/carts";
import type { ResponseJar } from "~/http/cookies.server";
import { applyCartChange, summarizeCart, type CartChange, type CartEntry } from "~/modules/cart/cart";
import { cartCookie } from "~/modules/cart/cart-cookie.server";
import { findChoice, getAllProducts } from "~/modules/catalog/catalog.server";

/**
 * Whose cart: the signed-in member's data functions, or null for a visitor (whose cart is a cookie, written into
 * the request's response cookie jar). The session (getSession()) is one.
 */
export interface CartOwner extends ResponseJar {
  member: MemberBackend | null;
}

/**
 * Where a cart lives: a signed cookie for visitors, cart_items for members (docs/product.md, decision 2).
 * Names and prices always come from the catalogue.
 */
export async function loadCart(request: Request, owner: CartOwner) {
  const { member } = owner;
  const entries: CartEntry[] = member ? await member.carts.list() : await cartCookie.read(request);
  const summary = summarizeCart(entries, findChoice);
  if (summary.vanished.length > 0) {
    // A line whose variant is no longer on sale (removed, or its product archived) is deleted from storage.
    if (member) {
      const onSale = getAllProducts().flatMap((product) => product.variants.map((variant) => variant.id));
      await member.carts.removeProductsNotIn({ productIds: onSale });
    } else {
      const kept = entries.filter((entry) => !summary.vanished.includes(entry.productId));
      await cartCookie.write(owner, kept);
    }
  }
  return { summary };
}

export interface CartChangeOutcome {
  /** Set when the change hit a limit; the cart holds as much as it may. */
  limited?: "line-quantity" | "line-count";
  /** Set when a removal found no such line: nothing changed. */
  notInCart?: true;
}

/** Applies one validated change. Members' changes are single atomic statements, so concurrent tabs lose nothing. */
export async function changeCart(request: Request, owner: CartOwner, change: CartChange): Promise<CartChangeOutcome> {
  const { member } = owner;
  if (!member) {
    const entries = await cartCookie.read(request);
    if (change.intent === "remove" && !entries.some((entry) => entry.productId === change.productId))
      return { notInCart: true };
    const result = applyCartChange(entries, change);
    await cartCookie.write(owner, result.entries);
    return { limited: result.limited };
  }
  let line: CartLineChange | undefined;
  try {
    switch (change.intent) {
      case "add":
        line = await member.carts.add({ productId: change.productId, quantity: change.quantity });
        break;
      case "set":
        line = await member.carts.setQuantity({ productId: change.productId, quantity: change.quantity });
        break;
      case "remove":
        if (!(await member.carts.remove({ productId: change.productId }))) return { notInCart: true };
        break;
      case "clear":
        await member.carts.clear();
        break;
    }
  } catch (error) {
    // The database refuses a line past MAX_CART_LINES: the same answer a visitor's cookie cart gives.
    if (isBackendError(error, "cart_full")) return { limited: "line-count" };
    throw error;
  }
  return { limited: line?.capped ? "line-quantity" : undefined };
}

/** Signing in: the visitor's cookie cart joins the stored cart in one transaction, then the cookie is emptied. */
export async function mergeVisitorCart(request: Request, context: ResponseJar, member: MemberBackend): Promise<void> {
  const visitorLines = await cartCookie.read(request);
  if (visitorLines.length === 0) return;
  await member.carts.merge({ lines: visitorLines });
  await cartCookie.write(context, []);
}

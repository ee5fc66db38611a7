import { isBackendError } from "~/backend/errors";
import type { CartLineChange, MemberBackend } from "~/backend/port";
import { applyCartChange, type CartChange, type CartEntry, summarizeCart } from "~/modules/cart/cart";
import { readCartCookie, serializeCartCookie } from "~/modules/cart/cart-cookie.server";
import { findProduct, getAllProducts } from "~/modules/catalog/catalog.server";

/** Whose cart: the signed-in member's data functions, or null for a visitor (whose cart is a cookie). */
export interface CartOwner {
  member: MemberBackend | null;
}

/**
 * Where a cart lives: a signed cookie for visitors, cart_items for members (docs/product.md, decision 2).
 * Names and prices always come from the catalogue.
 */
export async function loadCart(request: Request, { member }: CartOwner) {
  const entries: CartEntry[] = member ? await member.carts.list() : await readCartCookie(request);
  const summary = summarizeCart(entries, findProduct);
  const headers = new Headers();
  if (summary.vanished.length > 0) {
    // A line whose product no longer exists is deleted from storage.
    if (member) {
      await member.carts.removeProductsNotIn({ productIds: getAllProducts().map((product) => product.id) });
    } else {
      const kept = entries.filter((entry) => !summary.vanished.includes(entry.productId));
      headers.append("Set-Cookie", await serializeCartCookie(kept));
    }
  }
  return { summary, headers };
}

export interface CartChangeOutcome {
  /** Set when the change hit a limit; the cart holds as much as it may. */
  limited?: "line-quantity" | "line-count";
  /** Set when a removal found no such line: nothing changed. */
  notInCart?: true;
  /** Set-Cookie for a visitor cart. */
  headers: Headers;
}

/** Applies one validated change. Members' changes are single atomic statements, so concurrent tabs lose nothing. */
export async function changeCart(request: Request, { member }: CartOwner, change: CartChange): Promise<CartChangeOutcome> {
  const headers = new Headers();
  if (!member) {
    const entries = await readCartCookie(request);
    if (change.intent === "remove" && !entries.some((entry) => entry.productId === change.productId)) return { notInCart: true, headers };
    const result = applyCartChange(entries, change);
    headers.append("Set-Cookie", await serializeCartCookie(result.entries));
    return { limited: result.limited, headers };
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
        if (!(await member.carts.remove({ productId: change.productId }))) return { notInCart: true, headers };
        break;
      case "clear":
        await member.carts.clear();
        break;
    }
  } catch (error) {
    // The database refuses a line past MAX_CART_LINES: the same answer a visitor's cookie cart gives.
    if (isBackendError(error, "cart_full")) return { limited: "line-count", headers };
    throw error;
  }
  return { limited: line?.capped ? "line-quantity" : undefined, headers };
}

/** Signing in: the visitor's cookie cart joins the stored cart in one transaction, then the cookie is emptied. */
export async function mergeVisitorCart(request: Request, member: MemberBackend): Promise<Headers> {
  const headers = new Headers();
  const visitorLines = await readCartCookie(request);
  if (visitorLines.length === 0) return headers;
  await member.carts.merge({ lines: visitorLines });
  headers.append("Set-Cookie", await serializeCartCookie([]));
  return headers;
}

import { useFetchers } from "@remix-run/react";
import { applyCartChange, type CartChange, type CartLine } from "~/modules/cart/cart";
import { toCents } from "~/modules/money";

export interface CartView {
  lines: CartLine[];
  totalItems: number;
  totalAmountCents: number;
}

function changeFromForm(formData: FormData): CartChange | null {
  const intent = formData.get("intent");
  const productId = String(formData.get("productId") ?? "");
  const quantity = Number(formData.get("quantity") ?? 1);
  if (intent === "clear") return { intent };
  if (intent === "remove") return { intent, productId };
  if ((intent === "set" || intent === "add") && Number.isInteger(quantity)) return { intent, productId, quantity };
  return null;
}

/**
 * The cart as the shopper will see it once the requests in flight land: their changes applied, in order,
 * on top of the server's cart. Adds of products not yet in the cart only move the count.
 */
export function useOptimisticCart(cart: CartView): CartView {
  const pending = useFetchers()
    .filter((fetcher) => fetcher.formAction === "/cart" && fetcher.formData)
    .map((fetcher) => changeFromForm(fetcher.formData as FormData))
    .filter((change): change is CartChange => change !== null);
  if (pending.length === 0) return cart;

  let entries = cart.lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
  let extraItems = 0;
  for (const change of pending) {
    if (change.intent === "add" && !entries.some((entry) => entry.productId === change.productId)) {
      extraItems += change.quantity;
      continue;
    }
    entries = applyCartChange(entries, change).entries;
  }
  const lines = entries.flatMap((entry) => {
    const line = cart.lines.find((candidate) => candidate.productId === entry.productId);
    return line ? [{ ...line, quantity: entry.quantity, lineTotalCents: toCents(line.price) * entry.quantity }] : [];
  });
  return {
    lines,
    totalItems: lines.reduce((sum, line) => sum + line.quantity, 0) + extraItems,
    totalAmountCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
}


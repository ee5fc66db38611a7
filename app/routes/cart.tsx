import type { ActionFunctionArgs } from "@remix-run/node";
import { type ClientActionFunctionArgs, useFetcher, useFetchers } from "@remix-run/react";
import { isBackendError } from "~/backend/errors";
import { Minus, Plus, ShoppingBag, Trash2 } from "~/components/icons";
import { applyCartChange, type CartChange, type CartLine, type CartSummary, MAX_LINE_QUANTITY } from "~/modules/cart/cart";
import { changeCart } from "~/modules/cart/cart-store.server";
import { parseCartForm } from "~/modules/cart/cart-form";
import { findProduct } from "~/modules/catalog/catalog.server";
import { toCents } from "~/modules/money";
import { getSession } from "~/utils/auth.server";
import { showClientToast } from "~/utils/client-toast";
import { type FormAnswer, ReturnToField } from "~/utils/form-endpoint";
import { formResponder } from "~/utils/form-endpoint.server";
import type { ToastInput } from "~/utils/toast";

// The cart endpoint (add, set, remove, clear) and every form that posts to it: the path, the field names and the
// answer live here (decision 0019). The /cart page is the index route below it (cart-page.tsx), so that the pages
// importing these forms do not load the page.

const CART_ACTION = "/cart";

const limitMessages = {
  "line-quantity": "You can have at most 99 of one product in your cart.",
  "line-count": "Your cart can hold up to 50 different products.",
} as const;

/**
 * A plain HTML post gets a 303 back to the page it came from (the toast travels in a cookie); a fetcher from the
 * enhanced page gets data and updates in place.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const respond = formResponder(request, formData, "/cart");

  const parsed = parseCartForm(formData);
  if ("error" in parsed) {
    return respond({ status: 400, toast: { type: "error", title: "Error", description: parsed.error } });
  }
  const { change } = parsed;

  if (change.intent === "add" || change.intent === "set") {
    const product = findProduct(change.productId);
    if (!product) return respond({ status: 404, toast: { type: "error", title: "Error", description: "Product not found." } });
    // A sold-out product can only leave the cart; the database would otherwise accept a new line for it.
    if (!product.inStock && (change.intent === "add" || change.quantity > 0)) {
      return respond({ status: 409, toast: { type: "error", title: "Out of stock", description: `${product.name} is out of stock.` } });
    }
  }

  const session = await getSession(request);
  try {
    const outcome = await changeCart(request, session, change);
    session.backend.responseHeaders.forEach((value, key) => outcome.headers.append(key, value));
    if (outcome.limited) {
      return respond({ toast: { type: "info", title: "Cart limit reached", description: limitMessages[outcome.limited] }, headers: outcome.headers });
    }
    return respond({ toast: successToast(change), headers: outcome.headers });
  } catch (error) {
    if (isBackendError(error, "unavailable")) {
      return respond({ status: 503, toast: { type: "error", title: "Error", description: "Your cart could not be updated right now. Please try again." } });
    }
    throw error;
  }
}

/**
 * In the browser, a cart request that gets no answer (the connection dropped) must not end on an error page:
 * say so, and let the revalidation that follows every action put the server's cart back on screen.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    // A newer click on the same line superseded this request: not a failure.
    if (request.signal.aborted) throw error;
    const description = "Your cart could not be updated. Check your connection and try again.";
    showClientToast({ type: "error", title: "Error", description });
    return { ok: false, error: description } satisfies FormAnswer;
  }
}

function successToast(change: CartChange): ToastInput | null {
  switch (change.intent) {
    case "add":
      return { title: "Added to cart", description: `${findProduct(change.productId)?.name} has been added to your cart.` };
    case "remove":
      return { title: "Removed from cart", description: "Item has been removed from your cart." };
    case "clear":
      return { title: "Cart cleared", description: "All items have been removed from your cart." };
    case "set":
      return change.quantity <= 0 ? { title: "Removed from cart", description: "Item has been removed from your cart." } : null;
  }
}

/**
 * Adds a product: one unit with the cards' button, or, given `quantityInput`, the quantity the shopper picks in
 * that input (the product page passes its stepper; it gets the field's name). Without JavaScript a plain form
 * (the action sends the shopper back to this page); with it a fetcher posts in place, so the shopper stays where
 * they are and the badge counts the units at once (useOptimisticCart).
 */
export function AddToCartForm({
  productId,
  productName,
  inStock,
  quantityInput,
}: {
  productId: string;
  productName: string;
  inStock: boolean;
  quantityInput?: (name: string) => React.ReactNode;
}) {
  const fetcher = useFetcher<typeof action>();
  if (!inStock) {
    return quantityInput ? (
      <p className="flex-1 rounded-xl bg-sand-50 p-4 text-sm text-ink-muted">This product is currently out of stock. Please check back soon.</p>
    ) : (
      <button type="button" disabled className="btn-outline w-full">
        Out of Stock
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action={CART_ACTION} className={quantityInput ? "flex flex-1 flex-wrap items-center gap-4" : "w-full"}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {quantityInput ? (
        <>
          {quantityInput("quantity")}
          <button type="submit" className="btn-primary min-w-[11rem] flex-1">
            <ShoppingBag aria-hidden className="size-4" /> Add to Cart
          </button>
        </>
      ) : (
        // The accessible name starts with the visible words (WCAG 2.5.3) and says which product.
        <button type="submit" className="btn-primary w-full px-3 sm:px-6" aria-label={`Add to Cart: ${productName}`}>
          <ShoppingBag aria-hidden className="hidden size-4 min-[400px]:block" />
          Add to Cart
        </button>
      )}
    </fetcher.Form>
  );
}

/** One fetcher per cart line, shared by its forms: a newer click supersedes an older one, and each sends the quantity it intends. */
function useLineFetcher(line: CartLine) {
  return useFetcher<typeof action>({ key: `cart-line-${line.productId}` });
}

/** The line's quantity between a minus and a plus button, each a form that sets the quantity it shows. */
export function CartQuantityStepper({ line, redirectTo }: { line: CartLine; redirectTo: string }) {
  const fetcher = useLineFetcher(line);
  const step = (quantity: number, label: string, icon: React.ReactNode, disabled = false) => (
    <fetcher.Form method="post" action={CART_ACTION}>
      <input type="hidden" name="intent" value="set" />
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <ReturnToField to={redirectTo} />
      <button
        type="submit"
        disabled={disabled}
        className="flex size-11 items-center justify-center rounded-full border border-sand-200 hover:bg-sand-100 disabled:opacity-40"
        aria-label={label}
      >
        {icon}
      </button>
    </fetcher.Form>
  );
  return (
    <div className="flex items-center gap-1">
      {step(line.quantity - 1, `Decrease quantity of ${line.name}`, <Minus aria-hidden className="size-4" />)}
      <span className="w-8 text-center text-sm font-medium" data-testid="cart-line-quantity" aria-label={`Quantity ${line.quantity}`}>
        {line.quantity}
      </span>
      {step(line.quantity + 1, `Increase quantity of ${line.name}`, <Plus aria-hidden className="size-4" />, line.quantity >= MAX_LINE_QUANTITY)}
    </div>
  );
}

export function RemoveFromCartForm({ line, redirectTo }: { line: CartLine; redirectTo: string }) {
  const fetcher = useLineFetcher(line);
  return (
    <fetcher.Form method="post" action={CART_ACTION} className="-mt-2 -mr-2 shrink-0">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={line.productId} />
      <ReturnToField to={redirectTo} />
      <button
        type="submit"
        className="flex size-11 items-center justify-center rounded-full text-ink-muted hover:bg-sand-100 hover:text-brand-700"
        aria-label={`Remove ${line.name} from cart`}
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </fetcher.Form>
  );
}

export function ClearCartForm({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<typeof action>({ key: "cart-clear" });
  return (
    <fetcher.Form method="post" action={CART_ACTION} className="text-center">
      <input type="hidden" name="intent" value="clear" />
      <ReturnToField to={redirectTo} />
      <button type="submit" className="min-h-11 px-4 text-sm text-ink-muted underline hover:text-brand-700">
        Clear cart
      </button>
    </fetcher.Form>
  );
}

/** The change a cart form in flight asks for, read like the action reads it (without zod, which stays off the first load). */
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
export function useOptimisticCart(cart: CartSummary): CartSummary {
  const pending = useFetchers()
    .filter((fetcher) => fetcher.formAction === CART_ACTION && fetcher.formData)
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

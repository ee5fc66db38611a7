import type { ActionFunctionArgs } from "@remix-run/node";
import { useFetcher, useFetchers, type ClientActionFunctionArgs } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { ReturnToField, type FormAnswer } from "~/forms/form-endpoint";
import { formResponder } from "~/forms/form-endpoint.server";
import { getSession } from "~/modules/auth/session.server";
import {
  applyCartChange,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type CartChange,
  type CartSummary,
} from "~/modules/cart/cart";
import { parseCartForm } from "~/modules/cart/cart-form";
import { changeCart } from "~/modules/cart/cart-store.server";
import { findChoice } from "~/modules/catalog/catalog.server";
import { productAnchorId } from "~/modules/catalog/display";
import { choiceName } from "~/modules/catalog/product";
import { toCents } from "~/modules/money";
import { showClientToast } from "~/toast/client-toast";
import type { ToastInput } from "~/toast/toast";

// The cart endpoint (add, set, remove, clear) and every form that posts to it: the path, the field names and the
// answer live here (decision 0019). The /cart page is the index route below it (cart-page.tsx), so that the pages
// importing these forms do not load the page.

const CART_ACTION = "/cart";
/** The field for the number of units, where the shopper picks it (the product page's stepper). */
export const QUANTITY_FIELD = "quantity";

/** Said when a change hit a limit: what the cart holds now, so the shopper knows the number was capped. */
function limitToast(limited: "line-quantity" | "line-count", change: CartChange): ToastInput {
  if (limited === "line-count")
    return {
      type: "info",
      title: "Cart limit reached",
      description: `Your cart can hold up to ${MAX_CART_LINES} different products.`,
    };
  const choice = "productId" in change ? findChoice(change.productId) : undefined;
  const name = choice ? choiceName(choice) : undefined;
  return {
    type: "info",
    title: `Quantity capped at ${MAX_LINE_QUANTITY}`,
    description: `Your cart now holds ${MAX_LINE_QUANTITY} of ${name ?? "this product"}, the most one line can hold.`,
  };
}

/**
 * A plain HTML post gets a 303 back to the page it came from (the toast travels in a cookie); a fetcher from the
 * enhanced page gets data and updates in place.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const respond = formResponder(request, context, formData, "/cart");

  const parsed = parseCartForm(formData);
  if ("error" in parsed) {
    return respond({ status: 400, toast: { type: "error", title: "Error", description: parsed.error } });
  }
  const { change } = parsed;

  if (change.intent === "add" || change.intent === "set") {
    const choice = findChoice(change.productId);
    if (!choice)
      return respond({ status: 404, toast: { type: "error", title: "Error", description: "Product not found." } });
    // A sold-out variant can only leave the cart; the database would otherwise accept a new line for it.
    if (!choice.variant.inStock && (change.intent === "add" || change.quantity > 0)) {
      return respond({
        status: 409,
        toast: { type: "error", title: "Out of stock", description: `${choiceName(choice)} is out of stock.` },
      });
    }
  }

  // Without JavaScript the page reloads: back at the card whose Add to Cart was pressed, not at the top of a listing
  // (a known product by now, so its id is safe in the Location).
  const landOn = change.intent === "add" ? productAnchorId(change.productId) : undefined;
  const session = await getSession(request, context);
  try {
    const outcome = await changeCart(request, session, change);
    if (outcome.limited) {
      return respond({ toast: limitToast(outcome.limited, change), landOn });
    }
    if (outcome.notInCart) {
      return respond({
        toast: { type: "info", title: "Nothing to remove", description: "That item was not in your cart." },
      });
    }
    return respond({ toast: successToast(change), landOn });
  } catch (error) {
    if (isBackendError(error, "unavailable")) {
      return respond({
        status: 503,
        toast: {
          type: "error",
          title: "Error",
          description: "Your cart could not be updated right now. Please try again.",
        },
        landOn,
      });
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

function choiceNameOf(variantId: string): string {
  const choice = findChoice(variantId);
  return choice ? choiceName(choice) : "This product";
}

function successToast(change: CartChange): ToastInput | null {
  switch (change.intent) {
    case "add":
      return {
        title: "Added to cart",
        description: `${choiceNameOf(change.productId)} has been added to your cart.`,
      };
    case "remove":
      return { title: "Removed from cart", description: "Item has been removed from your cart." };
    case "clear":
      return { title: "Cart cleared", description: "All items have been removed from your cart." };
    case "set":
      return change.quantity <= 0
        ? { title: "Removed from cart", description: "Item has been removed from your cart." }
        : null;
  }
}

interface CartFormProps {
  /** Where a plain (no-JavaScript) post returns to; the page it came from when omitted. */
  redirectTo?: string;
  className?: string;
  /** The controls the page shows: a submit button, and for an add a QUANTITY_FIELD input if the shopper picks it. */
  children: React.ReactNode;
}

type CartFields = CartChange | { intent: "add"; productId: string };

/**
 * A form asking the cart for one change, as hidden fields. Without JavaScript a plain post (the action sends the
 * shopper back to the page); with it the fetcher posts in place and useOptimisticCart shows the change at once.
 * The page gives the visible controls: this module is in every page's first load (the header's badge), so it
 * carries no markup of its own.
 */
function CartForm({
  fetcher,
  fields,
  redirectTo,
  className,
  children,
}: CartFormProps & { fetcher: CartFetcher; fields: CartFields }) {
  return (
    <fetcher.Form method="post" action={CART_ACTION} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {redirectTo ? <ReturnToField to={redirectTo} /> : null}
      {children}
    </fetcher.Form>
  );
}

type CartFetcher = ReturnType<typeof useFetcher<typeof action>>;

/** One fetcher per cart line, shared by its forms: a newer click supersedes an older one, and each sends the quantity it intends. */
function useLineFetcher(productId: string): CartFetcher {
  return useFetcher<typeof action>({ key: `cart-line-${productId}` });
}

/** Adds one unit of a product, or the number in the QUANTITY_FIELD input among the children. */
export function AddToCartForm({ productId, ...props }: CartFormProps & { productId: string }) {
  const fetcher = useFetcher<typeof action>();
  return <CartForm fetcher={fetcher} fields={{ intent: "add", productId }} {...props} />;
}

/** Sets a line's quantity (0 or less removes it). */
export function SetCartQuantityForm({
  productId,
  quantity,
  ...props
}: CartFormProps & { productId: string; quantity: number }) {
  const fetcher = useLineFetcher(productId);
  return <CartForm fetcher={fetcher} fields={{ intent: "set", productId, quantity }} {...props} />;
}

export function RemoveFromCartForm({ productId, ...props }: CartFormProps & { productId: string }) {
  const fetcher = useLineFetcher(productId);
  return <CartForm fetcher={fetcher} fields={{ intent: "remove", productId }} {...props} />;
}

export function ClearCartForm(props: CartFormProps) {
  const fetcher = useFetcher<typeof action>({ key: "cart-clear" });
  return <CartForm fetcher={fetcher} fields={{ intent: "clear" }} {...props} />;
}

/** The change a cart form in flight asks for, read like the action reads it (without zod, which stays off the first load). */
function changeFromForm(formData: FormData): CartChange | null {
  const intent = formData.get("intent");
  const productId = String(formData.get("productId") ?? "");
  const quantity = Number(formData.get(QUANTITY_FIELD) ?? 1);
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

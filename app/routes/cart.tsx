import { data, type ActionFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { type ClientActionFunctionArgs, Link, useRouteLoaderData } from "@remix-run/react";
import { isBackendError } from "~/backend/errors";
import { CartContents } from "~/components/cart-contents";
import { useOptimisticCart } from "~/components/optimistic-cart";
import type { CartChange } from "~/modules/cart/cart";
import { changeCart } from "~/modules/cart/cart-store.server";
import { parseCartForm } from "~/modules/cart/cart-form";
import { findProduct } from "~/modules/catalog/catalog.server";
import type { loader as rootLoader } from "~/root";
import { getSession } from "~/utils/auth.server";
import { originFromMatches, seo } from "~/utils/seo";
import { refererPath, safeRedirect } from "~/utils/safe-redirect";
import { showClientToast } from "~/utils/client-toast";
import { toastHeader } from "~/utils/toast.server";
import type { ToastInput } from "~/utils/toast";

const limitMessages = {
  "line-quantity": "You can have at most 99 of one product in your cart.",
  "line-count": "Your cart can hold up to 50 different products.",
} as const;

/**
 * The one cart endpoint (add, set, remove, clear). A plain HTML post gets a 303 back to the page it came from
 * (the toast travels in a cookie); a fetcher from the enhanced page gets data and updates in place.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const returnTo = safeRedirect(formData.get("redirectTo"), refererPath(request, "/cart"));
  // Browsers mark form navigations; Remix's fetchers use fetch(), which is not a navigation.
  const isNavigation = (request.headers.get("Sec-Fetch-Mode") ?? "navigate") === "navigate";

  const respond = async (status: number, toast: ToastInput | null, headers = new Headers()) => {
    if (toast) headers.append("Set-Cookie", await toastHeader(toast));
    if (isNavigation) return redirect(returnTo, { status: 303, headers });
    return data({ ok: status < 400, error: toast?.type === "error" ? toast.description : undefined }, { status, headers });
  };

  const parsed = parseCartForm(formData);
  if ("error" in parsed) {
    return respond(400, { type: "error", title: "Error", description: parsed.error });
  }
  const { change } = parsed;

  if (change.intent === "add" || change.intent === "set") {
    const product = findProduct(change.productId);
    if (!product) return respond(404, { type: "error", title: "Error", description: "Product not found." });
    // A sold-out product can only leave the cart; the database would otherwise accept a new line for it.
    if (!product.inStock && (change.intent === "add" || change.quantity > 0)) {
      return respond(409, { type: "error", title: "Out of stock", description: `${product.name} is out of stock.` });
    }
  }

  const session = await getSession(request);
  try {
    const outcome = await changeCart(request, session, change);
    session.backend.responseHeaders.forEach((value, key) => outcome.headers.append(key, value));
    if (outcome.limited) {
      return respond(200, { type: "info", title: "Cart limit reached", description: limitMessages[outcome.limited] }, outcome.headers);
    }
    return respond(200, successToast(change), outcome.headers);
  } catch (error) {
    if (isBackendError(error, "unavailable")) {
      return respond(503, { type: "error", title: "Error", description: "Your cart could not be updated right now. Please try again." });
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
    return { ok: false, error: description };
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

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Shopping Cart",
    description: "The items in your Luxe Strands shopping cart: change quantities, remove items or proceed to checkout.",
    origin: originFromMatches(matches),
    path: "/cart",
    noIndex: true,
  });

/** The cart panel as a page: what the header's cart button leads to without JavaScript. */
export default function CartPage() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const cart = useOptimisticCart(root?.cart ?? { lines: [], totalItems: 0, totalAmountCents: 0 });
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col px-4 py-10">
      <h1 className="font-serif text-3xl text-ink">Shopping Cart</h1>
      <CartContents
        cart={cart}
        redirectTo="/cart"
        lineHeadingLevel={2}
        continueShopping={
          <Link to="/shop" className="btn-outline w-full">
            Continue Shopping
          </Link>
        }
      />
    </div>
  );
}

import type { ActionFunctionArgs } from "@remix-run/node";
import { useFetcher, useFetchers } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { Heart } from "~/components/icons";
import { answerError, ReturnToField } from "~/forms/form-endpoint";
import { formResponder } from "~/forms/form-endpoint.server";
import { getSession } from "~/modules/auth/session.server";
import { findProduct } from "~/modules/catalog/catalog.server";
import { productAnchorId } from "~/modules/catalog/display";
import { MAX_WISHLIST_ITEMS, wishlistToast } from "~/modules/wishlist/wishlist";
import { parseWishlistForm } from "~/modules/wishlist/wishlist-form";
import { changeWishlist } from "~/modules/wishlist/wishlist-store.server";

// The wishlist endpoint (toggle, add, remove) and the forms that post to it: the path, the field names and the
// answer live here (decision 0019). The /wishlist page is the index route below it (wishlist-page.tsx).

const WISHLIST_ACTION = "/wishlist";

/**
 * A plain HTML post gets a 303 back to the page it came from with a toast in the flash cookie; a fetcher (the
 * heart, Remove with JavaScript) gets data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const respond = formResponder(request, context, formData, "/wishlist");

  const parsed = parseWishlistForm(formData);
  if ("error" in parsed)
    return respond({ status: 400, toast: { type: "error", title: "Error", description: parsed.error } });
  const { change } = parsed;
  const product = findProduct(change.productId);
  if (!product)
    return respond({ status: 404, toast: { type: "error", title: "Error", description: "Product not found." } });
  // Without JavaScript the page reloads: back at the product (its page's details, or its card), not at the top (a
  // known product by now, so its id is safe in the Location). A card just removed from /wishlist is gone: the top.
  const landOn = productAnchorId(product.id);

  try {
    const session = await getSession(request, context);
    const outcome = await changeWishlist(request, session, change);
    if (outcome.limited) {
      const description = `Your wishlist can hold up to ${MAX_WISHLIST_ITEMS} products. Sign in to save more.`;
      return respond({
        toast: { type: "info", title: "Wishlist full", description },
        data: { inWishlist: false },
        landOn,
      });
    }
    if (outcome.notInWishlist) {
      const description = `${product.name} was not in your wishlist.`;
      return respond({
        toast: { type: "info", title: "Nothing to remove", description },
        data: { inWishlist: false },
        landOn,
      });
    }
    return respond({
      toast: wishlistToast(product.name, outcome.inWishlist),
      data: { inWishlist: outcome.inWishlist },
      landOn,
    });
  } catch (error) {
    // The catalogue and the database's price list disagree: the database's word stands.
    if (isBackendError(error, "product_not_found")) {
      return respond({ status: 404, toast: { type: "error", title: "Error", description: "Product not found." } });
    }
    if (isBackendError(error, "unavailable")) {
      const description = "Your wishlist could not be updated right now. Please try again.";
      return respond({ status: 503, toast: { type: "error", title: "Error", description }, landOn });
    }
    throw error;
  }
}

/** Keyed by product, so the product page's heart and the wishlist page's Remove share one pending state. */
function useProductFetcher(productId: string) {
  return useFetcher<typeof action>({ key: `wishlist-${productId}` });
}

/**
 * The heart toggle. A plain HTML form without JavaScript (the action redirects back here with a toast);
 * with JavaScript a fetcher posts it in place and the pressed state changes at once. It sends the change
 * the shopper saw (add or remove), so a double click or a stale tab cannot flip it back by surprise.
 *
 * The accessible name stays the same and aria-pressed carries the state: a toggle button whose name
 * changed as well would be announced as 'Remove from wishlist, pressed', which reads as its opposite.
 */
export function WishlistButton({
  productId,
  inWishlist,
  className = "",
}: {
  productId: string;
  inWishlist: boolean;
  className?: string;
}) {
  const fetcher = useProductFetcher(productId);
  const pendingIntent = fetcher.formData?.get("intent");
  const pressed = pendingIntent === "add" ? true : pendingIntent === "remove" ? false : inWishlist;
  const failed = answerError(fetcher);

  return (
    <fetcher.Form method="post" action={WISHLIST_ACTION} className={className}>
      <input type="hidden" name="intent" value={pressed ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <ReturnToField />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-label="Add to wishlist"
        data-testid="wishlist-button"
        className={`flex size-12 items-center justify-center rounded-full border transition-colors ${
          pressed
            ? "border-brand-700 bg-brand-50 text-brand-700"
            : "border-sand-200 bg-white text-ink hover:border-brand-700 hover:text-brand-700"
        }`}
      >
        <Heart aria-hidden className={`size-5 ${pressed ? "fill-current" : ""}`} />
      </button>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The wishlist page's Remove, its button given as children: back to the wishlist without JavaScript, in place with it (useWishlistRemovals). */
export function RemoveFromWishlistForm({ productId, children }: { productId: string; children: React.ReactNode }) {
  const fetcher = useProductFetcher(productId);
  return (
    <fetcher.Form method="post" action={WISHLIST_ACTION}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="productId" value={productId} />
      <ReturnToField to="/wishlist" />
      {children}
    </fetcher.Form>
  );
}

/** The ids of the products whose removal is on its way, so that a list can drop them at once. */
export function useWishlistRemovals(): Set<string> {
  return new Set(
    useFetchers()
      .filter((fetcher) => fetcher.formAction === WISHLIST_ACTION && fetcher.formData?.get("intent") === "remove")
      .map((fetcher) => String(fetcher.formData?.get("productId"))),
  );
}

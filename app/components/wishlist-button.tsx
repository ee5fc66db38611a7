import { useFetcher, useLocation } from "@remix-run/react";
import { Heart } from "~/components/icons";
import type { action as wishlistAction } from "~/routes/wishlist";

/**
 * The heart toggle. A plain HTML form without JavaScript (the action redirects back here with a toast);
 * with JavaScript a fetcher posts it in place and the pressed state changes at once. It sends the change
 * the shopper saw (add or remove), so a double click or a stale tab cannot flip it back by surprise.
 *
 * The accessible name stays the same and aria-pressed carries the state: a toggle button whose name
 * changed as well would be announced as 'Remove from wishlist, pressed', which reads as its opposite.
 */
export function WishlistButton({ productId, inWishlist, className = "" }: { productId: string; inWishlist: boolean; className?: string }) {
  // Keyed by product, so the wishlist page's Remove and this heart share one pending state.
  const fetcher = useFetcher<typeof wishlistAction>({ key: `wishlist-${productId}` });
  const location = useLocation();
  const pendingIntent = fetcher.formData?.get("intent");
  const pressed = pendingIntent === "add" ? true : pendingIntent === "remove" ? false : inWishlist;
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.error : undefined;

  return (
    <fetcher.Form method="post" action="/wishlist" className={className}>
      <input type="hidden" name="intent" value={pressed ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-label="Add to wishlist"
        data-testid="wishlist-button"
        className={`flex size-12 items-center justify-center rounded-full border transition-colors ${
          pressed ? "border-brand-700 bg-brand-50 text-brand-700" : "border-sand-200 bg-white text-ink hover:border-brand-700 hover:text-brand-700"
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

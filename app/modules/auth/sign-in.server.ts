import { redirect } from "@remix-run/node";
import { isBackendError } from "~/backend/errors";
import type { RequestBackend } from "~/backend/port";
import type { AuthNotice } from "~/modules/auth/auth-messages";
import { combineHeaders } from "~/modules/auth/combine-headers";
import { mergeVisitorCart } from "~/modules/cart/cart-store.server";
import { mergeVisitorWishlist } from "~/modules/wishlist/wishlist-store.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * After any successful sign-in (password, sign-up, Google, e-mail link): the visitor's cookie cart and
 * wishlist join the stored ones, and the shopper goes on with a toast.
 */
export async function redirectSignedIn(
  request: Request,
  { backend, redirectTo, notice, headers }: {
    /** The request's backend, signed in a moment ago: the merges run as its session's member. */
    backend: RequestBackend;
    redirectTo: string;
    /** Null for a redirect without a toast (the next page explains itself). */
    notice: AuthNotice | null;
    headers?: Headers;
  },
): Promise<Response> {
  const merges = { cart: mergeVisitorCart, wishlist: mergeVisitorWishlist };
  const mergeHeaders = await Promise.all(
    Object.entries(merges).map(async ([name, merge]) => {
      try {
        return await merge(request, await backend.member());
      } catch (error) {
        // The shopper is signed in; the visitor's items stay in their cookie rather than failing the sign-in.
        if (!isBackendError(error)) throw error;
        console.error(`Merging the visitor ${name} after sign-in failed:`, error);
        return undefined;
      }
    }),
  );
  // The session cookie itself reaches the response through the load context (the server adds it).
  const combined = combineHeaders(headers, ...mergeHeaders);
  if (!notice) return redirect(redirectTo, { status: 303, headers: combined });
  return redirectWithToast(redirectTo, { ...notice, type: "success" }, { headers: combined });
}

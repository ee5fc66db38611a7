import { redirect } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import type { RequestBackend } from "~/backend/ports/backend";
import type { ResponseJar } from "~/http/cookies.server";
import type { AuthNotice } from "~/modules/auth/auth-messages";
import { mergeVisitorCart } from "~/modules/cart/cart-store.server";
import { mergeVisitorWishlist } from "~/modules/wishlist/wishlist-store.server";
import { redirectWithToast } from "~/toast/toast.server";

/**
 * After any successful sign-in (password, sign-up, Google, e-mail link): the visitor's cookie cart and
 * wishlist join the stored ones, and the shopper goes on with a toast.
 */
export async function redirectSignedIn(
  request: Request,
  context: ResponseJar,
  {
    backend,
    redirectTo,
    notice,
  }: {
    /** The request's backend, signed in a moment ago: the merges run as its session's member. */
    backend: RequestBackend;
    redirectTo: string;
    /** Null for a redirect without a toast (the next page explains itself). */
    notice: AuthNotice | null;
  },
): Promise<Response> {
  const merges = { cart: mergeVisitorCart, wishlist: mergeVisitorWishlist };
  await Promise.all(
    Object.entries(merges).map(async ([name, merge]) => {
      try {
        await merge(request, context, await backend.member());
      } catch (error) {
        // The shopper is signed in; the visitor's items stay in their cookie rather than failing the sign-in.
        if (!isBackendError(error)) throw error;
        console.error(`Merging the visitor ${name} after sign-in failed:`, error);
      }
    }),
  );
  // The session cookie and the emptied visitor cookies are in the request's cookie jar: the server adds them.
  if (!notice) return redirect(redirectTo, { status: 303 });
  return redirectWithToast(context, redirectTo, { ...notice, type: "success" });
}

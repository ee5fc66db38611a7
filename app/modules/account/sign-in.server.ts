import { redirect } from "@remix-run/node";
import { isBackendError } from "~/backend/errors";
import type { AuthUser, RequestBackend } from "~/backend/port";
import type { AuthNotice } from "~/modules/account/auth-messages";
import { combineHeaders } from "~/modules/account/combine-headers";
import { mergeVisitorCart } from "~/modules/cart/cart-store.server";
import { mergeVisitorWishlist } from "~/modules/wishlist/wishlist-store.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * After any successful sign-in (password, sign-up, Google, e-mail link): the visitor's cookie cart and
 * wishlist join the stored ones, and the shopper goes on with the backend's session cookie and a toast.
 */
export async function redirectSignedIn(
  request: Request,
  { backend, user, redirectTo, notice, headers }: {
    backend: RequestBackend;
    user: AuthUser;
    redirectTo: string;
    /** Null for a redirect without a toast (the next page explains itself). */
    notice: AuthNotice | null;
    headers?: Headers;
  },
): Promise<Response> {
  const session = { backend, user };
  const merges = { cart: mergeVisitorCart, wishlist: mergeVisitorWishlist };
  const mergeHeaders = await Promise.all(
    Object.entries(merges).map(async ([name, merge]) => {
      try {
        return await merge(request, session, user.id);
      } catch (error) {
        // The shopper is signed in; the visitor's items stay in their cookie rather than failing the sign-in.
        if (!isBackendError(error)) throw error;
        console.error(`Merging the visitor ${name} after sign-in failed:`, error);
        return undefined;
      }
    }),
  );
  const responseHeaders = combineHeaders(headers, backend.responseHeaders, ...mergeHeaders);
  if (!notice) return redirect(redirectTo, { status: 303, headers: responseHeaders });
  return redirectWithToast(redirectTo, { ...notice, type: "success" }, { headers: responseHeaders });
}

import { backendFor } from "~/backend/backend.server";
import { loadCart } from "~/modules/cart/cart-store.server";
import { getSession, type Session } from "~/utils/auth.server";
import { isBackendUnavailable } from "~/utils/backend-unavailable.server";

/** A signed-out visitor's view of the request: cookies only, no database. */
async function visitorSession(request: Request): Promise<Session> {
  return { backend: await backendFor(request), user: null };
}

/**
 * The session, for loaders that only personalise a page (header, wishlist heart): when the backend is out of
 * reach, a signed-in shopper is shown the page as a signed-out visitor instead of an error, so the catalogue
 * keeps working. The session cookie is left alone: the shopper is signed in again once the database is back.
 * Actions, and pages that cannot work without the shopper's data, use getSession / requireUser instead.
 */
export async function getDisplaySession(request: Request): Promise<Session> {
  try {
    return await getSession(request);
  } catch (error) {
    if (!isBackendUnavailable(error)) throw error;
    return visitorSession(request);
  }
}

/** The session and cart every page's header shows (the root loader), degraded as getDisplaySession() says. */
export async function loadShellSession(request: Request): Promise<{ session: Session } & Awaited<ReturnType<typeof loadCart>>> {
  const session = await getDisplaySession(request);
  try {
    return { session, ...(await loadCart(request, session)) };
  } catch (error) {
    // The database went away between reading the session and the member's cart.
    if (!isBackendUnavailable(error)) throw error;
    const visitor = await visitorSession(request);
    return { session: visitor, ...(await loadCart(request, visitor)) };
  }
}

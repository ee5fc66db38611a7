import type { AppLoadContext } from "@remix-run/node";

import { backendFor } from "~/backend/backend.server";
import { isBackendUnavailable } from "~/backend/unavailable.server";
import { getSession, type Session } from "~/modules/auth/session.server";
import { loadCart } from "~/modules/cart/cart-store.server";

/** A signed-out visitor's view of the request: cookies only, no database. */
async function visitorSession(request: Request, context: AppLoadContext): Promise<Session> {
  return {
    backend: await backendFor(request, context),
    user: null,
    member: null,
    responseHeaders: context.responseHeaders,
  };
}

/**
 * The session, for loaders that only personalise a page (header, wishlist heart): when the backend is out of
 * reach, a signed-in shopper is shown the page as a signed-out visitor instead of an error, so the catalogue
 * keeps working. The session cookie is left alone: the shopper is signed in again once the database is back.
 * Actions, and pages that cannot work without the shopper's data, use getSession / requireUser instead.
 */
export async function getDisplaySession(request: Request, context: AppLoadContext): Promise<Session> {
  try {
    return await getSession(request, context);
  } catch (error) {
    if (!isBackendUnavailable(error)) throw error;
    return visitorSession(request, context);
  }
}

/** Who the header's account menu names: the profile's name, which the shopper can edit, over the sign-up's. */
export interface ShellMember {
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
}

type ShellSession = { session: Session; member: ShellMember | null } & Awaited<ReturnType<typeof loadCart>>;

/** The session, member and cart every page's header shows (the root loader), degraded as getDisplaySession() says. */
export async function loadShellSession(request: Request, context: AppLoadContext): Promise<ShellSession> {
  const session = await getDisplaySession(request, context);
  try {
    const { user, member } = session;
    const [cart, profile] = await Promise.all([loadCart(request, session), member ? member.profiles.get() : null]);
    const shellMember = user
      ? {
          email: user.email,
          fullName: profile ? profile.fullName : user.fullName,
          avatarUrl: profile?.avatarUrl ?? user.avatarUrl,
        }
      : null;
    return { session, member: shellMember, ...cart };
  } catch (error) {
    // The database went away between reading the session and the member's data.
    if (!isBackendUnavailable(error)) throw error;
    const visitor = await visitorSession(request, context);
    return { session: visitor, member: null, ...(await loadCart(request, visitor)) };
  }
}

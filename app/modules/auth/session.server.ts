import { redirect, type AppLoadContext } from "@remix-run/node";

import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import type { AuthUser } from "~/backend/ports/auth";
import type { MemberBackend, RequestBackend } from "~/backend/ports/backend";
import { backendUnavailable } from "~/backend/unavailable.server";
import type { ResponseJar } from "~/http/cookies.server";

/**
 * The request's context as routes and modules see it: the backend, the signed-in user and their data, and the
 * request's response cookie jar (`responseHeaders`, the load context's), where the visitor cart and wishlist, the
 * flash cookies and the backend's session cookie go; the server adds it to the response once.
 */
export interface Session extends ResponseJar {
  /** The request's backend: `auth`, the newsletter, guest orders. Its Set-Cookie headers reach the response by themselves. */
  backend: RequestBackend;
  user: AuthUser | null;
  /** The signed-in member's data functions, bound to the session's user (no `userId` to pass); null for a visitor. */
  member: MemberBackend | null;
}

export type MemberSession = Session & { user: AuthUser; member: MemberBackend };

/**
 * The request's backend handle, signed-in user and their data (null for a visitor or a tampered session cookie).
 * `context` is the loader's or action's: the server adds the headers the backend produces to the response.
 * When the database cannot be reached it throws the 503 page, so no action turns an outage into a 500.
 */
export async function getSession(request: Request, context: AppLoadContext): Promise<Session> {
  const backend = await backendFor(request, context);
  try {
    const user = await backend.auth.getUser();
    return { backend, user, member: user ? await backend.member() : null, responseHeaders: context.responseHeaders };
  } catch (error) {
    if (isBackendError(error, "unavailable")) throw backendUnavailable();
    throw error;
  }
}

/** The signed-in member, or a redirect to /auth that brings the shopper back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<MemberSession> {
  const session = await getSession(request, context);
  if (!session.user || !session.member) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`);
  }
  return { ...session, user: session.user, member: session.member };
}

/** /auth is for visitors: a signed-in user goes home. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<Session> {
  const session = await getSession(request, context);
  if (session.user) throw redirect("/");
  return session;
}

import { redirect } from "@remix-run/node";
import { backendFor } from "~/backend/backend.server";
import { isBackendError } from "~/backend/errors";
import type { AuthUser, RequestBackend } from "~/backend/port";
import { backendUnavailable } from "~/utils/backend-unavailable.server";

export interface Session {
  backend: RequestBackend;
  user: AuthUser | null;
}

/**
 * The request's backend handle and signed-in user (null for a visitor or a tampered session cookie).
 * When the database cannot be reached it throws the 503 page, so no action turns an outage into a 500.
 */
export async function getSession(request: Request): Promise<Session> {
  const backend = await backendFor(request);
  try {
    return { backend, user: await backend.auth.getUser() };
  } catch (error) {
    if (isBackendError(error, "unavailable")) throw backendUnavailable();
    throw error;
  }
}

/** The signed-in user, or a redirect to /auth that brings the shopper back here afterwards. */
export async function requireUser(request: Request): Promise<Session & { user: AuthUser }> {
  const session = await getSession(request);
  if (!session.user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: `${pathname}${search}` })}`, {
      headers: session.backend.responseHeaders,
    });
  }
  return { ...session, user: session.user };
}

/** /auth is for visitors: a signed-in user goes home. */
export async function requireAnonymous(request: Request): Promise<Session> {
  const session = await getSession(request);
  if (session.user) throw redirect("/", { headers: session.backend.responseHeaders });
  return session;
}

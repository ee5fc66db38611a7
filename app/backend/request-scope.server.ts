// What both adapters do alike for one request: one RequestBackend per request, its cookies going into the request's
// response cookie jar, and the member's data functions bound to the verified session's user.

import type { MemberBackend, RequestBackend } from "~/backend/ports/backend";
import { BackendError } from "./errors";

/**
 * `forRequest` for an adapter: the same Request gives the same object, and so does the same `jar` (every loader and
 * action of one HTTP request gets a Request of its own, but the same load context): one session read, and one
 * refresh, per HTTP request. `create` builds the scope around the Headers its cookies go into: the load context's
 * `responseHeaders`, the request's response cookie jar; a scope asked for without one (scripts, tests) gets its own.
 */
export function requestScopes(create: (request: Request, responseHeaders: Headers) => RequestBackend) {
  const byRequest = new WeakMap<Request, RequestBackend>();
  const byJar = new WeakMap<Headers, RequestBackend>();
  return function forRequest(request: Request, jar?: Headers): RequestBackend {
    const known = jar ? byJar.get(jar) : byRequest.get(request);
    const scope = known ?? create(request, jar ?? new Headers());
    byRequest.set(request, scope);
    if (jar) byJar.set(jar, scope);
    return scope;
  };
}

/** The ports a member's data functions come from: every one of MemberBackend's (the compiler checks the list). */
type MemberPortName = Exclude<keyof MemberBackend, "userId">;
const memberPortNames = Object.keys({
  carts: true,
  profiles: true,
  addresses: true,
  orders: true,
  wishlist: true,
} satisfies Record<MemberPortName, true>) as MemberPortName[];

/** A port method as bindPort calls it: whatever its input, it names the user. */
type UserScopedMethod = (input: { userId: string }) => unknown;

/**
 * The port's every method with `userId` put into its input (the port's own ones: both adapters build ports as
 * object literals). Each function reads the port's method when called, so that a test's spy on the scope's port
 * sees the call.
 */
function bindPort<Name extends MemberPortName>(
  scope: Pick<RequestBackend, MemberPortName>,
  name: Name,
  userId: string,
): MemberBackend[Name] {
  const method = (methodName: string) => (scope[name] as unknown as Record<string, UserScopedMethod>)[methodName]!;
  const bound = Object.keys(scope[name]).map((methodName) => [
    methodName,
    (input?: object) => method(methodName)({ ...input, userId }),
  ]);
  return Object.fromEntries(bound) as MemberBackend[Name];
}

/** The member's data functions: each call names the session's user, whom the adapter checks again. */
export function bindMember(scope: Pick<RequestBackend, MemberPortName>, userId: string): MemberBackend {
  const ports = Object.fromEntries(memberPortNames.map((name) => [name, bindPort(scope, name, userId)]));
  return { userId, ...(ports as Omit<MemberBackend, "userId">) };
}

/** RequestBackend.member() for an adapter: the verified session's user, or "not_authenticated". */
export async function memberOf(scope: Pick<RequestBackend, "auth" | MemberPortName>): Promise<MemberBackend> {
  const user = await scope.auth.getUser();
  if (!user) throw new BackendError("not_authenticated", "Please sign in first.");
  return bindMember(scope, user.id);
}

/**
 * The check every data call makes before it runs: a `userId` argument must be the verified session's user, whom
 * the call then runs as; null runs as anon (a visitor, a guest order). Anyone else is refused.
 */
export async function requireSessionUser(
  userId: string | null,
  sessionUserId: () => Promise<string | null>,
): Promise<string | null> {
  if (userId === null) return null;
  if ((await sessionUserId()) !== userId) throw new BackendError("not_authenticated", "Please sign in first.");
  return userId;
}

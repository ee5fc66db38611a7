// What both adapters do alike for one request: one RequestBackend per request, its headers reaching the server's
// per-request Headers, and the member's data functions bound to the verified session's user.

import { BackendError } from "./errors";
import type { MemberBackend, RequestBackend } from "./port";

/** Headers that also write into the Headers named with `alsoInto` (the load context's): Set-Cookie appends, the rest sets. */
class MirroredHeaders extends Headers {
  readonly #targets: Headers[] = [];

  alsoInto(target: Headers): void {
    if (target === this || this.#targets.includes(target)) return;
    this.#targets.push(target);
    copyHeaders(this, target);
  }

  override append(name: string, value: string): void {
    super.append(name, value);
    for (const target of this.#targets) target.append(name, value);
  }

  override set(name: string, value: string): void {
    super.set(name, value);
    for (const target of this.#targets) target.set(name, value);
  }

  override delete(name: string): void {
    super.delete(name);
    for (const target of this.#targets) target.delete(name);
  }
}

/** Adds `source` to `target`: every Set-Cookie appended (never replacing one already there), any other header set. */
export function copyHeaders(source: Headers, target: Headers): void {
  for (const setCookie of source.getSetCookie()) target.append("Set-Cookie", setCookie);
  source.forEach((value, name) => {
    if (name !== "set-cookie") target.set(name, value);
  });
}

/**
 * `forRequest` for an adapter: the same Request gives the same object, and so does the same `sink` (every
 * loader and action of one HTTP request gets a Request of its own, but the same load context): one session
 * read, and one refresh, per HTTP request. `create` builds the scope around the Headers it must write to.
 */
export function requestScopes(create: (request: Request, responseHeaders: Headers) => RequestBackend) {
  const byRequest = new WeakMap<Request, RequestBackend>();
  const bySink = new WeakMap<Headers, RequestBackend>();
  return function forRequest(request: Request, sink?: Headers): RequestBackend {
    let scope = byRequest.get(request) ?? (sink && bySink.get(sink));
    if (!scope) scope = create(request, new MirroredHeaders());
    byRequest.set(request, scope);
    if (sink) {
      bySink.set(sink, scope);
      (scope.responseHeaders as MirroredHeaders).alsoInto(sink);
    }
    return scope;
  };
}

/** The member's data functions: each call names the session's user, whom the adapter checks again. */
export function bindMember(scope: Pick<RequestBackend, "carts" | "profiles" | "orders" | "wishlist">, userId: string): MemberBackend {
  const { carts, profiles, orders, wishlist } = scope;
  // Each function reads the port's method when called, so that a test's spy on the scope's port sees the call.
  return {
    userId,
    carts: {
      list: () => carts.list({ userId }),
      add: (input) => carts.add({ ...input, userId }),
      setQuantity: (input) => carts.setQuantity({ ...input, userId }),
      remove: (input) => carts.remove({ ...input, userId }),
      clear: () => carts.clear({ userId }),
      merge: (input) => carts.merge({ ...input, userId }),
      removeProductsNotIn: (input) => carts.removeProductsNotIn({ ...input, userId }),
    },
    profiles: {
      get: () => profiles.get({ userId }),
      updateFullName: (input) => profiles.updateFullName({ ...input, userId }),
    },
    orders: {
      place: (input) => orders.place({ ...input, userId }),
      listForUser: () => orders.listForUser({ userId }),
      listPageForUser: (input) => orders.listPageForUser({ ...input, userId }),
    },
    wishlist: {
      list: () => wishlist.list({ userId }),
      add: (input) => wishlist.add({ ...input, userId }),
      remove: (input) => wishlist.remove({ ...input, userId }),
      toggle: (input) => wishlist.toggle({ ...input, userId }),
      merge: (input) => wishlist.merge({ ...input, userId }),
    },
  };
}

/** RequestBackend.member() for an adapter: the verified session's user, or "not_authenticated". */
export async function memberOf(scope: Pick<RequestBackend, "auth" | "carts" | "profiles" | "orders" | "wishlist">): Promise<MemberBackend> {
  const user = await scope.auth.getUser();
  if (!user) throw new BackendError("not_authenticated", "Please sign in first.");
  return bindMember(scope, user.id);
}

/**
 * The check every data call makes before it runs: a `userId` argument must be the verified session's user, whom
 * the call then runs as; null runs as anon (a visitor, a guest order). Anyone else is refused.
 */
export async function requireSessionUser(userId: string | null, sessionUserId: () => Promise<string | null>): Promise<string | null> {
  if (userId === null) return null;
  if ((await sessionUserId()) !== userId) throw new BackendError("not_authenticated", "Please sign in first.");
  return userId;
}

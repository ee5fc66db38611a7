import { describe, expect, test, vi } from "vitest";

import type { RequestBackend } from "~/backend/ports/backend";
import { BackendError } from "./errors";
import { bindMember, memberOf, requestScopes, requireSessionUser } from "./request-scope.server";

const userId = "6f1c1f0e-2f7a-4a8e-9a51-3f0c2b7d9e10";
const otherId = "0b6a3e55-8e1c-4d4e-b1f5-7f5c9a0d2c31";

/** A scope whose ports record what they were called with, and whose session is `sessionUserId`'s. */
function fakeScope(responseHeaders = new Headers(), sessionUserId: string | null = userId) {
  const calls: unknown[] = [];
  const port = (...names: string[]) =>
    Object.fromEntries(names.map((name) => [name, (input: unknown) => Promise.resolve(calls.push({ name, input }))]));
  const scope = {
    auth: { getUser: async () => (sessionUserId ? { id: sessionUserId } : null) },
    carts: port("list", "add"),
    profiles: port("get"),
    addresses: port("list"),
    orders: port("listPageForUser"),
    wishlist: port("toggle"),
    newsletter: port("subscribe"),
    responseHeaders,
  } as unknown as RequestBackend;
  return { scope, calls };
}

describe("requestScopes", () => {
  test("the same Request, or the same cookie jar, gives the same scope", () => {
    const create = vi.fn((_request: Request, headers: Headers) => fakeScope(headers).scope);
    const forRequest = requestScopes(create);
    const jar = new Headers();
    const loaderRequest = new Request("http://shop.test/cart");
    const rootRequest = new Request("http://shop.test/cart?_data=root");
    expect(forRequest(loaderRequest, jar)).toBe(forRequest(loaderRequest, jar));
    expect(forRequest(rootRequest, jar)).toBe(forRequest(loaderRequest));
    expect(forRequest(new Request("http://shop.test/"))).not.toBe(forRequest(loaderRequest));
    expect(create).toHaveBeenCalledTimes(2);
  });

  test("what the scope writes goes into the request's cookie jar itself; without one, into Headers of its own", () => {
    const forRequest = requestScopes((_request, headers) => fakeScope(headers).scope);
    const jar = new Headers();
    const scope = forRequest(new Request("http://shop.test/"), jar);
    expect(scope.responseHeaders).toBe(jar);
    const alone = forRequest(new Request("http://shop.test/"));
    expect(alone.responseHeaders).not.toBe(jar);
  });
});

describe("the member's data functions", () => {
  test("name the session's user in every call", async () => {
    const { scope, calls } = fakeScope();
    const member = bindMember(scope, userId);
    await member.carts.list();
    await member.carts.add({ productId: "clip-1", quantity: 2 });
    await member.orders.listPageForUser({ limit: 10, offset: 0 });
    await member.wishlist.toggle({ productId: "wig-1" });
    expect(calls).toEqual([
      { name: "list", input: { userId } },
      { name: "add", input: { productId: "clip-1", quantity: 2, userId } },
      { name: "listPageForUser", input: { limit: 10, offset: 0, userId } },
      { name: "toggle", input: { productId: "wig-1", userId } },
    ]);
  });

  test("are every method of each member port, the scope's method of the moment", async () => {
    const { scope, calls } = fakeScope();
    // A method the port gains is bound with no edit in bindMember.
    Object.assign(scope.wishlist, { share: (input: unknown) => Promise.resolve(calls.push({ name: "share", input })) });
    const member = bindMember(scope, userId);
    expect(Object.keys(member).sort()).toEqual(["addresses", "carts", "orders", "profiles", "userId", "wishlist"]);
    expect(Object.keys(member.wishlist)).toEqual(["toggle", "share"]);
    await (member.wishlist as unknown as Record<string, (input: object) => Promise<unknown>>).share!({ to: "x" });
    // Replaced after binding (as a test's spy does): the bound function calls the new one.
    Object.assign(scope.profiles, { get: (input: unknown) => Promise.resolve(calls.push({ name: "spied", input })) });
    await member.profiles.get();
    expect(calls).toEqual([
      { name: "share", input: { to: "x", userId } },
      { name: "spied", input: { userId } },
    ]);
  });

  test("cannot be had without a signed-in session", async () => {
    expect((await memberOf(fakeScope().scope)).userId).toBe(userId);
    await expect(memberOf(fakeScope(new Headers(), null).scope)).rejects.toMatchObject({ code: "not_authenticated" });
  });
});

describe("requireSessionUser", () => {
  test("a call runs as the session's user, anon when it names nobody, and is refused when it names anyone else", async () => {
    const session = async () => userId;
    await expect(requireSessionUser(userId, session)).resolves.toBe(userId);
    await expect(requireSessionUser(null, session)).resolves.toBeNull();
    await expect(requireSessionUser(otherId, session)).rejects.toBeInstanceOf(BackendError);
    await expect(requireSessionUser(userId, async () => null)).rejects.toMatchObject({ code: "not_authenticated" });
  });
});

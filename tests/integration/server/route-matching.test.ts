import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The server's route matching runs through patches/@remix-run+router+1.23.3.patch (decision 0012): a routes array
// is flattened and ranked once, and a path's RegExp compiled once, instead of on every request.

function matchedIds(routes: AgnosticRouteObject[], pathname: string) {
  return matchRoutes(routes, pathname)?.map((match) => match.route.id) ?? null;
}

describe("route matching (patched @remix-run/router)", () => {
  const routes: AgnosticRouteObject[] = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true },
        { id: "product", path: "product/:productId" },
        { id: "shop", path: "shop" },
        { id: "category", path: ":category" },
        { id: "not-found", path: "*" },
      ],
    },
  ];

  it("gives the same matches, ranked the same, on every lookup of a routes array", () => {
    for (let lookup = 0; lookup < 3; lookup++) {
      expect(matchedIds(routes, "/")).toEqual(["root", "home"]);
      expect(matchedIds(routes, "/shop")).toEqual(["root", "shop"]);
      expect(matchedIds(routes, "/wigs")).toEqual(["root", "category"]);
      expect(matchedIds(routes, "/a/b")).toEqual(["root", "not-found"]);
      expect(matchRoutes(routes, "/product/clip-1")?.at(-1)?.params).toEqual({ productId: "clip-1" });
      expect(matchRoutes(routes, "/PRODUCT/x%20y")?.at(-1)?.params).toEqual({ productId: "x y" });
    }
  });

  it("flattens a routes array once: the patch is applied", () => {
    const frozenTree: AgnosticRouteObject[] = [{ id: "a", path: "/a" }];
    expect(matchedIds(frozenTree, "/b")).toBeNull();
    // Routes are data the server builds once; a change made behind the router's back is not seen.
    frozenTree.push({ id: "b", path: "/b" });
    expect(matchedIds(frozenTree, "/b")).toBeNull();
    // A new array is a new tree.
    expect(matchedIds([...frozenTree], "/b")).toEqual(["b"]);
  });

  it("matches a route added through the router's own patching after earlier lookups", async () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory({ initialEntries: ["/"] }),
      patchRoutesOnNavigation({ path, patch }) {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    }).initialize();
    try {
      await router.navigate("/");
      expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "home"]);
      await router.navigate("/late");
      expect(router.state.location.pathname).toBe("/late");
      expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "late"]);
      expect(router.state.errors).toBeNull();
    } finally {
      router.dispose();
    }
  });
});

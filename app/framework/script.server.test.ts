import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";

import { escapeForScript, frameworkScript } from "~/framework/script.server";

const route = (id: string, fields: Record<string, unknown>) => ({
  id,
  module: `/assets/${id.split("/").pop()}.js`,
  imports: ["/assets/shell.js"],
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  ...fields,
});

const manifest = {
  entry: { module: "/assets/shell.js", imports: [] },
  url: "/assets/manifest-1.js",
  version: "1",
  routes: {
    root: route("root", { path: "" }),
    "routes/home": route("routes/home", { parentId: "root", index: true }),
    shop: route("shop", { parentId: "root", path: "shop" }),
    "routes/catalog/product": route("routes/catalog/product", {
      parentId: "root",
      path: "product/:id",
      imports: ["/assets/shell.js", "/assets/price.js"],
    }),
  },
};

function contextFor(pathname: string, matchedIds: string[]) {
  return {
    manifest,
    serverHandoffString: '{"basename":"/","future":{"v3_singleFetch":true},"isSpaMode":false}',
    staticHandlerContext: { location: { pathname }, matches: matchedIds.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}

/** The objects the script assigns and passes, read back from its text. */
function parse(script: string) {
  const json = (pattern: RegExp) => JSON.parse(pattern.exec(script)?.[1] ?? "null");
  return {
    context: json(/^window\.__remixContext = (.*);$/m),
    manifest: json(/^window\.__remixManifest = (.*);$/m),
    config: json(/\}\)\((\{.*\})\);$/),
  };
}

describe("frameworkScript", () => {
  it("hands over the context, opens the data stream and starts the framework on intent with the matched routes", () => {
    const script = frameworkScript(contextFor("/product/clip-1", ["root", "routes/catalog/product"]), 2500);
    const { context, config } = parse(script);
    expect(context).toEqual({ basename: "/", future: { v3_singleFetch: true }, isSpaMode: false });
    expect(script).toContain("window.__remixContext.stream = new ReadableStream(");
    expect(config).toEqual({
      routes: { root: "/assets/root.js", "routes/catalog/product": "/assets/product.js" },
      entry: "/assets/shell.js",
      preloads: ["/assets/shell.js", "/assets/root.js", "/assets/price.js", "/assets/product.js"],
      idleDelayMs: 2500,
    });
    // No module is imported at once: no import statement outside the loader's own text.
    expect(script).not.toMatch(/^import /m);
  });

  it("knows the matched routes and those of the parent paths (their index routes), as Remix's partial manifest", () => {
    const { manifest: partial } = parse(
      frameworkScript(contextFor("/product/clip-1", ["root", "routes/catalog/product"])),
    );
    expect(Object.keys(partial.routes).sort()).toEqual(["root", "routes/catalog/product", "routes/home"]);
    expect(partial.entry).toEqual(manifest.entry);
    expect(partial.version).toBe("1");
  });

  it("cannot be closed early by a value in the manifest", () => {
    expect(escapeForScript(JSON.stringify({ path: "</script><script>alert(1)</script>\u2028" }))).toBe(
      '{"path":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u2028"}',
    );
  });
});

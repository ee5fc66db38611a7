import type { EntryContext } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

import { handOffToBrowser } from "~/framework/internals";
import { startFrameworkOnIntent, type FrameworkLoaderConfig } from "~/framework/loader";

type Manifest = EntryContext["manifest"];
type ManifestRoute = NonNullable<Manifest["routes"][string]>;
type RouteTree = Parameters<typeof matchRoutes>[0];

/**
 * With no intent at all, how long after `load` the page waits before starting the framework. Lighthouse stops
 * watching a page ~1-2 s after `load`; hydrating later keeps the framework's one long task out of its blocking
 * time, and a shopper who has not touched the page in that time loses nothing (docs/performance.md, item 21).
 */
export const FRAMEWORK_IDLE_DELAY_MS = 3000;

/**
 * The one inline script that replaces Remix's `<Scripts>` (docs/decisions/0018): what `<Scripts>` writes for
 * the browser (the hand-off context, the stream the turbo-stream data is written into, the partial route manifest),
 * but instead of module preloads and an inline module that imports the routes and the entry at once, a small loader
 * (`startFrameworkOnIntent`) that imports them when the shopper shows intent. Everything is escaped for a <script>.
 */
export function frameworkScript(context: EntryContext, idleDelayMs = FRAMEWORK_IDLE_DELAY_MS): string {
  const { manifest, staticHandlerContext } = context;
  const matched = staticHandlerContext.matches.map((match) => manifest.routes[match.route.id]).filter(isDefined);
  const routes = Object.fromEntries(matched.map((route) => [route.id, route.module]));
  const preloads = [
    ...new Set([
      manifest.entry.module,
      ...manifest.entry.imports,
      ...matched.flatMap((route) => [...(route.imports ?? []), route.module]),
    ]),
  ];
  const hmrRuntime = (manifest as Manifest & { hmr?: { runtime?: string } }).hmr?.runtime;
  const config: FrameworkLoaderConfig = {
    routes,
    entry: manifest.entry.module,
    preloads,
    idleDelayMs,
    ...(hmrRuntime ? { hmrRuntime } : {}),
  };
  const partialManifest = {
    ...manifest,
    routes: initialRoutes(
      manifest,
      matched.map((route) => route.id),
      staticHandlerContext.location.pathname,
    ),
  };
  return [
    ...handOffToBrowser(context.serverHandoffString, escapeForScript(JSON.stringify(partialManifest))),
    `(${startFrameworkOnIntent.toString()})(${escapeForScript(JSON.stringify(config))});`,
  ].join("\n");
}

/**
 * The routes the browser knows at start (lazy route discovery asks the server for the rest): the matched ones plus
 * those matching each parent path, so that index and pathless children of the current path are known. The same set
 * as Remix's getPartialManifest.
 */
function initialRoutes(manifest: Manifest, matchedIds: string[], pathname: string): Record<string, ManifestRoute> {
  const ids = new Set(matchedIds);
  const segments = pathname.split("/").filter(Boolean);
  segments.pop();
  const parentPaths = ["/", ...segments.map((_, index) => `/${segments.slice(0, index + 1).join("/")}`)];
  for (const path of parentPaths) {
    for (const { route } of matchRoutes(routeTree(manifest), path) ?? []) if (route.id) ids.add(route.id);
  }
  return Object.fromEntries(
    [...ids]
      .map((id) => [id, manifest.routes[id]])
      .filter((entry): entry is [string, ManifestRoute] => isDefined(entry[1])),
  );
}

const routeTrees = new WeakMap<Manifest, RouteTree>();

/** The route tree of a manifest, built once per build (the route matcher keeps its ranking per routes array). */
function routeTree(manifest: Manifest): RouteTree {
  let tree = routeTrees.get(manifest);
  if (!tree) {
    const routes = Object.values(manifest.routes).filter(isDefined);
    const children = (parentId: string | undefined): RouteTree =>
      routes
        .filter((route) => route.parentId === parentId)
        .map(({ id, path, index, caseSensitive }) =>
          index ? { id, path, index, caseSensitive } : { id, path, caseSensitive, children: children(id) },
        );
    tree = children(undefined);
    routeTrees.set(manifest, tree);
  }
  return tree;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

const scriptEscapes: Record<string, string> = {
  "&": "\\u0026",
  "<": "\\u003c",
  ">": "\\u003e",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON that can sit inside an inline <script>: no `</script>`, no `<!--`, no line separators. */
export function escapeForScript(json: string): string {
  return json.replace(/[&<>\u2028\u2029]/g, (character) => scriptEscapes[character] ?? character);
}

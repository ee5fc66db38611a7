import type { EntryContext } from "@remix-run/node";

/**
 * Every place where the shop relies on how Remix 2 works inside rather than on what it documents, so that an upgrade
 * (a Remix 2 release, later React Router 7) starts from this file. internals.test.tsx reads the installed
 * packages and fails when one of these changes:
 * - the browser globals Remix's client entry starts from (`remixGlobals`), which the root's own script writes in
 *   place of `<Scripts>` (`handOffToBrowser`, docs/decisions/0018);
 * - `renderMeta.didRenderScripts`, which tells the server to stream the loader data after the document
 *   (`markScriptsRendered`);
 * - RemixBrowser's first render throwing its pending loader-data decoding (`loaderDataDecoded`);
 * - the router patch in patches/ (route matching computed once), which names the router version it applies to;
 * - conform's field metadata, which forms/zod-form.ts builds itself for the page before conform has loaded;
 * - (not checked by a test) single fetch leaving an AbortError unobserved when a newer request supersedes a fetcher's,
 *   which entry.client.tsx keeps out of the console.
 * `VERIFIED_VERSIONS` are the versions these were read from.
 */
export const VERIFIED_VERSIONS = {
  "@remix-run/react": "2.17.5",
  "@remix-run/router": "1.23.3",
  "@conform-to/react": "1.21.1",
} as const;

/** The globals Remix's browser entry reads (`__remixRouter` it writes: tests and benches read it to see hydration). */
export const remixGlobals = {
  context: "__remixContext",
  manifest: "__remixManifest",
  routeModules: "__remixRouteModules",
  router: "__remixRouter",
} as const;

/** The root renders its own script in place of `<Scripts>`: Remix must still stream the loader data after it. */
export function markScriptsRendered(context: EntryContext): void {
  context.renderMeta ??= {};
  context.renderMeta.didRenderScripts = true;
}

/**
 * What `<Scripts>` writes for the browser, as statements of an inline script: the hand-off context
 * (`serverHandoffString`, escaped by Remix already), the stream the single-fetch data is written into, and the
 * route manifest (`manifestJson`, escaped by the caller for a script).
 */
export function handOffToBrowser(serverHandoffString: string | undefined, manifestJson: string): string[] {
  const context = `window.${remixGlobals.context}`;
  return [
    `${context} = ${serverHandoffString ?? "{}"};`,
    `${context}.stream = new ReadableStream({start(controller){${context}.streamController = controller;}}).pipeThrough(new TextEncoderStream());`,
    `window.${remixGlobals.manifest} = ${manifestJson};`,
  ];
}

/**
 * Resolves once Remix has decoded the loader data the server streamed into the page: its first render starts that
 * decoding and throws the pending promise (Remix 2.17). entry.client.tsx hydrates only after it (it says why).
 */
export async function loaderDataDecoded(RemixBrowser: unknown): Promise<void> {
  try {
    (RemixBrowser as (props: object) => unknown)({});
  } catch (pending) {
    if (pending instanceof Promise) await pending;
  }
}

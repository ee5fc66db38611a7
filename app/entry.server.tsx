import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { holdDocumentEnd } from "~/framework/document-end.server";
import { markScriptsRendered } from "~/framework/internals";
import { frameworkScript } from "~/framework/script.server";
import { ServerDocumentProvider } from "~/framework/server-document";
import { setDocumentCacheControl } from "~/http/cache-control";
import inlineStylesheet from "~/tailwind.css?inline";

export { startup, shutdown } from "~/lifecycle.server";
// server.js answers a refused client's further posts with it, before Remix (decision 0027).
export { floodGate } from "~/modules/limits/flood-gate.server";

/**
 * Remix logs every error a request meets. A client's mistake (a 4xx answer such as OPTIONS /cart's 405) and a
 * request the client abandoned are not the shop's errors: no stack for them in the log.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Bots and no-JavaScript clients get the whole document at once; browsers get the shell as soon as it is ready.
  const callback = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  // The root layout renders FrameworkScript in place of Remix's <Scripts>: Remix streams the loader data after it.
  markScriptsRendered(remixContext);
  const serverDocument = {
    nonce,
    stylesheet: import.meta.env.PROD ? inlineStylesheet : "",
    frameworkScript: frameworkScript(remixContext),
  };

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still waiting after the stream timeout. Cleared once React has written the whole document: a
    // pending timer keeps the render (its tree, the loader data) alive for six seconds after the answer, several
    // hundred pages at a hundred a second, 30-80 MB of bench:memory's peaks (decision 0051).
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1_000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerDocumentProvider value={serverDocument}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </ServerDocumentProvider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          // The closing tags follow the data scripts Remix streams after the shell (valid HTML to the last byte).
          const body = holdDocumentEnd();
          body.once("finish", () => clearTimeout(abortTimer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          setDocumentCacheControl(
            request,
            responseStatusCode,
            responseHeaders,
            remixContext.staticHandlerContext.matches.at(-1)?.route.id,
          );
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

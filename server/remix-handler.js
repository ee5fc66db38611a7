// The Remix request handler for Express, as @remix-run/express writes it, except that a request's body is the
// one readFormBody() already read and checked (res.locals.body) instead of the socket stream: mount that first;
// and that pages a shared cache may keep can come from the page cache (page-cache.js).
// Not @remix-run/express itself: its createRequestHandler streams the body from the socket, which readFormBody()
// has consumed, and sends Remix's response at once, leaving no place for the request's cookie jar or the page cache.
// So the shop does not depend on it (remix-serve, which is installed but unused, still brings it: decision 0001).
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";

import { isPhotoUpload, isWebhookRequest, PHOTO_UPLOAD_LIMIT_BYTES } from "./request-guards.js";

/**
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 */
function toFetchRequest(req, res) {
  // req.hostname honours the "trust proxy" setting; the port comes from X-Forwarded-Host or Host.
  const portOf = (/** @type {string | undefined} */ host) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("Host"));
  const port = Number.isSafeInteger(forwardedPort)
    ? forwardedPort
    : Number.isSafeInteger(hostPort)
      ? hostPort
      : undefined;
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value) headers.set(name, value);
  }

  // Loaders and actions see request.signal abort when the client goes away before the response is sent.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });

  /** @type {RequestInit} */
  const init = { method: req.method, headers, signal: controller.signal };
  /** @type {Buffer | undefined} */
  const body = res.locals.body;
  if (body && body.length > 0 && req.method !== "GET" && req.method !== "HEAD") init.body = body;
  if (isPhotoUpload(req)) Object.assign(init, { body: streamedBody(req, res), duplex: "half" });
  return new Request(url.href, init);
}

/** @param {() => void} step */
function ignoreGivenUp(step) {
  try {
    step();
  } catch {
    // The stream is closed already.
  }
}

/**
 * A photo upload's body as it arrives (request-guards.js, isPhotoUpload), read only as fast as the route reads it.
 * Whatever the route leaves unread (a photo over 10 MB) is read and dropped once the answer is sent: closing a
 * connection the browser is still sending on resets it, and the browser would show an error instead of the answer.
 * Past PHOTO_UPLOAD_LIMIT_BYTES in all, the connection is closed.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @returns {ReadableStream<Uint8Array>}
 */
function streamedBody(req, res) {
  let received = 0;
  const count = (/** @type {Buffer} */ chunk) => {
    received += chunk.length;
    if (received > PHOTO_UPLOAD_LIMIT_BYTES) req.destroy();
    return received <= PHOTO_UPLOAD_LIMIT_BYTES;
  };
  const dropTheRest = () => {
    req.removeAllListeners("data");
    req.on("data", count);
    req.resume();
  };
  res.on("finish", () => {
    if (!req.complete) dropTheRest();
  });
  return new ReadableStream({
    start(controller) {
      req.on("data", (/** @type {Buffer} */ chunk) => {
        if (!count(chunk)) return controller.error(new Error("The upload is too large."));
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      // Either may come after the stream was given up (cancelled, or errored above): nothing to tell it then.
      req.on("end", () => ignoreGivenUp(() => controller.close()));
      req.on("error", (error) => ignoreGivenUp(() => controller.error(error)));
    },
    pull() {
      req.resume();
    },
    cancel() {
      dropTheRest();
    },
  });
}

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function sendResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * `response` with the request's response cookie jar (the load context's `responseHeaders`) added: the one place
 * the shop's cookies (the session's, the visitor cart and wishlist, the flash cookies) reach a response, for every
 * kind of answer: a document, a data request's, a resource route's, a redirect, a thrown response, the error and
 * 404 pages. Set-Cookie is appended, never replacing one already there; the jar's other headers are set (the jar
 * makes a response that carries a cookie private: app/http/cookies.server.ts).
 * @param {Response} response
 * @param {Headers | undefined} jar
 * @returns {Response}
 */
export function withResponseHeaders(response, jar) {
  if (!jar || [...jar.keys()].length === 0) return response;
  const headers = new Headers(response.headers);
  for (const setCookie of jar.getSetCookie()) headers.append("Set-Cookie", setCookie);
  jar.forEach((value, name) => {
    if (name !== "set-cookie") headers.set(name, value);
  });
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * @param {{
 *   build: Parameters<typeof createRequestHandler>[0];
 *   mode: string;
 *   getLoadContext: (req: import("express").Request, res: import("express").Response) => import("@remix-run/node").AppLoadContext;
 *   pageCache?: import("./page-cache.js").PageCache;
 * }} options
 *   getLoadContext reads the nonce to render with from res.locals.renderNonce.
 * @returns {import("express").RequestHandler}
 */
export function remixHandler({ build, mode, getLoadContext, pageCache }) {
  const handleRequest = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const cache = isWebhookRequest(req) ? undefined : pageCache;
      if (cache && (await cache.serve(req, res))) return;
      res.locals.renderNonce = cache ? cache.renderNonce(res) : res.locals.cspNonce;
      const context = getLoadContext(req, res);
      const response = withResponseHeaders(
        await handleRequest(toFetchRequest(req, res), context),
        context.responseHeaders,
      );
      await sendResponse(res, cache ? await cache.capture(res, response) : response);
    } catch (error) {
      next(error);
    } finally {
      pageCache?.release(res);
    }
  };
}

// Checks every state-changing request must pass before Remix sees it: it comes from our own pages (Origin),
// its body is small, of a form type, and valid UTF-8. Each refusal is a short page that says what went wrong.
// What the text says is the forms' business: a control character, say, is refused by the form it was typed into,
// with that field's message (app/forms/form-text.ts). See docs/decisions/0005-operations.md.
// Requests Node's HTTP parser cannot take (a URL or cookies over its 16 KB header limit) never reach Express:
// answerUnparsableRequests answers those.

/** Forms here are a few fields of text: 64 KB is far more than any legitimate one. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Bodies up to this size are read and discarded before answering 413, so the client sees the answer. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths a payment provider posts its signed events to (decision 0031): not a form of ours, so exempt from the
 * same-origin check and read as the raw bytes of any content type (the route verifies their signature), within the
 * same size limit. Also kept out of the page cache (remix-handler.js). Nothing else is exempt.
 */
export const WEBHOOK_PATHS = new Set(["/webhooks/stripe"]);

/** @param {import("express").Request} req */
export const isWebhookRequest = (req) => WEBHOOK_PATHS.has(splitUrl(req.originalUrl).path);

/**
 * The back office's photo upload form (app/routes.ts: admin/products/:id/photos, and its single-fetch `.data`; decision
 * 0038). Its multipart posts are not read here: Remix streams them, keeping at most 10 MB of the photo (on disk) and
 * answering past that with the form and its typed text; the rest of such a body is read and dropped once the answer
 * is sent (remix-handler.js). Still from our own pages (refuseCrossSitePosts), and within PHOTO_UPLOAD_LIMIT_BYTES.
 */
const PHOTO_UPLOAD_PATH = /^\/admin\/products\/[^/]+\/photos(?:\.data)?$/;

/** The most a photo upload's body may be (the photo itself: 10 MB); past it 413 here, or the connection closed. */
export const PHOTO_UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;

/** @param {import("express").Request} req */
export const isPhotoUpload = (req) =>
  req.method === "POST" &&
  formKind(req.get("Content-Type")) === "multipart" &&
  PHOTO_UPLOAD_PATH.test(splitUrl(req.originalUrl).path);

/**
 * The back office's multipart posts that are larger than a form, read and checked here like any form, each within its
 * own limit (its route refuses a file over its own size itself): the product CSV import (app/routes.ts:
 * admin/products/import, decision 0040: a file of at most 2 MB, or the confirmation carrying that file back as base64,
 * a third larger) and an order's return labels (admin/orders/:id/return-labels, decision 0048: a PDF of at most 1 MB).
 */
const LARGER_FORMS = [
  {
    path: /^\/admin\/products\/import(?:\.data)?$/,
    limit: 3 * 1024 * 1024,
    tooLarge: "The file you sent is larger than 2 MB. Please import the products in several files.",
  },
  {
    path: /^\/admin\/orders\/[^/]+\/return-labels(?:\.data)?$/,
    limit: 1.5 * 1024 * 1024,
    tooLarge: "The label you sent is larger than 1 MB. Please send the carrier's PDF as it came.",
  },
];

/** @param {import("express").Request} req */
const largerForm = (req) =>
  req.method === "POST" && formKind(req.get("Content-Type")) === "multipart"
    ? LARGER_FORMS.find((form) => form.path.test(splitUrl(req.originalUrl).path))
    : undefined;

/**
 * Answers with a small page (or plain text for non-browser clients) and nothing else.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {number} status
 * @param {string} title
 * @param {string} message
 */
export function refuse(req, res, status, title, message) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  if (req.accepts(["html", "text"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${title} | Luxe Strands</title></head><body><main><h1>${title}</h1><p>${message}</p>` +
          `<p><a href="/">Return to the shop</a></p></main></body></html>`,
      );
  } else {
    res.type("text").send(`${title}: ${message}\n`);
  }
}

/**
 * The hosts a same-site request may name in its Origin header: the Host it was sent to, the forwarded host
 * when the proxy is trusted, and SITE_URL's host. Schemes are not compared: a TLS-terminating proxy makes
 * https://shop.example arrive here as plain http.
 * @param {import("express").Request} req
 * @param {string | undefined} siteUrl
 */
function ownHosts(req, siteUrl) {
  const hosts = [req.headers.host];
  if (req.app.get("trust proxy")) hosts.push(req.get("X-Forwarded-Host")?.split(",")[0]?.trim());
  if (siteUrl) hosts.push(new URL(siteUrl).host);
  return hosts.filter(Boolean).map((host) => /** @type {string} */ (host).toLowerCase());
}

const CROSS_SITE_MESSAGE =
  "This form was sent from another website. Please go back to the shop and try again from there.";

/**
 * Refuses a state-changing request whose Origin header names another site (403), or that has no Origin but the
 * browser's `Sec-Fetch-Site: cross-site`. Requests with neither (old browsers, curl, server-to-server) pass: a
 * cross-site form post from a browser carries one or the other, and our cookies are SameSite=Lax, so such a post
 * would arrive without the shopper's session anyway.
 * @param {{ siteUrl?: string }} [options]
 * @returns {import("express").RequestHandler}
 */
export function refuseCrossSitePosts({ siteUrl = process.env.SITE_URL || undefined } = {}) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isWebhookRequest(req)) return next();
    const origin = req.get("Origin");
    if (origin === undefined) {
      // A browser that sends no Origin still says where the post came from: another site's form (login CSRF on
      // /auth, or any form whose post needs no cookie) is refused on every endpoint alike.
      if (req.get("Sec-Fetch-Site")?.trim().toLowerCase() !== "cross-site") return next();
      return refuse(req, res, 403, "Request refused", CROSS_SITE_MESSAGE);
    }
    let originHost = "";
    try {
      // "null" (sandboxed frames, some cross-site redirects) is not a URL and never ours.
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      // Leave originHost empty: refused below.
    }
    if (originHost && ownHosts(req, siteUrl).includes(originHost)) return next();
    refuse(req, res, 403, "Request refused", CROSS_SITE_MESSAGE);
  };
}

/** @param {string | undefined} contentType */
function formKind(contentType) {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * True when a urlencoded body is well formed and every name and value decodes to valid UTF-8 (browsers
 * percent-encode whatever the shopper typed, so anything else was not sent by one of our forms).
 * @param {Buffer} body
 */
export function isValidUrlEncodedUtf8(body) {
  let text;
  try {
    text = strictUtf8.decode(body);
  } catch {
    return false;
  }
  for (const pair of text.split("&")) {
    for (const part of pair.split("=")) {
      try {
        decodeURIComponent(part.replaceAll("+", " "));
      } catch {
        return false;
      }
    }
  }
  return true;
}

/**
 * True when a multipart body parses as form data and, when it carries no file, is valid UTF-8.
 * @param {Buffer} body
 * @param {string} contentType
 */
async function isValidMultipart(body, contentType) {
  if (!body.includes("filename=")) {
    try {
      strictUtf8.decode(body);
    } catch {
      return false;
    }
  }
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the body of a state-changing request into `res.locals.body` (a Buffer), refusing it before Remix
 * parses anything when it is larger than `limit` (413), not a form (415), or malformed / not valid UTF-8 (400).
 * @param {{ limit?: number }} [options]
 * @returns {import("express").RequestHandler}
 */
export function readFormBody({ limit: formLimit = DEFAULT_BODY_LIMIT_BYTES } = {}) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const larger = largerForm(req);
    const limit = larger?.limit ?? formLimit;
    const tooLarge =
      larger?.tooLarge ??
      `The form you sent is larger than ${Math.round(limit / 1024)} KB. Please shorten what you typed and try again.`;

    const declared = Number(req.get("Content-Length") ?? NaN);
    if (isPhotoUpload(req)) {
      if (!(declared > PHOTO_UPLOAD_LIMIT_BYTES)) return next();
      res.setHeader("Connection", "close");
      return refuse(req, res, 413, "Photo too large", "A photo can be at most 10 MB. Please choose a smaller file.");
    }
    if (declared > limit) {
      // Past the drain limit the connection is closed instead of reading the rest.
      if (declared > DRAIN_LIMIT_BYTES) res.setHeader("Connection", "close");
      return refuse(req, res, 413, "Form too large", tooLarge);
    }

    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    let refused = false;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      received += chunk.length;
      if (refused) {
        if (received > DRAIN_LIMIT_BYTES) req.destroy();
        return;
      }
      if (received > limit) {
        // Sent without a Content-Length (chunked): refuse once it passes the limit, discard the rest.
        refused = true;
        chunks.length = 0;
        res.setHeader("Connection", "close");
        refuse(req, res, 413, "Form too large", tooLarge);
        return;
      }
      chunks.push(chunk);
    });
    // The client went away mid-body: nothing to answer; the request log marks the request aborted.
    req.on("error", () => {});
    req.on("end", async () => {
      if (refused) return;
      const body = Buffer.concat(chunks, received);
      if (isWebhookRequest(req)) {
        res.locals.body = body;
        return next();
      }
      // A bodiless post (curl -X POST, a button with no fields) is an empty form: say so, so that the
      // route's request.formData() reads no fields instead of throwing on a missing Content-Type.
      if (body.length === 0 && !req.headers["content-type"])
        req.headers["content-type"] = "application/x-www-form-urlencoded";
      const contentType = req.get("Content-Type") ?? "";
      const kind = formKind(contentType);
      if (!kind) {
        return refuse(req, res, 415, "Unsupported form", "This address only accepts forms sent from the shop's pages.");
      }
      const valid = kind === "urlencoded" ? isValidUrlEncodedUtf8(body) : await isValidMultipart(body, contentType);
      if (!valid) {
        return refuse(
          req,
          res,
          400,
          "Unreadable form",
          "The form could not be read: it is malformed or is not valid text. Please go back, correct what you typed and try again.",
        );
      }
      res.locals.body = body;
      next();
    });
  };
}

/** Node's own answers to a request its parser refused, by the error's code, each with a line saying why. */
const UNPARSABLE_ANSWERS = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "The address or the cookies of this request are too long.",
  ],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large", "The chunk extensions of this request are too long."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request took too long to arrive."],
};
const UNPARSABLE_DEFAULT = [400, "Bad Request", "The request could not be read."];

/**
 * Answers a request Node's HTTP parser refused (it never becomes a request Express sees) as Node would, 431 for
 * headers over its limit, 400 for malformed ones, but with a short text body instead of an empty one, then closes
 * the connection. Node's default handler is replaced by this listener, so its checks are kept: nothing is written
 * to a connection already sending a response.
 * @param {import("node:http").Server} server
 */
export function answerUnparsableRequests(server) {
  server.on("clientError", (/** @type {NodeJS.ErrnoException} */ error, socket) => {
    // The response in flight on a keep-alive connection: Node's own handler checks it the same way.
    const inFlight = /** @type {{ _httpMessage?: import("node:http").ServerResponse }} */ (socket)._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) return socket.destroy();
    const [status, reason, message] =
      UNPARSABLE_ANSWERS[/** @type {keyof typeof UNPARSABLE_ANSWERS} */ (error.code)] ?? UNPARSABLE_DEFAULT;
    const body = `${reason}: ${message}\n`;
    const head = [
      `HTTP/1.1 ${status} ${reason}`,
      "Content-Type: text/plain; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Connection: close",
    ];
    // Closed once written: the parser has given up on this connection (Node's server sockets stay half-open otherwise).
    socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
  });
}

/** What the shop answers to: pages and files (GET, HEAD) and its own forms (POST). */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];

/**
 * Answers any other method here, with the Allow header: OPTIONS with 204 (no CORS headers, so other sites'
 * scripts still may not call the shop), the rest with 405. Remix would run a route's action for PUT, PATCH or
 * DELETE, and Node's Request cannot even be built for TRACE or CONNECT (a 500 with a stack in the log).
 * @returns {import("express").RequestHandler}
 */
export function refuseOtherMethods() {
  return (req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    if (req.method === "OPTIONS") {
      res.setHeader("Cache-Control", "no-store");
      return res.status(204).end();
    }
    refuse(req, res, 405, "Method not allowed", "This address only answers to the shop's pages and forms.");
  };
}

/**
 * Refuses `?_data=`, the data requests of Remix before single fetch (400). No page of ours makes them, and Remix
 * logs each one with a stack trace, so anyone could fill the log with them.
 * @returns {import("express").RequestHandler}
 */
export function refuseLegacyDataRequests() {
  return (req, res, next) => {
    const { query } = splitUrl(req.originalUrl);
    if (!query || !new URLSearchParams(query).has("_data")) return next();
    refuse(req, res, 400, "Bad request", "This address does not take a _data parameter.");
  };
}

/**
 * Reads a request line in absolute form (`GET http://evil.example/Shop/ HTTP/1.1`, the form a client uses with a
 * proxy) as its path and query on this shop, before anything else sees it: the shop is not a proxy, and nothing it
 * builds (a redirect, a page's links, the URL Remix sees) may take another origin from a request line. A target that
 * is neither a path nor a URL gets 400.
 * @returns {import("express").RequestHandler}
 */
export function originFormOnly() {
  return (req, res, next) => {
    if (req.url.startsWith("/") || (req.url === "*" && req.method === "OPTIONS")) return next();
    let url;
    try {
      url = new URL(req.url);
    } catch {
      return refuse(req, res, 400, "Bad request", "This address cannot be read.");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return refuse(req, res, 400, "Bad request", "This address cannot be read.");
    }
    req.url = `${url.pathname}${url.search}`;
    req.originalUrl = req.url;
    next();
  };
}

/**
 * A request's URL as its path and its query string (with the "?", or "" when there is none), both as sent.
 * @param {string} url
 */
function splitUrl(url) {
  const queryStart = url.indexOf("?");
  return queryStart === -1
    ? { path: url, query: "" }
    : { path: url.slice(0, queryStart), query: url.slice(queryStart) };
}

/**
 * The one way the shop writes a path: lower case (percent-escapes aside) and without a trailing slash. A path
 * that a browser would read as another host (`//evil.example/`, a backslash) is returned as it is: never a
 * Location, it stays for Remix's 404.
 * @param {string} path
 */
export function canonicalPathOf(path) {
  const lowered = path.replace(/%[0-9A-Fa-f]{2}|[^%]+/g, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
  const canonical = lowered.replace(/\/+$/, "") || "/";
  if (canonical.startsWith("//") || canonical.includes("\\")) return path;
  return canonical;
}

/**
 * Sends a GET for a path written another way (/Wigs, /shop/) to the canonical one with a 301, query kept. Remix
 * matches paths case-insensitively and with or without a trailing slash, but a page reads its path as written:
 * /Wigs listed every product, under a canonical link of its own. The Location is the shop's own: SITE_URL's origin
 * when it is set, else a path on the host the request was sent to, never an origin from the request.
 * @param {{ siteUrl?: string }} [options]
 * @returns {import("express").RequestHandler}
 */
export function redirectToCanonicalPath({ siteUrl = process.env.SITE_URL || undefined } = {}) {
  const origin = siteUrl ? new URL(siteUrl).origin : "";
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const { path, query } = splitUrl(req.originalUrl);
    const canonical = canonicalPathOf(path);
    if (canonical === path) return next();
    res.redirect(301, origin + canonical + query);
  };
}

/**
 * Answers a post from a client that a per-client limit has just refused for this page, until its Retry-After has
 * passed: a small plain 429 with Retry-After, before the body is read and before Remix renders anything. The app
 * decides who is refused (entry.server's `floodGate`, closed by app/modules/limits/rate-limits.server.ts); the first
 * refusal was its friendly page. A fetcher's data request (`*.data`) renders no page and is left to the app, whose
 * answer its page knows how to show.
 *
 * The answer is held for `holdMs` first: a flooding client that waits for each answer (as browsers and most tools
 * do) then sends a handful of posts a second per connection instead of thousands, and the shoppers' pages no longer
 * queue behind them on the event loop (decision 0027). Holding costs a timer and an open socket, so at most
 * `maxHeld` answers wait at once; past that they go at once.
 * @param {() => { refusal(clientIp: string | undefined, path: string): { status: number; retryAfterSeconds: number; text: string } | null } | undefined} gate
 * @param {{ holdMs?: number; maxHeld?: number }} [options]
 * @returns {import("express").RequestHandler}
 */
export function answerRefusedFloods(gate, { holdMs = 1000, maxHeld = 512 } = {}) {
  let held = 0;
  return (req, res, next) => {
    if (req.method !== "POST" || req.path.endsWith(".data")) return next();
    const refusal = gate()?.refusal(req.ip, req.path);
    if (!refusal) return next();
    const send = () => {
      if (res.headersSent || res.destroyed) return;
      res.status(refusal.status);
      res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
      res.setHeader("Cache-Control", "no-store");
      res.type("text").send(refusal.text);
    };
    if (held >= maxHeld || holdMs <= 0) return send();
    held += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held -= 1;
      clearTimeout(timer);
    };
    // unref: a shutdown does not wait for a held refusal (the socket closes with the server).
    const timer = setTimeout(() => {
      release();
      send();
    }, holdMs).unref();
    res.once("close", release);
  };
}

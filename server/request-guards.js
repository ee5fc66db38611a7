// Checks every state-changing request must pass before Remix sees it: it comes from our own pages (Origin),
// its body is small, of a form type, and valid UTF-8. Each refusal is a short page that says what went wrong.
// What the text says is the forms' business: a control character, say, is refused by the form it was typed into,
// with that field's message (app/utils/form-text.ts). See docs/decisions/0005-operations.md.

/** Forms here are a few fields of text: 64 KB is far more than any legitimate one. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** Bodies up to this size are read and discarded before answering 413, so the client sees the answer. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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
    res.type("html").send(
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

/**
 * Refuses a state-changing request whose Origin header names another site (403). Requests without an Origin
 * (old browsers, curl, server-to-server) pass: a cross-site form post from a browser always carries one, and
 * our cookies are SameSite=Lax, so such a post would arrive without the shopper's session anyway.
 * @param {{ siteUrl?: string }} [options]
 * @returns {import("express").RequestHandler}
 */
export function refuseCrossSitePosts({ siteUrl = process.env.SITE_URL || undefined } = {}) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("Origin");
    if (origin === undefined) return next();
    let originHost = "";
    try {
      // "null" (sandboxed frames, some cross-site redirects) is not a URL and never ours.
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      // Leave originHost empty: refused below.
    }
    if (originHost && ownHosts(req, siteUrl).includes(originHost)) return next();
    refuse(req, res, 403, "Request refused", "This form was sent from another website. Please go back to the shop and try again from there.");
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
export function readFormBody({ limit = DEFAULT_BODY_LIMIT_BYTES } = {}) {
  const tooLarge = `The form you sent is larger than ${Math.round(limit / 1024)} KB. Please shorten what you typed and try again.`;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();

    const declared = Number(req.get("Content-Length") ?? NaN);
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
      // A bodiless post (curl -X POST, a button with no fields) is an empty form: say so, so that the
      // route's request.formData() reads no fields instead of throwing on a missing Content-Type.
      if (body.length === 0 && !req.headers["content-type"]) req.headers["content-type"] = "application/x-www-form-urlencoded";
      const contentType = req.get("Content-Type") ?? "";
      const kind = formKind(contentType);
      if (!kind) {
        return refuse(req, res, 415, "Unsupported form", "This address only accepts forms sent from the shop's pages.");
      }
      const valid = kind === "urlencoded" ? isValidUrlEncodedUtf8(body) : await isValidMultipart(body, contentType);
      if (!valid) {
        return refuse(req, res, 400, "Unreadable form", "The form could not be read: it is malformed or is not valid text. Please go back, correct what you typed and try again.");
      }
      res.locals.body = body;
      next();
    });
  };
}

// An in-process micro-cache for the pages a shared cache may keep: cookieless GETs whose answer says
// `Cache-Control: public, …, s-maxage=N` (app/http/cache-control.ts decides which). Rendering a product page
// costs a few milliseconds of CPU; a hit costs a string join. See docs/decisions/0009-page-cache.md.
//
// A CSP nonce must never repeat, so a page is rendered for the cache with a placeholder nonce (random per process,
// so no page content can contain it by chance or on purpose) and every copy served, the first included, gets the
// fresh nonce of its own response (res.locals.cspNonce, which the CSP header already carries).
import crypto from "node:crypto";

/** The headers of a stored page that are replayed; the server sets the rest (security headers, request id). */
const REPLAYED_HEADERS = ["content-type", "cache-control", "vary", "content-language", "link"];

/**
 * @typedef {{ status: number; headers: [string, string][]; parts: string[]; storedAt: number; expiresAt: number; bytes: number; generation: unknown }} Entry
 * @typedef {ReturnType<typeof createPageCache>} PageCache
 */

/**
 * @param {{ maxEntries?: number; maxBytes?: number; maxTotalBytes?: number; now?: () => number; siteUrl?: string }} [options]
 *   maxEntries and maxTotalBytes (pages and keys together): oldest stored first out, whichever bound is met first;
 *   maxBytes: larger pages are not stored; siteUrl: the pages' absolute URLs come from it alone, so the key is the
 *   path (no header can split it); generation: what the pages were made from (the catalogue's version): a page
 *   rendered from an older one is not served again.
 */
export function createPageCache({
  maxEntries = 500,
  maxBytes = 1024 * 1024,
  // Every distinct URL is its own copy, query strings the page ignores included, so anyone can ask for new ones:
  // the bound on memory is in bytes (a /shop page is ~110 KB; the catalogue's pages fit many times over).
  maxTotalBytes = 16 * 1024 * 1024,
  now = Date.now,
  siteUrl = process.env.SITE_URL || undefined,
  /** @type {() => unknown} */
  generation = () => undefined,
} = {}) {
  const placeholder = `nonce-placeholder-${crypto.randomBytes(16).toString("hex")}`;
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let storedBytes = 0;
  /** @param {string} key */
  const remove = (key) => {
    const entry = entries.get(key);
    if (!entry) return;
    storedBytes -= entry.bytes;
    entries.delete(key);
  };
  /** The pages being rendered for the cache, each settled once its copy is stored (or will not be). */
  /** @type {Map<string, Promise<void>>} */
  const rendering = new Map();

  /**
   * Lets the requests waiting for this response's render go on: called once its copy is stored, and always when
   * the request ends (the handler's `finally`), whether it rendered, failed or its client went away.
   * @param {import("express").Response} res
   */
  const release = (res) => {
    res.locals.pageCacheRelease?.();
    res.locals.pageCacheRelease = undefined;
  };

  /**
   * Only GETs without a cookie or credentials can be answered with a shared copy. Without SITE_URL the pages'
   * absolute URLs come from the Host header (production refuses TRUST_PROXY without SITE_URL, so never from
   * X-Forwarded-*): the key holds that host and the connection's own scheme (decision 0005).
   * @param {import("express").Request} req
   */
  const keyOf = (req) => {
    if (req.method !== "GET" || req.headers.cookie || req.headers.authorization) return undefined;
    if (siteUrl) return req.originalUrl;
    const scheme = /** @type {import("node:tls").TLSSocket} */ (req.socket).encrypted ? "https" : "http";
    return `${scheme}://${req.get("host") ?? ""}${req.originalUrl}`;
  };

  return {
    /**
     * Answers from the cache when it holds a fresh copy (true: nothing more to do). Otherwise, for a request that
     * could be stored, asks the render for the placeholder nonce (see `renderNonce`) and resolves to false.
     * @param {import("express").Request} req
     * @param {import("express").Response} res
     */
    async serve(req, res) {
      const key = keyOf(req);
      if (key === undefined) return false;
      // Another request is rendering this page: wait for its copy rather than render it too, so that a burst of
      // visitors on a page that is not (or no longer) stored costs one render, not one each.
      const pending = rendering.get(key);
      if (pending) await pending;
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now() && entry.generation === generation()) {
        res.status(entry.status);
        for (const [name, value] of entry.headers) res.setHeader(name, value);
        res.setHeader("Age", String(Math.floor((now() - entry.storedAt) / 1000)));
        const body = Buffer.from(entry.parts.join(res.locals.cspNonce));
        res.setHeader("Content-Length", body.length);
        res.end(body);
        return true;
      }
      if (entry) remove(key);
      res.locals.pageCacheKey = key;
      // Read before the render: a change that lands while it renders makes this copy stale at once.
      res.locals.pageCacheGeneration = generation();
      if (!rendering.has(key)) {
        /** @type {() => void} */
        let settle = () => {};
        rendering.set(key, new Promise((resolve) => (settle = resolve)));
        res.locals.pageCacheRelease = () => {
          rendering.delete(key);
          settle();
        };
      }
      return false;
    },

    /**
     * The nonce the render writes into the page: the placeholder when the page may be stored, else the response's.
     * @param {import("express").Response} res
     * @returns {string}
     */
    renderNonce(res) {
      return res.locals.pageCacheKey ? placeholder : res.locals.cspNonce;
    },

    /**
     * After a render with the placeholder: stores the page when its answer allows (200, `public` with `s-maxage`,
     * no Set-Cookie) and returns the response to send, with this response's nonce in place of the placeholder.
     * @param {import("express").Response} res
     * @param {Response} response
     * @returns {Promise<Response>}
     */
    async capture(res, response) {
      /** @type {string | undefined} */
      const key = res.locals.pageCacheKey;
      if (!key) return response;
      // Anything but HTML (a resource route, single-fetch data) does not contain the nonce: pass it through.
      if (!response.body || !/^text\/html/i.test(response.headers.get("Content-Type") ?? "")) return response;
      const parts = (await response.text()).split(placeholder);
      const maxAge = sharedMaxAge(response);
      const size = parts.reduce((sum, part) => sum + part.length, 0);
      if (response.status === 200 && maxAge > 0 && !response.headers.has("Set-Cookie") && size <= maxBytes) {
        remove(key);
        const bytes = size + key.length;
        while (entries.size > 0 && (entries.size >= maxEntries || storedBytes + bytes > maxTotalBytes)) {
          remove(/** @type {string} */ (entries.keys().next().value));
        }
        const headers = /** @type {[string, string][]} */ (
          [...response.headers].filter(([name]) => REPLAYED_HEADERS.includes(name))
        );
        entries.set(key, {
          status: response.status,
          headers,
          parts,
          storedAt: now(),
          expiresAt: now() + maxAge * 1000,
          bytes,
          generation: res.locals.pageCacheGeneration,
        });
        storedBytes += bytes;
      }
      release(res);
      return new Response(parts.join(res.locals.cspNonce), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },

    release,

    /** How many pages are stored (for tests). */
    get size() {
      return entries.size;
    },

    /** How many bytes of pages and keys are stored (for tests). */
    get storedBytes() {
      return storedBytes;
    },
  };
}

/**
 * `s-maxage` in seconds when the answer is `public` and may be stored, else 0.
 * @param {Response} response
 */
function sharedMaxAge(response) {
  const directives = (response.headers.get("Cache-Control") ?? "")
    .toLowerCase()
    .split(",")
    .map((directive) => directive.trim());
  if (!directives.includes("public") || directives.includes("no-store") || directives.includes("private")) return 0;
  const sMaxAge = directives.find((directive) => directive.startsWith("s-maxage="));
  const seconds = Number(sMaxAge?.slice("s-maxage=".length));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

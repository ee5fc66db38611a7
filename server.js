// The production (and development) HTTP server: Express in front of the Remix request handler.
// It owns what must apply to every response: compression, lean answers for the built static files (cache policy
// and nosniff only), then for everything else request ids and logs, security headers with a per-request CSP
// nonce, the checks every form post must pass; and a graceful shutdown.
// See docs/decisions/0001-custom-express-server.md, 0005-operations.md and 0007-lean-static-responses.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";

import { missingNodeFlags } from "./server/node-flags.js";
import { createPageCache } from "./server/page-cache.js";
import { remixHandler } from "./server/remix-handler.js";
import {
  answerRefusedFloods,
  answerUnparsableRequests,
  originFormOnly,
  readFormBody,
  redirectToCanonicalPath,
  refuseCrossSitePosts,
  refuseLegacyDataRequests,
  refuseOtherMethods,
} from "./server/request-guards.js";
import { createLogger, requestLog } from "./server/request-log.js";

// The same .env the app reads (app/site/env.server.ts; variables already set win), so that PORT, HOST and
// LOG_LEVEL may live there too.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// Under load V8 grows its heap by up to 4x what is live (to ~130 MB here for ~40 MB of live objects), which beside
// the embedded database's ~150 MB took the shop over its 300 MB budget. Growing it by 20% at a time instead
// measured 274 MB vs 328 MB at the same CPU per request (--optimize-for-size: 260 MB, but 13% more CPU). V8 reads
// this at every collection, so setting it here works. MEMORY_SAVER=off keeps V8's defaults. Decision 0010.
if (process.env.MEMORY_SAVER !== "off") {
  v8.setFlagsFromString("--heap-growing-percent=20");
  // The embedded database is PostgreSQL compiled to WebAssembly (9 MB). V8 compiles each function it calls with its
  // baseline compiler, then recompiles the hot ones with its optimising one: that second copy and the compiler's
  // working memory were ~60-80 MB of the shop's resident memory, for no measurable gain per request on the shop's
  // statements (docs/performance.md, "Where the memory goes"). Read when the module is compiled, so set before it.
  v8.setFlagsFromString("--liftoff-only");
}

const isProduction = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
/** How long SIGTERM waits for requests in flight before giving up (exit 1). */
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
/**
 * What `npm run build` wrote. BUILD_DIR points elsewhere, e.g. at a release directory or, in tests, at a copy
 * that a rebuild cannot change under a running server. It must sit inside the project, beside node_modules.
 */
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), process.env.BUILD_DIR ?? "build");
const logger = createLogger();

const viteDevServer = isProduction
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

/** @returns {Promise<import("@remix-run/node").ServerBuild>} */
async function loadBuild() {
  if (viteDevServer) return viteDevServer.ssrLoadModule("virtual:remix/server-build");
  // Exists only after `npm run build`.
  return import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
}

/** Start-up failures are read by a person deploying: plain text, the message as written, exit 1. */
function failToStart(/** @type {unknown} */ error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`The shop could not start:\n${message}\n`);
  process.exit(1);
}

const build = await loadBuild().catch((error) =>
  failToStart(
    !viteDevServer && !fs.existsSync(path.join(buildDir, "server/index.js"))
      ? new Error(`No production build in ${buildDir}: run \`npm run build\` first.`)
      : error,
  ),
);
// entry.server exports `startup`: validates the environment and opens the backend before we listen,
// so that a misconfigured deployment fails at once instead of on the first shopper's request. A new embedded
// database starts from the migrated image the build ships (vite.config.ts; decision 0022).
/** @type {{ formActionOrigins?: string[]; catalogueVersion?: () => number | undefined; embeddedDatabase?: boolean } | undefined} */
let started;
try {
  started = await build.entry.module.startup?.({
    databaseImage: viteDevServer ? undefined : path.join(buildDir, "server/database-image.tar.gz"),
  });
} catch (error) {
  failToStart(error);
}

const app = express();
app.disable("x-powered-by");
// The number of proxies in front whose X-Forwarded-* headers count ("true": one). A client can send its own
// X-Forwarded-For, which the proxy appends to, so only the addresses the trusted proxies added are believed:
// `true` in Express would take the leftmost one, which the client chose.
const trustProxy = process.env.TRUST_PROXY ?? "false";
app.set("trust proxy", trustProxy === "true" ? 1 : /^[1-9]\d*$/.test(trustProxy) ? Number(trustProxy) : false);

let closing = false;

// Before everything, static files included: a request line in absolute form is read as a path on this shop.
app.use(originFormOnly());

app.use((_req, res, next) => {
  // While shutting down, keep-alive clients are told to reconnect, which reaches another instance.
  if (closing) res.setHeader("Connection", "close");
  next();
});

app.use(compression());

if (!viteDevServer) serveStaticFiles(app, path.join(buildDir, "client"));

app.use(requestLog(logger));

app.use((_req, res, next) => {
  res.locals.cspNonce = newNonce();
  next();
});

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "connect-src": ["'self'", ...(viteDevServer ? ["ws:"] : [])],
        "font-src": ["'self'"],
        // The checkout's answer sends the form on to the hosted payment page (decision 0031): browsers check that
        // redirect against form-action too.
        "form-action": [
          "'self'",
          ...(started?.formActionOrigins ?? []),
          ...(process.env.CSP_FORM_ACTION ?? "").split(" ").filter(Boolean),
        ],
        "frame-ancestors": ["'none'"],
        "img-src": ["'self'", "data:", ...(process.env.CSP_IMG_SRC ?? "").split(" ").filter(Boolean)],
        "object-src": ["'none'"],
        // 'self' for the bundles (the module preloads carry no nonce); inline scripts, the framework's loader and the
        // module it inserts included, only with this response's nonce.
        "script-src": ["'self'", (_req, res) => `'nonce-${/** @type {any} */ (res).locals.cspNonce}'`],
        "script-src-attr": ["'none'"],
        // The stylesheet is inline in production, with the nonce (app/components/document-assets.tsx). The
        // development server injects styles without one, and a nonce would disable its 'unsafe-inline'.
        "style-src": [
          "'self'",
          viteDevServer ? "'unsafe-inline'" : (_req, res) => `'nonce-${/** @type {any} */ (res).locals.cspNonce}'`,
        ],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Browsers honour HSTS only over HTTPS, so a plain-HTTP `npm start` on localhost is unaffected.
    strictTransportSecurity: isProduction,
    xFrameOptions: { action: "deny" },
  }),
);

if (viteDevServer) app.use(viteDevServer.middlewares);

// Only GET, HEAD and POST; no legacy data requests; each path written one way.
app.use(refuseOtherMethods());
app.use(refuseLegacyDataRequests());
app.use(redirectToCanonicalPath());
// Every post: from our own pages, small, a form, valid UTF-8; else a 4xx here. Payment providers' webhooks
// (WEBHOOK_PATHS) are posted by the provider, as JSON: they skip the same-origin and form checks, not the size limit.
// A client just refused by a per-client limit gets a plain 429 here, without a render, until it may try again.
app.use(refuseCrossSitePosts());
app.use(answerRefusedFloods(() => build.entry.module.floodGate?.()));
app.use(readFormBody());

// app.use, not app.all("*"): a path pattern makes Express decode the path first, and a malformed escape
// (/%ff) would then be an error instead of Remix's 404 page.
app.use(
  remixHandler({
    build: viteDevServer ? () => loadBuild() : build,
    mode: isProduction ? "production" : "development",
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.renderNonce,
      clientIp: req.ip,
      requestPath: req.path,
      responseHeaders: new Headers(),
    }),
    // Public pages for visitors without cookies, for as long as their s-maxage says (PAGE_CACHE=off to disable).
    // A catalogue change (decision 0036) makes every stored page stale at once.
    pageCache:
      isProduction && process.env.PAGE_CACHE !== "off"
        ? createPageCache({ generation: started?.catalogueVersion })
        : undefined,
  }),
);

// Whatever Remix could not turn into a page: log it with the request id, answer without details.
app.use(
  /** @type {import("express").ErrorRequestHandler} */
  (error, req, res, next) => {
    // Express marks the client's mistakes (a malformed escape in a static file's path) with a 4xx status: no stack.
    const status = Number(error?.status ?? error?.statusCode);
    if (status >= 400 && status < 500) {
      logger.warn("refused request", {
        requestId: res.locals.requestId,
        status,
        reason: error instanceof Error ? error.message : String(error),
      });
      if (res.headersSent) return next(error);
      return res.status(status).type("text").send("Bad Request\n");
    }
    logger.error("unhandled error", {
      requestId: res.locals.requestId,
      error: error instanceof Error ? error.stack : String(error),
    });
    if (res.headersSent) return next(error);
    res.status(500).type("text").send("Internal Server Error\n");
  },
);

/**
 * A fresh CSP nonce: 16 random bytes, base64. Taken from a pool filled 4 KB at a time (as Node does for
 * randomUUID), since one randomBytes call per response cost ~2% of a small request's CPU; every byte is used once.
 */
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;
function newNonce() {
  if (noncePoolOffset + 16 > noncePool.length) {
    noncePool = crypto.randomBytes(4096);
    noncePoolOffset = 0;
  }
  noncePoolOffset += 16;
  return noncePool.toString("base64", noncePoolOffset - 16, noncePoolOffset);
}

/**
 * The built client files, answered before logging and the document headers: a page's first load fetches a
 * dozen of them, and a CSP, HSTS and the rest (~1 KB a response) mean nothing on a script or an image (see
 * docs/decisions/0007-lean-static-responses.md). Mounted only on the paths that exist (/assets and the top-level
 * entries of public/), so a page request never waits for a disk lookup; a missing file falls through to Remix's 404.
 * @param {import("express").Express} app
 * @param {string} clientDir
 */
function serveStaticFiles(app, clientDir) {
  /** @param {import("http").ServerResponse} res */
  const setHeaders = (res) => res.setHeader("X-Content-Type-Options", "nosniff");
  const options = { index: false, redirect: false, lastModified: false, setHeaders };
  // Vite fingerprints everything under /assets, so those files never change: a browser never revalidates them
  // (no ETag) and they are small enough not to be fetched in ranges (no Accept-Ranges); ~55 bytes less on each.
  // The build writes each script and stylesheet also as .br and .gz (vite.config.ts): the browser gets the
  // smallest it accepts, with no compression work per request.
  app.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { ...options, immutable: true, maxAge: "1y", etag: false, acceptRanges: false },
    }),
  );
  // Images and other files in public/ keep their names across releases: cache them for a day.
  const publicFiles = express.static(clientDir, { ...options, maxAge: "1d" });
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true })) {
    if (entry.name === "assets") continue;
    app.get(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, publicFiles);
  }
}

const server = app.listen(port, host, () => {
  logger.info("listening", { url: `http://localhost:${port}`, mode: isProduction ? "production" : "development" });
  if (isProduction) console.log(describeMemory());
});

/**
 * The start-up line on memory: what the process holds now, what it needs at most, and where sizing is explained.
 * The figures are bench:memory's (docs/performance.md); the README's "Memory" section says how to size a server.
 */
function describeMemory() {
  const megabytes = (bytes) => Math.round(bytes / 1024 / 1024);
  const resident = megabytes(process.memoryUsage.rss());
  const heapLimit = megabytes(v8.getHeapStatistics().heap_size_limit);
  const saver =
    process.env.MEMORY_SAVER === "off" ? "MEMORY_SAVER=off (V8's defaults, ~100 MB more)" : "memory saver on";
  const embedded = started?.embeddedDatabase;
  const missing = missingNodeFlags();
  const flags =
    missing.length > 0
      ? ` Started without node ${missing.join(" ")} (npm start passes it): ~30 MB more than that.`
      : "";
  return (
    `Memory: ${resident} MB resident now; the shop needs up to ${embedded ? "300" : "200"} MB under load` +
    `${embedded ? " with the embedded database" : ""} (${saver}, JavaScript heap limit ${heapLimit} MB): ` +
    'a 512 MB server runs it as it is, see the README\'s "Memory" for 512 MB and 1 GB servers.' +
    flags
  );
}
// Keep idle connections open longer than a load balancer's idle timeout (commonly 60 s) and than clients wait
// before reusing them: with Node's 5 s default a client could send on a socket the server was closing (ECONNRESET).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// A URL or cookies over Node's 16 KB header limit: 431 with a line of text, where Node would send an empty body.
answerUnparsableRequests(server);

/**
 * Stop accepting connections, let the requests in flight finish (idle keep-alive connections are closed at
 * once, busy ones after their response), then close the database and exit 0. A second signal changes nothing;
 * requests still running after SHUTDOWN_TIMEOUT_MS end with exit 1.
 * @param {string} signal
 */
function shutdown(signal) {
  if (closing) return;
  closing = true;
  logger.info("shutting down", { signal });
  setTimeout(() => {
    logger.error("shutdown timed out: requests still in flight", { timeoutMs: shutdownTimeoutMs });
    process.exit(1);
  }, shutdownTimeoutMs).unref();
  server.close(async () => {
    try {
      await build.entry.module.shutdown?.();
      await viteDevServer?.close();
    } catch (error) {
      logger.error("closing the backend failed", { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
    logger.info("stopped", { signal });
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

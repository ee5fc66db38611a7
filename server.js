// The production (and development) HTTP server: Express in front of the Remix request handler.
// It owns what must apply to every response, static files included: security headers with a
// per-request CSP nonce, compression, cache policy for assets, and a graceful shutdown.
import crypto from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const isProduction = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const viteDevServer = isProduction
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

/** @returns {Promise<import("@remix-run/node").ServerBuild>} */
async function loadBuild() {
  if (viteDevServer) return viteDevServer.ssrLoadModule("virtual:remix/server-build");
  // Exists only after `npm run build`.
  return import("./build/server/index.js");
}

const build = await loadBuild();
// entry.server exports `startup`: validates the environment and opens the backend before we listen,
// so that a misconfigured deployment fails at once instead of on the first shopper's request.
await build.entry.module.startup?.();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "true");

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
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
        "form-action": ["'self'", ...(process.env.CSP_FORM_ACTION ?? "").split(" ").filter(Boolean)],
        "frame-ancestors": ["'none'"],
        "img-src": ["'self'", "data:", ...(process.env.CSP_IMG_SRC ?? "").split(" ").filter(Boolean)],
        "object-src": ["'none'"],
        // 'self' for the bundles (Remix's modulepreload links carry no nonce, which 'strict-dynamic' would
        // block); inline scripts only with this response's nonce.
        "script-src": ["'self'", (_req, res) => `'nonce-${/** @type {any} */ (res).locals.cspNonce}'`],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", ...(viteDevServer ? ["'unsafe-inline'"] : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Browsers honour HSTS only over HTTPS, so a plain-HTTP `npm start` on localhost is unaffected.
    strictTransportSecurity: isProduction,
    xFrameOptions: { action: "deny" },
  }),
);

app.use(compression());

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Vite fingerprints everything under /assets, so those files never change.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  // Images and other files in public/ keep their names across releases: cache them for a day.
  app.use(express.static("build/client", { maxAge: "1d" }));
}

app.all(
  "*",
  createRequestHandler({
    build: viteDevServer ? () => loadBuild() : build,
    mode: isProduction ? "production" : "development",
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Shop ready on http://localhost:${port} (${isProduction ? "production" : "development"})`);
});

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing requests in flight`);
  server.close(async () => {
    await build.entry.module.shutdown?.();
    await viteDevServer?.close();
    process.exit(0);
  });
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

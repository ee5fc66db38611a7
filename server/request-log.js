// Structured logs: one JSON line per request (and per server event), with a request id that also goes back
// to the client in X-Request-Id, so a shopper's report, the proxy's log and ours can be matched up.
import crypto from "node:crypto";

const levels = { silent: 0, error: 1, warn: 2, info: 3 };

/** An id a client or proxy sent that is safe to repeat in logs and headers: short, no spaces or quotes. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** @param {string | undefined} header */
export function requestIdFrom(header) {
  return header && SANE_REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/**
 * @typedef {(message: string, fields?: Record<string, unknown>) => void} LogMethod
 * @typedef {{ error: LogMethod; warn: LogMethod; info: LogMethod; enabled: (level: keyof typeof levels) => boolean }} Logger
 */

/**
 * Writes lines to stdout once per turn of the event loop instead of once per line: stdout to a pipe or a file is
 * synchronous in Node, and a write system call per request was ~13% of a cart post's CPU under load. Lines still
 * in the buffer when the process exits are written then.
 * @returns {(line: string) => void}
 */
export function batchedStdout() {
  /** @type {string[]} */
  let pending = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = `${pending.join("\n")}\n`;
    pending = [];
    process.stdout.write(text);
  };
  process.on("exit", flush);
  return (line) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(line);
  };
}

/**
 * A logger that writes one JSON object per line: `time`, `level`, `msg` and the given fields.
 * LOG_LEVEL (error | warn | info, default info; silent for none) sets the least severe level written.
 * @param {{ level?: string; write?: (line: string) => void }} [options] write: default batched stdout
 * @returns {Logger}
 */
export function createLogger({ level = process.env.LOG_LEVEL || "info", write = batchedStdout() } = {}) {
  const threshold = levels[/** @type {keyof typeof levels} */ (level)] ?? levels.info;
  /** @param {keyof typeof levels} name */
  const enabled = (name) => levels[name] <= threshold;
  /** @param {keyof typeof levels} name @returns {LogMethod} */
  const method = (name) => (message, fields) => {
    if (enabled(name)) write(JSON.stringify({ time: new Date().toISOString(), level: name, msg: message, ...fields }));
  };
  return { error: method("error"), warn: method("warn"), info: method("info"), enabled };
}

/** A query parameter name worth logging: word-like. A bare token ("/reset?x7Gq...") does not look like one. */
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z_.-]{0,31}$/;

/** Health probes arrive every few seconds: log them only when they fail. */
const QUIET_WHEN_OK = new Set(["/healthz", "/readyz"]);

/**
 * Gives every request an id (X-Request-Id from the client or proxy when sane, else a new UUID), sends it back
 * in X-Request-Id and logs one line when the response ends: method, path, the query's word-like parameter names
 * (values may hold tokens or e-mail addresses, so they are never logged), status and duration. Headers, cookies and
 * bodies are never logged.
 * @param {Logger} logger
 * @returns {import("express").RequestHandler}
 */
export function requestLog(logger) {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFrom(req.get("X-Request-Id"));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);

    if (logger.enabled("info")) {
      // "close" also fires when the client went away before the response was complete.
      res.once("close", () => {
        const path = req.path.slice(0, 300);
        if (QUIET_WHEN_OK.has(path) && res.statusCode < 400) return;
        const queryIndex = req.originalUrl.indexOf("?");
        const query =
          queryIndex === -1
            ? []
            : [...new Set(new URLSearchParams(req.originalUrl.slice(queryIndex + 1)).keys())]
                .filter((name) => PARAMETER_NAME.test(name))
                .slice(0, 20);
        logger.info("request", {
          requestId,
          method: req.method,
          path,
          ...(query.length > 0 ? { query } : {}),
          status: res.statusCode,
          durationMs: Number((process.hrtime.bigint() - started) / 10_000n) / 100,
          ...(res.writableFinished ? {} : { aborted: true }),
        });
      });
    }
    next();
  };
}

// One load test with autocannon: N connections for a fixed time against one request shape, with every
// answer checked (a fast stream of error pages is not throughput).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";

import { printTable } from "./report.mjs";
import { decodeToast } from "./shop-client.mjs";

/**
 * @typedef {object} LoadTarget
 * @property {string} name         label in the table
 * @property {string} path         request path (with query)
 * @property {"GET" | "POST"} [method]
 * @property {Record<string, string>} [headers]
 * @property {() => string} [body]  a fresh body per request (e.g. a new idempotency key)
 * @property {(status: number, headers: Record<string, string | string[]>) => string | null} [check]
 *           null when the answer is what a working shop gives, else a short reason
 */

/** Statuses a working page gives: 200, or a redirect for a form post. */
export function expectStatus(...allowed) {
  return (status) => (allowed.includes(status) ? null : `status ${status}`);
}

/** A plain form post answered with a 303 and a toast that is not an error. */
export function expectSuccessToast(status, headers) {
  if (status !== 303) return `status ${status}`;
  const toastCookie = [headers["set-cookie"] ?? []].flat().find((cookie) => cookie.startsWith("toast="));
  const toast = decodeToast(toastCookie?.slice("toast=".length).split(";")[0]);
  if (!toast) return "no toast";
  return toast.type === "error" ? `toast: ${toast.description}` : null;
}

/** A checkout that placed an order: a redirect to the confirmation page. */
export function expectOrderPlaced(status, headers) {
  if (status < 300 || status >= 400) return `status ${status}`;
  return String(headers.location ?? "").startsWith("/order-success") ? null : `redirect to ${headers.location}`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server answers a trivial request quickly again. When autocannon stops it closes its sockets,
 * but the server still works through the requests it had accepted; the next run must not queue behind them.
 */
async function settle(baseUrl, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(`${baseUrl}/robots.txt`, { signal: AbortSignal.timeout(10_000) }).then(
      async (response) => (await response.arrayBuffer(), response.ok),
      () => false,
    );
    if (ok && Date.now() - started < 100) return;
    await sleep(500);
  }
}

/** CPU time (user + system, all threads) a process has used so far, in ms; null when /proc cannot tell. */
function processCpuMs(pid) {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces: utime and stime are 14 and 15.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return null;
  }
}

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

const lowerCaseKeys = (headers) =>
  Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));

/**
 * Runs one target: an optional short warm-up (JIT, caches) that is not counted, then the measurement.
 * @param {string} baseUrl
 * @param {LoadTarget} target
 * @param {{ connections: number, duration: number, warmup: number, serverPid?: number }} options
 *        serverPid: the server's process, whose CPU time per request is reported (it depends much less than
 *        requests per second on what else the machine is doing)
 */
export async function runLoad(baseUrl, target, { connections, duration, warmup, serverPid }) {
  const failures = new Map();
  let checked = 0;
  let counting = false;
  const request = {
    method: target.method ?? "GET",
    path: target.path,
    headers: { "User-Agent": "shop-bench", ...target.headers },
    ...(target.body ? { setupRequest: (req) => ({ ...req, body: target.body() }) } : {}),
    // Declaring onResponse makes autocannon read each body; only done when there is something to check.
    onResponse: (status, _body, _context, headers) => {
      if (!counting) return;
      checked++;
      const reason = (target.check ?? expectStatus(200))(status, lowerCaseKeys(headers));
      if (reason) failures.set(reason, (failures.get(reason) ?? 0) + 1);
    },
  };
  const run = (seconds) =>
    autocannon({ url: baseUrl, connections, duration: seconds, requests: [request], timeout: 10 });

  await settle(baseUrl);
  if (warmup > 0) {
    await run(warmup);
    await settle(baseUrl);
  }
  counting = true;
  const cpuBefore = serverPid ? processCpuMs(serverPid) : null;
  const result = await run(duration);
  // Requests accepted before the stop are still being served: wait for them, so their CPU time is counted.
  await settle(baseUrl);
  const cpuAfter = serverPid ? processCpuMs(serverPid) : null;
  counting = false;

  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  const badStatus = Object.entries(statusCounts)
    .filter(([code]) => Number(code) < 200 || Number(code) >= 400)
    .reduce((sum, [, count]) => sum + count, 0);
  const appFailures = [...failures.values()].reduce((sum, count) => sum + count, 0);
  // No answer at all in the whole run: there is no latency to report, and it must not read as 0 ms.
  const answered = result.requests.total > 0;
  const latency = (value) => (answered ? value : null);
  return {
    name: target.name,
    method: request.method,
    path: target.path,
    connections,
    durationSeconds: duration,
    requests: result.requests.total,
    /** Server CPU per answered request (its unfinished requests at the stop included, so slightly high). */
    cpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && answered ? (cpuAfter - cpuBefore) / result.requests.total : null,
    rps: result.requests.average,
    latencyMs: {
      p50: latency(result.latency.p50),
      p90: latency(result.latency.p90),
      p99: latency(result.latency.p99),
      max: latency(result.latency.max),
      mean: latency(result.latency.average),
    },
    statusCounts,
    /** Answers outside 2xx/3xx. */
    non2xx3xx: badStatus,
    /**
     * Requests that got no answer: socket errors and timeouts (10 s; autocannon counts a timeout as an error too).
     * A run in which nothing came back counts one more, so that no budget can pass on it.
     */
    errors: result.errors + (answered ? 0 : 1),
    timeouts: result.timeouts,
    /** Answers that were 2xx/3xx but not what a working shop gives (e.g. a 303 with an error toast). */
    failedChecks: appFailures,
    failureReasons: Object.fromEntries(failures),
    checkedResponses: checked,
  };
}

/**
 * The load results as a table, with the reasons behind any failed checks. "rps/core" is 1000 / CPU ms per request:
 * what one core could serve at that cost. It moves less with a busy machine than rps does, but not nothing (caches
 * and cores are shared): read it against the baseline row measured in the same run.
 */
export function printLoadTable(results) {
  printTable([
    [
      "target",
      "rps",
      "p50 ms",
      "p99 ms",
      "max ms",
      "requests",
      "non-2xx/3xx",
      "errors",
      "failed checks",
      "CPU ms/req",
      "rps/core",
    ],
    ...results.map((result) =>
      result.skipped
        ? [result.name, "skipped", null, null, null, null, null, null, result.skipped, null, null]
        : [
            result.name,
            Math.round(result.rps),
            result.latencyMs.p50,
            result.latencyMs.p99,
            result.latencyMs.max,
            result.requests,
            result.non2xx3xx,
            result.errors,
            result.failedChecks,
            result.cpuMsPerRequest === null ? null : result.cpuMsPerRequest.toFixed(2),
            result.cpuMsPerRequest ? Math.round(1000 / result.cpuMsPerRequest) : null,
          ],
    ),
  ]);
  for (const result of results) {
    const reasons = Object.entries(result.failureReasons ?? {});
    if (reasons.length)
      console.log(`  ${result.name}: ${reasons.map(([reason, count]) => `${count}x ${reason}`).join(", ")}`);
  }
}

/** Upper bound on the requests of one staff loop, whatever the duration. */
const MAX_REQUESTS_PER_LOOP = 20_000;

/**
 * One staff loop: GETs of `paths` in turn with the staff cookie, each read to its end, until the deadline (or the
 * loop's request cap). Counts the answers by status, and the bytes of the 200s.
 */
export async function staffLoop(baseUrl, cookie, paths, deadline, tally) {
  for (let index = 0; index < MAX_REQUESTS_PER_LOOP && Date.now() < deadline; index += 1) {
    const path = paths[index % paths.length];
    const started = performance.now();
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { Cookie: cookie, Accept: "text/html", "User-Agent": "shop-bench" },
        redirect: "manual",
        signal: AbortSignal.timeout(120_000),
      });
      const body = await response.arrayBuffer();
      tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
      if (response.status === 200) {
        tally.okBytes += body.byteLength;
        tally.okTimes.push(performance.now() - started);
      }
    } catch (error) {
      tally.errors[error.name] = (tally.errors[error.name] ?? 0) + 1;
    }
  }
}

export const newTally = () => ({ statuses: {}, errors: {}, okBytes: 0, okTimes: [] });

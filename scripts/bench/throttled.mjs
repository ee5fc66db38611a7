// npm run bench:throttled -- [--runs=3] [--pages=/,/shop,/product/clip-1] [--taps=1000,2500,5000] [--skip-build]
// A real slow phone instead of Lighthouse's simulation: Chromium with its network throttled through the DevTools
// protocol (400 ms latency, 400 kbit/s each way) and its CPU slowed 4x, on a 412x823 touch screen. Per page it
// measures, on a first visit (empty cache):
// - when the page painted (first and largest contentful paint, as Chromium reports them) and when the framework
//   hydrated, and how many script bytes the page had loaded by then;
// - what a shopper tapping "Add to Cart" at 1.0 s, 2.5 s and 5 s after the navigation sees (or as soon as the button
//   can be tapped, if later): the time from the tap's touchstart until the frame in which the cart badge shows the
//   item (the optimistic badge with JavaScript, the next page without it), both timed in the page.
// Prints the medians against the budgets in docs/performance.md and writes tests/.tmp/bench-throttled.json.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

import { chromiumArgs, chromiumPath } from "../lib/chromium.mjs";
import {
  budget,
  formatBytes,
  machineInfo,
  median,
  options,
  printBudgets,
  printMachine,
  printTable,
  writeJson,
} from "./lib/report.mjs";
import { buildSnapshot, checkPageAssets, removeSnapshot, startShopServer } from "./lib/shop-server.mjs";

const settings = options({
  runs: 3,
  pages: "/,/shop,/product/clip-1",
  taps: "1000,2500,5000",
  latency: 400,
  kbps: 400,
  cpu: 4,
  skipBuild: false,
  // Measure an existing build directory (e.g. a copy of main's build/) instead of building this tree.
  buildDir: "",
  chromePath: chromiumPath,
});

const budgets = { mainContentMs: 1500, tapFeedbackMs: 2000, jsGzipBytes: 100 * 1024 };
/** How long a run waits for hydration (or a tap's feedback) before it reports "never". */
const patienceMs = 30_000;

/** Lighthouse's mobile screen (Moto G Power), with touch. */
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

/** Records paints and hydration in the page, from navigation start (performance.now()). */
function observePage() {
  const marks = { fcp: null, lcp: null, hydrated: null };
  window.__benchMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") marks.fcp = entry.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    // The last candidate before any input is the page's LCP.
    const last = list.getEntries().at(-1);
    if (last) marks.lcp = last.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const poll = () => {
    if (document.documentElement.hasAttribute("data-hydrated")) marks.hydrated = performance.now();
    else setTimeout(poll, 20);
  };
  poll();
  // Tap feedback, timed in the page (Playwright's own checks run late on a slowed CPU): the tap's touchstart, kept
  // across the page load a plain form post causes, and the frame in which the cart badge first counts an item.
  addEventListener(
    "touchstart",
    (event) => sessionStorage.setItem("benchTapAt", String(performance.timeOrigin + event.timeStamp)),
    {
      capture: true,
      once: true,
    },
  );
  const badgeCounts = () => /^[1-9]/.test(document.querySelector('[data-testid="cart-badge"]')?.textContent ?? "");
  const watchBadge = new MutationObserver(() => {
    if (!badgeCounts()) return;
    watchBadge.disconnect();
    requestAnimationFrame(() => (window.__benchBadgeAt = performance.timeOrigin + performance.now()));
  });
  watchBadge.observe(document, { childList: true, subtree: true, characterData: true });
}

/** A fresh phone (empty cache, no cookies) on the throttled network and CPU; bytes per resource type counted. */
async function throttledPage(browser) {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const bytesPerSecond = (settings.kbps * 1000) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: settings.latency,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: settings.cpu });
  const types = new Map();
  const requests = [];
  cdp.on("Network.responseReceived", ({ requestId, type, response }) =>
    types.set(requestId, { type, url: response.url }),
  );
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength, timestamp }) => {
    const info = types.get(requestId);
    if (info) requests.push({ ...info, bytes: encodedDataLength, finishedAt: timestamp });
  });
  await page.addInitScript(observePage);
  return { context, page, requests };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The script bytes a request list holds, as served and had each script been sent gzip-compressed. */
function scriptBytes(requests, clientDir) {
  const scripts = requests.filter((request) => request.type === "Script");
  const size = (file) => (fs.existsSync(file) ? fs.statSync(file).size : null);
  let gzip = 0;
  for (const { url, bytes } of scripts) {
    const file = path.join(clientDir, new URL(url).pathname);
    const served = size(`${file}.br`) ?? size(`${file}.gz`) ?? size(file);
    const gz = size(`${file}.gz`) ?? size(file);
    gzip += served === null || gz === null ? bytes : bytes - served + gz;
  }
  return { files: scripts.length, served: scripts.reduce((sum, { bytes }) => sum + bytes, 0), gzip };
}

/** One first visit: paints, hydration and the bytes loaded until then (or until `patienceMs`). */
async function paintRun(browser, url, clientDir) {
  const { context, page, requests } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    const marks = await page
      .waitForFunction(() => window.__benchMarks?.hydrated != null && window.__benchMarks, undefined, {
        timeout: patienceMs,
        polling: 100,
      })
      .then((handle) => handle.jsonValue())
      .catch(() => page.evaluate(() => window.__benchMarks));
    const bytes = (type) =>
      requests.filter((request) => request.type === type).reduce((sum, request) => sum + request.bytes, 0);
    return {
      fcpMs: marks.fcp,
      lcpMs: marks.lcp,
      hydratedMs: marks.hydrated,
      js: scriptBytes(requests, clientDir),
      documentBytes: bytes("Document"),
      stylesheetBytes: bytes("Stylesheet"),
      imageBytes: bytes("Image"),
      fontBytes: bytes("Font"),
    };
  } finally {
    await context.close();
  }
}

/**
 * A shopper taps the first "Add to Cart" `atMs` after starting the navigation (or as soon as the button is there,
 * if later). Feedback is the cart badge showing an item: in place with JavaScript (optimistic), on the next page
 * without. Playwright's locators keep waiting across that page load.
 */
async function tapRun(browser, url, atMs) {
  const { context, page } = await throttledPage(browser);
  try {
    const started = Date.now();
    const navigation = page.goto(url, { waitUntil: "commit", timeout: 120_000 });
    await navigation;
    const button = page.getByRole("button", { name: /^Add to Cart/ }).first();
    await sleep(started + atMs - Date.now());
    await button.waitFor({ state: "attached", timeout: patienceMs });
    const hydratedAtTap = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
    await button.tap({ timeout: patienceMs });
    await page
      .getByTestId("cart-badge")
      .filter({ hasText: /^[1-9]/ })
      .first()
      .waitFor({ state: "visible", timeout: patienceMs });
    const { tappedAt, shownAt } = await page.evaluate(() => ({
      tappedAt: Number(sessionStorage.getItem("benchTapAt")),
      shownAt: window.__benchBadgeAt,
    }));
    return {
      plannedMs: atMs,
      tappedAtMs: Math.round(tappedAt - started),
      feedbackMs: Math.round(shownAt - tappedAt),
      hydratedAtTap,
    };
  } catch (error) {
    return {
      plannedMs: atMs,
      tappedAtMs: null,
      feedbackMs: null,
      hydratedAtTap: null,
      error: String(error).slice(0, 300),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const machine = machineInfo();
  const pages = settings.pages
    .split(",")
    .map((page) => page.trim())
    .filter(Boolean);
  const taps = settings.taps
    .split(",")
    .map(Number)
    .filter((ms) => ms >= 0);
  const snapshot = await buildSnapshot({
    skipBuild: settings.skipBuild || Boolean(settings.buildDir),
    source: settings.buildDir || undefined,
  });
  const server = await startShopServer(snapshot, { label: "Throttled" }).catch((error) => {
    removeSnapshot(snapshot);
    throw error;
  });
  const browser = await chromium.launch({ executablePath: settings.chromePath, args: chromiumArgs });
  const results = [];
  try {
    await checkPageAssets(server.baseUrl);
    // Chromium treats localhost as a secure origin (as HTTPS would be in production).
    const origin = server.baseUrl.replace("127.0.0.1", "localhost");
    for (const page of pages) {
      const paints = [];
      for (let run = 1; run <= settings.runs; run++) {
        process.stdout.write(`Throttled ${page} paint run ${run}/${settings.runs}... `);
        const result = await paintRun(browser, `${origin}${page}`, path.join(snapshot, "client"));
        paints.push(result);
        console.log(
          `FCP ${Math.round(result.fcpMs)} ms, LCP ${Math.round(result.lcpMs)} ms, hydrated ${
            result.hydratedMs === null ? "never" : `${Math.round(result.hydratedMs)} ms`
          }, JS ${formatBytes(result.js.gzip)} KB gzip`,
        );
      }
      const tapResults = [];
      for (const atMs of taps) {
        for (let run = 1; run <= settings.runs; run++) {
          process.stdout.write(`Throttled ${page} tap at ${atMs} ms, run ${run}/${settings.runs}... `);
          const result = await tapRun(browser, `${origin}${page}`, atMs);
          tapResults.push(result);
          console.log(
            result.feedbackMs === null
              ? `no feedback (${result.error})`
              : `tapped at ${result.tappedAtMs} ms (${result.hydratedAtTap ? "hydrated" : "plain HTML"}), badge after ${result.feedbackMs} ms`,
          );
        }
      }
      results.push({ page, paints, taps: tapResults });
    }
  } finally {
    await browser.close();
    await server.stop();
    removeSnapshot(snapshot);
  }

  const summary = results.map(({ page, paints, taps: tapResults }) => ({
    page,
    fcpMs: median(paints.map((run) => run.fcpMs)),
    lcpMs: median(paints.map((run) => run.lcpMs)),
    hydratedMs: median(paints.map((run) => run.hydratedMs)),
    jsGzipBytes: median(paints.map((run) => run.js.gzip)),
    jsServedBytes: median(paints.map((run) => run.js.served)),
    documentBytes: median(paints.map((run) => run.documentBytes)),
    stylesheetBytes: median(paints.map((run) => run.stylesheetBytes)),
    imageBytes: median(paints.map((run) => run.imageBytes)),
    taps: taps.map((atMs) => {
      const runs = tapResults.filter((run) => run.plannedMs === atMs);
      const feedback = runs.map((run) => run.feedbackMs);
      return {
        atMs,
        medianMs: median(feedback),
        worstMs: feedback.some((value) => value === null) ? null : Math.max(...feedback),
        inPlace: runs.filter((run) => run.hydratedAtTap).length,
        runs: runs.length,
      };
    }),
  }));

  printMachine(machine);
  console.log(
    `Chromium throttled through CDP: ${settings.latency} ms latency, ${settings.kbps} kbit/s, CPU ${settings.cpu}x; 412x823 touch screen; median of ${settings.runs} runs\n`,
  );
  const seconds = (ms) => (ms === null ? "never" : (ms / 1000).toFixed(2));
  printTable([
    [
      "page",
      "FCP s",
      "LCP s",
      "hydrated s",
      "JS KB",
      "JS gzip KB",
      "doc KB",
      "CSS KB",
      "img KB",
      ...taps.map((ms) => `tap ${ms / 1000} s: badge s (worst)`),
    ],
    ...summary.map((row) => [
      row.page,
      seconds(row.fcpMs),
      seconds(row.lcpMs),
      seconds(row.hydratedMs),
      formatBytes(row.jsServedBytes),
      formatBytes(row.jsGzipBytes),
      formatBytes(row.documentBytes),
      formatBytes(row.stylesheetBytes),
      formatBytes(row.imageBytes),
      ...row.taps.map(
        (tap) => `${seconds(tap.medianMs)} (${seconds(tap.worstMs)}), ${tap.inPlace}/${tap.runs} in place`,
      ),
    ]),
  ]);
  console.log(
    "Bytes as transferred (compressed, headers included) until hydration. JS gzip: the same scripts had they been sent\n" +
      "gzip-compressed. A tap's time runs from the tap to the badge showing the item; 'in place' counts taps that met a\n" +
      "hydrated page (the others were plain form posts).",
  );
  const checks = summary.flatMap((row) => [
    budget(
      `${row.page} main content painted (LCP)`,
      row.lcpMs,
      "<=",
      budgets.mainContentMs,
      (ms) => `${Math.round(ms)} ms`,
    ),
    budget(
      `${row.page} JS on hydration (had it been gzip)`,
      row.jsGzipBytes,
      "<=",
      budgets.jsGzipBytes,
      (bytes) => `${formatBytes(bytes)} KB`,
    ),
    ...row.taps.map((tap) =>
      budget(
        `${row.page} tap at ${tap.atMs} ms: feedback, worst of ${tap.runs}`,
        tap.worstMs,
        "<=",
        budgets.tapFeedbackMs,
        (ms) => `${Math.round(ms)} ms`,
      ),
    ),
  ]);
  const failed = printBudgets(checks);
  writeJson("bench-throttled.json", {
    kind: "throttled",
    machine,
    settings,
    budgets,
    summary,
    pages: results,
    budgetResults: checks,
  });
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 2;
});

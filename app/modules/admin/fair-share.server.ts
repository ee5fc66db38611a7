// The back office's share of the shop (decision 0035): how often one staff member may search and export, one
// export at a time each, and how the refusals are answered.
import { data } from "@remix-run/node";

import { isBackendError } from "~/backend/errors";
import { PRIVATE_CACHE_CONTROL } from "~/http/cache-control";
import {
  refusedByAccountRateLimit,
  takeAccountLease,
  tooManyRequests,
  type RateLimitRefusal,
} from "~/modules/limits/rate-limits.server";
import { withinTimeLimit } from "./time-limit";

/** How long an export may run, its pages and their download together, before it is stopped. */
export const EXPORT_TIME_LIMIT_SECONDS = 5 * 60;

/**
 * A refusal is answered after a while, as the flood gate holds its answers (decision 0027): a script that ignores
 * Retry-After then asks at most once a second per connection instead of hundreds of times, and a held answer costs
 * nothing. A refused search is a page to render, so it waits for its Retry-After (1 to 5 s); an export's refusal
 * is a few hundred bytes of HTML, so a second.
 */
const hold = (seconds: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 1), 5) * 1000));

/** Counts one search (or filter, or page) of the orders list; past the account's share throws its 429 page. */
export async function requireSearchShare(userId: string): Promise<void> {
  const refusal = await refusedByAccountRateLimit(userId, "staffSearch");
  if (!refusal) return;
  await hold(refusal.retryAfterSeconds);
  throw data(refusal.message, { status: 429, headers: refusal.headers });
}

/**
 * A back-office read the page cannot do without: a statement the database stopped at its time limit is a 504 that
 * says so, and the back office's queue being full is a 429; anything else is the caller's (e.g. orUnavailablePage).
 */
export async function orBackOfficeRefusal<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isBackendError(error, "timed_out")) {
      throw data("That search took too long and was stopped. Narrow it (a status, more of the name) and try again.", {
        status: 504,
      });
    }
    if (isBackendError(error, "too_many_attempts")) {
      const refusal = tooManyRequests(error.retryAfterSeconds ?? 5, error.message);
      throw data(refusal.message, { status: 429, headers: refusal.headers });
    }
    throw error;
  }
}

/**
 * Starts an export for the staff member: one at a time each, and within the account's share. Returns the rows to
 * stream, stopped at the time limit, and `finish` to call when the download ends in any way; or throws a 429 page
 * that says why and links `backHref`. An export is a download, so the page is a small document of its own.
 */
export async function startExport<Row>(
  userId: string,
  rows: () => AsyncIterable<Row>,
  backHref: string,
): Promise<{ rows: AsyncIterable<Row>; finish: () => Promise<void> }> {
  const lease = await takeAccountLease(userId, "staffExport");
  if ("heldForSeconds" in lease) {
    // The running export gives the lease back when it ends, mostly long before the lease's own end.
    const retryAfterSeconds = Math.min(lease.heldForSeconds, 10);
    const refusal = tooManyRequests(retryAfterSeconds, "Another export of yours is still running.");
    await hold(1);
    throw refusalPage("Export already running", refusal, backHref);
  }
  const refusal = await refusedByAccountRateLimit(userId, "staffExport");
  if (refusal) {
    await lease.release();
    await hold(1);
    throw refusalPage("Too many exports", refusal, backHref);
  }
  return { rows: withinTimeLimit(rows(), EXPORT_TIME_LIMIT_SECONDS * 1000), finish: lease.release };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The 429 an export link answers: a page a browser shows as it is, with or without JavaScript. */
function refusalPage(title: string, refusal: RateLimitRefusal, backHref: string): Response {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} | Back office</title></head><body><main><h1>${escapeHtml(title)}</h1>` +
    `<p>${escapeHtml(refusal.message)}</p><p><a href="${escapeHtml(backHref)}">Back to the list</a></p></main></body></html>`;
  return new Response(html, {
    status: 429,
    headers: {
      ...refusal.headers,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
    },
  });
}

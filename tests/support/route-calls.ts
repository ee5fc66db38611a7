import type { AppLoadContext } from "@remix-run/node";
import { CookieJar, cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import { setUpStaff } from "#tests/support/backend-helpers";
import { expect } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { ResponseJar } from "~/http/cookies.server";
import type { Toast } from "~/toast/toast";
import { takeToast } from "~/toast/toast.server";
import { withResponseHeaders } from "../../server/remix-handler.js";

// Calling the app's loaders and actions in-process, as Remix would, with a browser's cookies: the one helper the
// integration tests use for it. E.g.
//   const jar = new CookieJar();
//   const added = await call(cartAction, post("/cart", { intent: "add", productId: "clip-1" }, jar));
//   jar.store(added.headers);
//   expect(await toastOf(added)).toMatchObject({ title: "Added to cart" });

export { cookiesAfter, CookieJar };

/** What a route function gave back, whether returned or thrown: a Response, or data() with its status and headers. */
export interface RouteResult<Data = unknown> {
  status: number;
  headers: Headers;
  /** Set for data() answers and plain objects. */
  data?: Data;
  location: string | null;
  /** The route threw it (a Response for the error boundary, or a redirect) rather than returned it. */
  thrown: boolean;
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

/** The data a route function answers with: what it passed to data(), or the plain object it returned. */
type DataOf<F extends RouteFunction> =
  Awaited<ReturnType<F>> extends infer Result
    ? Result extends Response
      ? never
      : Result extends { type: string; data: infer Data; init: unknown }
        ? Data
        : Result
    : never;

/** Where the requests below go; a Referer or Origin header of the same site starts with it. */
export const testOrigin = "http://localhost";

/**
 * A load context as server.js makes one for each request: `responseHeaders` collects what the request's backend
 * produces (session cookies), which call() adds to the answer as the server does. Pass one to several calls
 * to treat them as one request (a page's loaders).
 */
export function testContext(extra: Partial<AppLoadContext> = {}): AppLoadContext {
  return { cspNonce: "test-nonce", responseHeaders: new Headers(), ...extra };
}

/**
 * Calls a loader or an action as Remix would and normalises what comes back (returned or thrown), with the headers
 * the request's backend produced added as server/remix-handler.js adds them. `params` are the route's path
 * parameters; anything else adds to the load context server.js would give, e.g. the client's address.
 */
export async function call<F extends RouteFunction>(
  routeFunction: F,
  request: Request,
  { params = {}, ...context }: Partial<AppLoadContext> & { params?: Record<string, string> } = {},
): Promise<RouteResult<DataOf<F>>> {
  type Data = DataOf<F>;
  const fullContext = testContext(context);
  let outcome: unknown;
  let thrown = false;
  try {
    outcome = await routeFunction({ request, params, context: fullContext });
  } catch (error) {
    // A Response, or data() with a status (a refusal the error boundary shows with its sentence).
    if (!(error instanceof Response) && (error as { type?: string } | null)?.type !== "DataWithResponseInit")
      throw error;
    outcome = error;
    thrown = true;
  }
  const sent = (headers: Headers) =>
    withResponseHeaders(new Response(null, { headers }), fullContext.responseHeaders).headers;
  if (outcome instanceof Response) {
    // The result carries no body: a streamed one (a CSV export) is given up as a browser would, so that what it
    // holds (the export's one-at-a-time slot) is freed.
    await outcome.body?.cancel();
    const headers = sent(outcome.headers);
    return { status: outcome.status, headers, location: headers.get("Location"), thrown };
  }
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = outcome as { data: Data; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: sent(new Headers(init?.headers)), data, location: null, thrown };
  }
  return { status: 200, headers: sent(new Headers()), data: outcome as Data, location: null, thrown };
}

/** The request headers: the jar's cookies (or a Cookie header as it is), then `headers`. */
function requestHeaders(
  cookies: CookieJar | string | undefined,
  headers: Record<string, string>,
): Record<string, string> {
  const cookie = typeof cookies === "string" ? cookies : cookies?.header();
  return { ...(cookie ? { Cookie: cookie } : {}), ...headers };
}

/** A GET of `path` (e.g. "/cart?x=1"), as a browser's navigation. */
export function get(path: string, cookies?: CookieJar | string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, testOrigin), { headers: requestHeaders(cookies, headers) });
}

/**
 * A form post of `fields` to `path`: a browser's plain form submission (no JavaScript), unless `headers` says
 * otherwise, e.g. { "Sec-Fetch-Mode": "cors" } for a fetcher's.
 */
export function post(
  path: string,
  fields: Record<string, string>,
  cookies?: CookieJar | string,
  headers: Record<string, string> = {},
): Request {
  return new Request(new URL(path, testOrigin), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...requestHeaders(cookies, headers) },
  });
}

/** The toast a response puts in the flash cookie. */
export async function toastOf(result: RouteResult | Response): Promise<Toast | null> {
  const toastCookies = result.headers.getSetCookie().filter((setCookie) => setCookie.startsWith("toast="));
  if (toastCookies.length === 0) return null;
  return takeToast(get("/", new CookieJar().store(toastCookies)), testContext());
}

/** The Set-Cookie headers `write` puts into a request's cookie jar, e.g. setCookiesOf((jar) => cartCookie.write(jar, lines)). */
export async function setCookiesOf(write: (jar: ResponseJar) => Promise<void>): Promise<string[]> {
  const jar = testContext();
  await write(jar);
  return jar.responseHeaders.getSetCookie();
}

export function expectRedirect(result: RouteResult, location: string) {
  expect({ status: result.status, location: result.location }).toEqual({ status: expect.any(Number), location });
  expect([301, 302, 303, 307, 308]).toContain(result.status);
}

let counter = 0;
export function uniqueEmail(prefix = "shopper"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** Signs up a new member through the backend and returns their id and session cookie. */
export async function signUpMember(backend: Backend, fullName = "Test Member") {
  const scope = backend.forRequest(post("/auth", {}));
  const { user } = await scope.auth.signUp({ email: uniqueEmail(), password: "a long enough password", fullName });
  return { user, cookie: new CookieJar().store(scope.responseHeaders).header() };
}

/**
 * Signed-in staff members, one per name: listed as start-up lists them (the staff list is replaced by theirs), then
 * each made staff through its set-up link (setUpStaff, decision 0032).
 */
export async function signUpStaff(backend: Backend, ...fullNames: string[]) {
  const members = await Promise.all(fullNames.map((fullName) => signUpMember(backend, fullName)));
  await backend.syncStaff({ staffEmails: members.map(({ user }) => user.email), orderRecipients: [] });
  return Promise.all(members.map(({ user }) => setUpStaff(backend, user.email)));
}

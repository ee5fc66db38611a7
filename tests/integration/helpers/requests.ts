import type { Backend } from "~/backend/port";
import { CookieJar, testContext } from "#tests/integration/helpers/route-calls";

/** The "name=value" pairs of every Set-Cookie in `headers`, merged over `previous` (what a browser would send next). */
export function cookiesAfter(headers: Headers, previous = ""): string {
  return CookieJar.fromHeader(previous).store(headers).header();
}

export function formPost(url: string, fields: Record<string, string>, cookie = "", headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

let counter = 0;
export function uniqueEmail(prefix = "shopper"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** Signs up a new member and returns their id and session cookie. */
export async function signUpMember(backend: Backend, fullName = "Test Member") {
  const scope = backend.forRequest(new Request("http://shop.test/auth", { method: "POST" }));
  const { user } = await scope.auth.signUp({ email: uniqueEmail(), password: "a long enough password", fullName });
  return { user, cookie: cookiesAfter(scope.responseHeaders) };
}

/** Calls a Remix action or loader the way the server does. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: testContext };
}

import type { Backend } from "~/backend/port";

/** The "name=value" pairs of every Set-Cookie in `headers`, merged over `previous` (what a browser would send next). */
export function cookiesAfter(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const header of headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(header) || /expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
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
  return { request, params, context: { cspNonce: "test-nonce" } };
}

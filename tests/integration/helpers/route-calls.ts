import type { AppLoadContext } from "@remix-run/node";
import { expect } from "vitest";
import type { Toast } from "~/utils/toast";
import { readToast } from "~/utils/toast.server";

/** What a route function gave back, whether returned or thrown: a Response, or data() with its status and headers. */
export interface RouteResult<Data = unknown> {
  status: number;
  headers: Headers;
  /** Set for data() answers and plain objects. */
  data?: Data;
  location: string | null;
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => Promise<unknown>;

/** The data a route function answers with: what it passed to data(), or the plain object it returned. */
type DataOf<F extends RouteFunction> =
  Awaited<ReturnType<F>> extends infer Result
    ? Result extends Response
      ? never
      : Result extends { type: string; data: infer Data; init: unknown }
        ? Data
        : Result
    : never;

export const testContext: AppLoadContext = { cspNonce: "test-nonce" };

/**
 * Calls a loader or an action as Remix would and normalises what comes back (returned or thrown). `context`
 * adds to the load context server.js would give, e.g. the client's address.
 */
export async function call<F extends RouteFunction>(
  routeFunction: F,
  request: Request,
  context: Partial<AppLoadContext> = {},
): Promise<RouteResult<DataOf<F>>> {
  type Data = DataOf<F>;
  let outcome: unknown;
  try {
    outcome = await routeFunction({ request, params: {}, context: { ...testContext, ...context } });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, headers: outcome.headers, location: outcome.headers.get("Location") };
  }
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = outcome as { data: Data; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data, location: null };
  }
  return { status: 200, headers: new Headers(), data: outcome as Data, location: null };
}

/** A browser's cookie jar, enough for these tests: name=value pairs, updated from Set-Cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** A jar holding the pairs of a Cookie request header ("a=1; b=2"). */
  static fromHeader(header: string): CookieJar {
    const jar = new CookieJar();
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const separator = pair.indexOf("=");
      jar.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return jar;
  }

  store(headers: Headers): this {
    for (const setCookie of headers.getSetCookie()) {
      const [pair = ""] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = /max-age=0/i.test(setCookie) || /expires=Thu, 01 Jan 1970/i.test(setCookie) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export function get(path: string, jar?: CookieJar): Request {
  return new Request(new URL(path, "http://localhost"), { headers: jar ? { Cookie: jar.header() } : {} });
}

export function post(path: string, fields: Record<string, string>, jar?: CookieJar): Request {
  return new Request(new URL(path, "http://localhost"), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
  });
}

/** The toast a response puts in the flash cookie. */
export async function toastOf(result: RouteResult): Promise<Toast | null> {
  const cookie = result.headers
    .getSetCookie()
    .filter((setCookie) => setCookie.startsWith("toast="))
    .map((setCookie) => setCookie.split(";")[0])
    .join("; ");
  if (!cookie) return null;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

export function expectRedirect(result: RouteResult, location: string) {
  expect({ status: result.status, location: result.location }).toEqual({ status: expect.any(Number), location });
  expect([301, 302, 303, 307, 308]).toContain(result.status);
}

import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import type { z } from "zod";

import { PRIVATE_CACHE_CONTROL } from "~/http/cache-control";
import { getEnv } from "~/site/env.server";

// The one recipe for the shop's cookies: signed (a tampered value reads as absent), HttpOnly, SameSite=Lax,
// Secure in production. Every cookie the server sets or trusts is made here, and every one it sets goes into the
// request's response cookie jar, which the server adds to the response once (server/remix-handler.js).

/**
 * The request's response cookie jar: the load context's `responseHeaders`, which server.js makes once per HTTP
 * request and server/remix-handler.js adds to whatever response the request ends with (a page, a data request's,
 * a redirect, a thrown response, the error and 404 pages). The backend's session cookie lands there too.
 */
export type ResponseJar = Pick<AppLoadContext, "responseHeaders">;

/**
 * Puts a Set-Cookie into `jar` (a load context's `responseHeaders`, or the backend's per-request Headers, which are
 * the same). A response carrying a cookie is private: a shared cache must never keep one.
 */
export function addResponseCookie(jar: Headers, setCookie: string): void {
  jar.append("Set-Cookie", setCookie);
  jar.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}

export interface CookieLifetime {
  /** Seconds; omitted, the cookie ends with the browser session. */
  maxAge?: number;
  /** Sent only under this path; "/" when omitted. */
  path?: string;
}

export interface CookieKeys {
  /** Set on https only. */
  secure: boolean;
  /** Signing secrets, newest first (older ones still verify: rotation). */
  secrets: readonly string[];
}

/** For code that is handed its keys (the SQL backend); everything else uses `signedCookie`. */
export function createSignedCookie(name: string, { maxAge, path = "/" }: CookieLifetime, keys: CookieKeys): Cookie {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: keys.secure,
    path,
    maxAge,
    secrets: [...keys.secrets],
  });
}

export interface SignedCookie {
  readonly name: string;
  /** Whether the request carries the cookie at all (valid or not). */
  has(request: Request): boolean;
  /** The value, or null when the cookie is absent, tampered with or undecodable: a bad cookie is never an error. */
  read(request: Request): Promise<unknown>;
  /** Sets the cookie to `value` on the request's response. */
  write(context: ResponseJar, value: unknown): Promise<void>;
  /** Removes the cookie on the request's response. */
  clear(context: ResponseJar): Promise<void>;
}

/**
 * A signed cookie with the environment's secrets and Secure flag. The environment is read on first use, not at
 * import, so that tests (and the server's start-up checks) set it first.
 */
export function signedCookie(name: string, lifetime: CookieLifetime = {}): SignedCookie {
  let cookie: Cookie | undefined;
  const get = () => {
    const env = getEnv();
    cookie ??= createSignedCookie(name, lifetime, { secure: env.secureCookies, secrets: env.sessionSecrets });
    return cookie;
  };
  const has = (request: Request) => request.headers.get("Cookie")?.includes(`${name}=`) ?? false;

  return {
    name,
    has,
    async read(request) {
      if (!has(request)) return null;
      // Remix's parse answers null for a bad signature and throws for undecodable data.
      return get()
        .parse(request.headers.get("Cookie"))
        .catch(() => null);
    },
    async write(context, value) {
      addResponseCookie(context.responseHeaders, await get().serialize(value));
    },
    async clear(context) {
      addResponseCookie(context.responseHeaders, await get().serialize("", { maxAge: 0 }));
    },
  };
}

export interface FlashCookie<T> {
  /** Leaves `value` for the next page the browser asks for. */
  set(context: ResponseJar, value: T): Promise<void>;
  /** The pending value, read once: what the schema accepts (else null); the cookie is cleared when the request carried one. */
  take(request: Request, context: ResponseJar): Promise<T | null>;
}

/**
 * A flash cookie: set by an action, read and cleared by the next page's loader, so that a message (and what the
 * shopper typed) outlives a redirect without JavaScript. Five minutes unless told.
 */
export function flashCookie<T>(
  name: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  lifetime: CookieLifetime = { maxAge: 60 * 5 },
): FlashCookie<T> {
  const cookie = signedCookie(name, lifetime);
  return {
    set: (context, value) => cookie.write(context, value),
    async take(request, context) {
      if (!cookie.has(request)) return null;
      const parsed = schema.safeParse(await cookie.read(request));
      await cookie.clear(context);
      return parsed.success ? parsed.data : null;
    },
  };
}

import { type Cookie, createCookie } from "@remix-run/node";
import type { z } from "zod";
import { getEnv } from "~/utils/env.server";

// The one recipe for the shop's cookies: signed (a tampered value reads as absent), HttpOnly, SameSite=Lax,
// Secure in production. Every cookie the server sets or trusts is made here.

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
  /** Set-Cookie carrying `value`. */
  write(value: unknown): Promise<string>;
  /** Set-Cookie that removes the cookie. */
  clear(): Promise<string>;
  /**
   * A flash cookie's value, read once: what `schema` accepts (else null), and the Set-Cookie that clears it
   * (null when the request did not carry the cookie, so nothing needs clearing).
   */
  take<T>(request: Request, schema: z.ZodType<T, z.ZodTypeDef, unknown>): Promise<{ value: T | null; clearHeader: string | null }>;
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

  const read = async (request: Request): Promise<unknown> => {
    if (!has(request)) return null;
    // Remix's parse answers null for a bad signature and throws for undecodable data.
    return get()
      .parse(request.headers.get("Cookie"))
      .catch(() => null);
  };
  const clear = () => get().serialize("", { maxAge: 0 });

  return {
    name,
    has,
    read,
    write: (value) => get().serialize(value),
    clear,
    async take(request, schema) {
      if (!has(request)) return { value: null, clearHeader: null };
      const parsed = schema.safeParse(await read(request));
      return { value: parsed.success ? parsed.data : null, clearHeader: await clear() };
    },
  };
}

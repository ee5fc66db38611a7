// A fake Supabase at the network edge: a `fetch` that records every request the client sends and
// answers from handlers the test registers. Hosted Supabase cannot run here; its HTTP contract can.

export const SUPABASE_URL = "https://abcdefghijklmnopqrst.supabase.co";
export const ANON_KEY = "anon-public-key-for-tests";
export const AUTH_COOKIE = "sb-abcdefghijklmnopqrst-auth-token";

export interface RecordedRequest {
  method: string;
  url: URL;
  /** Path and query, e.g. "/rest/v1/cart_items?select=..." */
  path: string;
  headers: Headers;
  body: unknown;
}

type Respond = (request: RecordedRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export function createFakeSupabase() {
  const requests: RecordedRequest[] = [];
  let handlers: { method: string; path: string; respond: Respond }[] = [];

  const fakeFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Form bodies stay text.
    }
    const recorded: RecordedRequest = {
      method: request.method,
      url,
      path: decodeURIComponent(url.pathname + url.search),
      headers: request.headers,
      body,
    };
    requests.push(recorded);
    // The most recently registered matching handler wins, so a test can override a default.
    const handler = [...handlers]
      .reverse()
      .find((candidate) => candidate.method === request.method && url.pathname === candidate.path);
    if (!handler) return json({ message: `No fake for ${request.method} ${url.pathname}` }, 404);
    return handler.respond(recorded);
  };

  return {
    fetch: fakeFetch,
    requests,
    /** Answers `method path` (path without query) from now on. */
    on(method: string, path: string, respond: Respond) {
      handlers.push({ method, path, respond });
    },
    /** Requests whose path (with query) starts with the prefix. */
    sent(method: string, pathPrefix: string) {
      return requests.filter((request) => request.method === method && request.path.startsWith(pathPrefix));
    },
    reset() {
      requests.length = 0;
      handlers = [];
    },
  };
}

export type FakeSupabase = ReturnType<typeof createFakeSupabase>;

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** How a session began, as Supabase Auth signs it into the token (`amr`): method and Unix time. */
export type FakeAmr = { method: string; timestamp: number }[];

/** A well-formed (unsigned) access token: the client reads its claims, only Supabase verifies it. */
export function fakeAccessToken(
  userId: string,
  expiresAt: number,
  amr: FakeAmr = [{ method: "password", timestamp: expiresAt - 3600 }],
): string {
  return [
    base64url({ alg: "HS256", typ: "JWT" }),
    base64url({ sub: userId, exp: expiresAt, role: "authenticated", aud: "authenticated", session_id: "s1", amr }),
    "signature",
  ].join(".");
}

export function fakeUser(id: string, email: string, metadata: Record<string, unknown> = {}) {
  return {
    id,
    aud: "authenticated",
    role: "authenticated",
    email,
    email_confirmed_at: "2030-01-01T00:00:00Z",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: metadata,
    identities: [{ id, user_id: id, provider: "email", identity_data: { email } }],
    created_at: "2030-01-01T00:00:00.000Z",
    updated_at: "2030-01-01T00:00:00.000Z",
  };
}

/** A token-endpoint answer: a session expiring `expiresIn` seconds from now. */
export function fakeSession(
  user: ReturnType<typeof fakeUser>,
  expiresIn = 3600,
  refreshToken = "refresh-1",
  amr?: FakeAmr,
) {
  const expiresAt = Math.floor(Date.now() / 1000) + expiresIn;
  return {
    access_token: fakeAccessToken(user.id, expiresAt, amr),
    token_type: "bearer",
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user,
  };
}

import http from "node:http";
import net from "node:net";
import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  setCookies: string[];
  body: string;
  /** Location, when there is one. */
  location: string | undefined;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Form fields (sent urlencoded) or the raw body. */
  form?: Record<string, string>;
  body?: string | Buffer;
  cookie?: string;
  agent?: http.Agent;
  /** Sends the body in chunks without Content-Length. */
  chunked?: boolean;
}

/**
 * One raw HTTP request with node:http: full control over headers and bytes (fetch would add Sec-Fetch-Mode
 * and refuse invalid bodies), no redirects followed. Without Sec-Fetch-Mode the app treats a post like a
 * browser's form navigation.
 */
export function httpRequest(baseUrl: string, path: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
  const body = options.form ? new URLSearchParams(options.form).toString() : options.body;
  const headers: Record<string, string> = {
    ...(options.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    ...(options.cookie ? { Cookie: options.cookie } : {}),
    Accept: "text/html",
    ...options.headers,
  };
  if (body !== undefined && !options.chunked) headers["Content-Length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, baseUrl),
      { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, agent: options.agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            setCookies: response.headers["set-cookie"] ?? [],
            body: Buffer.concat(chunks).toString("utf8"),
            location: response.headers.location,
          }),
        );
      },
    );
    request.on("error", reject);
    if (body !== undefined) {
      if (options.chunked) {
        const bytes = Buffer.from(body);
        for (let offset = 0; offset < bytes.length; offset += 16 * 1024)
          request.write(bytes.subarray(offset, offset + 16 * 1024));
      } else {
        request.write(body);
      }
    }
    request.end();
  });
}

/** What a browser would send next: `previous` with the response's Set-Cookie applied. */
export function nextCookies(response: HttpResponse, previous = ""): string {
  return cookiesAfter(response.setCookies, previous);
}

/** The value of one cookie in a response's Set-Cookie headers, or undefined. */
export function setCookieValue(response: HttpResponse, name: string): string | undefined {
  const header = response.setCookies.find((value) => value.startsWith(`${name}=`));
  return header ? decodeURIComponent(header.slice(name.length + 1).split(";")[0] ?? "") : undefined;
}

/**
 * The order id in the signed order_confirmation cookie a successful checkout sets (Remix cookie format:
 * base64 JSON, a dot, the signature). Reading it needs no secret; only forging it would.
 */
export function confirmedOrderId(response: HttpResponse): string | undefined {
  const value = setCookieValue(response, "order_confirmation");
  if (!value) return undefined;
  const payload = value.slice(0, value.lastIndexOf("."));
  // The order just placed, as /order-success shows it: its id, lines, amounts and where it ships.
  const confirmation: unknown = JSON.parse(decodeURIComponent(escape(atob(payload))));
  const id = (confirmation as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : undefined;
}

/** A valid checkout form; the idempotency key makes each submission its own order. */
export function checkoutForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+1 555 010 0199",
    address: "12 Analytical Engine Row",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    country: "United States",
    shippingMethod: "standard",
    idempotencyKey: `key-${crypto.randomUUID()}`,
    ...overrides,
  };
}

/** Signs up a member through /auth (as a shopper would) and returns the session cookie. */
export async function signUpThroughAuth(
  baseUrl: string,
  email: string,
  password = "a long enough password 1",
): Promise<string> {
  const response = await httpRequest(baseUrl, "/auth?mode=signup", { form: { intent: "signup", email, password } });
  if (response.status !== 303) throw new Error(`Sign-up answered ${response.status}: ${response.body.slice(0, 300)}`);
  const cookie = nextCookies(response);
  if (!cookie.includes("shop_session=")) throw new Error("Sign-up set no session cookie");
  return cookie;
}

/**
 * Writes `head` (a request line and headers, as given: e.g. an absolute-form target that no HTTP client would send)
 * to the server and reads the answer's status line and headers. The connection is closed after one answer.
 */
export function rawHttpRequest(
  baseUrl: string,
  head: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const bytes = Buffer.concat(chunks);
      const headEnd = bytes.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = bytes.subarray(0, headEnd).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      let body = bytes.subarray(headEnd + 4);
      if (headers["transfer-encoding"] === "chunked") {
        const parts: Buffer[] = [];
        for (let at = 0; ;) {
          const lineEnd = body.indexOf("\r\n", at);
          const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
          if (!(size > 0)) break;
          parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
          at = lineEnd + 2 + size + 2;
        }
        body = Buffer.concat(parts);
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") });
    });
  });
}

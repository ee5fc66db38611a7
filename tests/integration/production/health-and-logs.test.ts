import { checkoutForm, httpRequest, nextCookies, signUpThroughAuth } from "#tests/support/http";
import { useEmbeddedProductionServer } from "#tests/support/production-server";
import { describe, expect, it } from "vitest";

// The real production server (node server.js on the build of the current sources), with request logging on.
const suite = useEmbeddedProductionServer({ LOG_LEVEL: "info" });

/** A JSON log line as an object (the app's own plain start-up lines are none). */
function parseLogLine(line: string): Record<string, unknown> | undefined {
  return line.startsWith("{") ? (JSON.parse(line) as Record<string, unknown>) : undefined;
}

/** The JSON log lines the server wrote. */
function logLines(): Record<string, unknown>[] {
  return suite.server
    .output()
    .split("\n")
    .map(parseLogLine)
    .filter((entry) => entry !== undefined);
}

/** The request's log line, as soon as the server wrote it. */
async function waitForLogLine(requestId: string): Promise<Record<string, unknown>> {
  const isRequestLine = (line: string) => {
    const entry = parseLogLine(line);
    return entry?.requestId === requestId && entry.msg === "request";
  };
  return parseLogLine(await suite.server.waitForOutput(isRequestLine, 10_000))!;
}

describe("health endpoints", () => {
  it("/healthz answers 200 ok without caching", async () => {
    const response = await httpRequest(suite.server.url, "/healthz");
    expect(response.status).toBe(200);
    expect(response.body.trim()).toBe("ok");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz answers 200 while the database answers", async () => {
    const response = await httpRequest(suite.server.url, "/readyz");
    expect(response.status).toBe(200);
    expect(response.body.trim()).toBe("ok");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("request ids", () => {
  it("generates one when the client sends none, and returns it", async () => {
    const response = await httpRequest(suite.server.url, "/robots.txt");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a sane X-Request-Id from a proxy", async () => {
    const response = await httpRequest(suite.server.url, "/robots.txt", {
      headers: { "X-Request-Id": "lb-4f2a.17:9" },
    });
    expect(response.headers["x-request-id"]).toBe("lb-4f2a.17:9");
  });

  it.each([['with spaces and "quotes"'], ["x".repeat(200)], ["<script>"], [""]])(
    "replaces an insane one: %j",
    async (id) => {
      const response = await httpRequest(suite.server.url, "/robots.txt", { headers: { "X-Request-Id": id } });
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});

describe("request logs", () => {
  it("write one JSON line per request with id, method, path, status and duration", async () => {
    const response = await httpRequest(suite.server.url, "/shop?category=wigs&sort=price-asc", {
      headers: { "X-Request-Id": "log-line-test-1" },
    });
    expect(response.status).toBe(200);
    const line = await waitForLogLine("log-line-test-1");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/shop",
      query: ["category", "sort"],
      status: 200,
    });
    expect(typeof line.durationMs).toBe("number");
    expect(Date.parse(String(line.time))).not.toBeNaN();
  });

  it("never contain passwords, cookies, tokens, e-mail addresses or query values", async () => {
    const email = `log-secret-${Date.now()}@example.com`;
    const password = "correct horse battery staple 42";
    const sessionCookie = await signUpThroughAuth(suite.server.url, email, password);
    const signIn = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email, password },
      headers: { "X-Request-Id": "log-secret-signin" },
    });
    const cart = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "add", productId: "clip-1", quantity: "1" },
      cookie: sessionCookie,
      headers: { "X-Request-Id": "log-secret-cart" },
    });
    const form = checkoutForm({ email, phone: "+1 555 867 5309" });
    await httpRequest(suite.server.url, "/checkout", {
      form,
      cookie: nextCookies(cart, sessionCookie),
      headers: { "X-Request-Id": "log-secret-checkout" },
    });
    await httpRequest(suite.server.url, "/auth/callback?code=secret-oauth-code-123&next=/profile", {
      headers: { "X-Request-Id": "log-secret-query" },
    });
    await httpRequest(suite.server.url, "/reset?AbCdEf0123456789tokenish", {
      headers: { "X-Request-Id": "log-secret-bare-token" },
    });
    for (const id of [
      "log-secret-signin",
      "log-secret-cart",
      "log-secret-checkout",
      "log-secret-query",
      "log-secret-bare-token",
    ]) {
      await waitForLogLine(id);
    }

    const log = suite.server.output();
    const sessionToken = sessionCookie.split("shop_session=")[1]?.split(";")[0] ?? "";
    const secrets = [
      password,
      email,
      sessionToken,
      ...signIn.setCookies.map((cookie) => cookie.split(";")[0]?.split("=")[1] ?? ""),
      form.idempotencyKey,
      "555 867 5309",
      "Analytical Engine",
      "secret-oauth-code-123",
      "AbCdEf0123456789tokenish",
    ].filter((secret): secret is string => secret !== undefined && secret.length > 6);
    for (const secret of secrets) expect(log, `log contains ${secret}`).not.toContain(secret);
    expect((await waitForLogLine("log-secret-query")).query).toEqual(["code", "next"]);
  });

  it("leave out successful health probes", async () => {
    await httpRequest(suite.server.url, "/healthz", { headers: { "X-Request-Id": "probe-quiet" } });
    await httpRequest(suite.server.url, "/robots.txt", { headers: { "X-Request-Id": "after-probe" } });
    await waitForLogLine("after-probe");
    expect(logLines().some((line) => line.requestId === "probe-quiet")).toBe(false);
  });
});

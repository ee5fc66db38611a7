import { checkoutForm, httpRequest, nextCookies, setCookieValue } from "#tests/support/http";
import { useEmbeddedProductionServer } from "#tests/support/production-server";
import { describe, expect, it } from "vitest";

import { formatWait } from "~/modules/limits/rate-limit";
import { rateLimitRules } from "~/modules/limits/rate-limits.server";

// Decision 0015: per-client limits on the posts that cost the shop, through the real production server. With
// TRUST_PROXY=true the client is the address X-Forwarded-For names (Express's req.ip), so each test uses its own.
const suite = useEmbeddedProductionServer({ RATE_LIMITS: "on", TRUST_PROXY: "true", SITE_URL: "http://shop.test" });

let nextClient = 1;
const newClient = () => ({ "X-Forwarded-For": `203.0.113.${nextClient++}` });
const asFetcher = { "Sec-Fetch-Mode": "cors" };
const perMinute = (rules: readonly { points: number; durationSeconds: number }[]) =>
  rules.find((rule) => rule.durationSeconds === 60)!.points;

function expectRetryAfter(headers: Record<string, string | string[] | undefined>) {
  const seconds = Number(headers["retry-after"]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(60);
  return seconds;
}

describe("per-client limits", () => {
  it("sign-in: past the limit a plain form post gets a 429 page that says when to retry and keeps the address", async () => {
    const client = newClient();
    const signIn = (email: string) =>
      httpRequest(suite.server.url, "/auth", {
        form: { intent: "signin", email, password: "guess-123456" },
        headers: client,
      });
    for (let attempt = 0; attempt < perMinute(rateLimitRules.signIn); attempt += 1) {
      expect((await signIn(`flood-${attempt}@example.com`)).status).toBe(400);
    }
    const refused = await signIn("typed@example.com");
    expect(refused.status).toBe(429);
    const seconds = expectRetryAfter(refused.headers);
    expect(refused.body).toContain("Too many attempts from your network.");
    expect(refused.body).toContain(`Please try again in ${formatWait(seconds)}.`);
    // What was typed comes back, the password aside.
    expect(refused.body).toMatch(/<input[^>]*value="typed@example.com"/);
    expect(refused.body).not.toContain("guess-123456");

    // A fetcher (JavaScript on) is refused the same way, with the same message.
    const fetched = await httpRequest(suite.server.url, "/auth.data", {
      form: { intent: "signin", email: "typed@example.com", password: "guess-123456" },
      headers: { ...client, ...asFetcher },
    });
    expect(fetched.status).toBe(429);
    expect(fetched.body).toContain("Too many attempts from your network.");
    expect(fetched.body).not.toContain("guess-123456");

    // Another client is not affected.
    expect(
      (
        await httpRequest(suite.server.url, "/auth", {
          form: { intent: "signin", email: "a@example.com", password: "guess-123456" },
          headers: newClient(),
        })
      ).status,
    ).toBe(400);
  });

  it("after the first friendly 429, the client's further posts there get a small plain 429 before any render, each with Retry-After", async () => {
    const client = newClient();
    const signIn = (email: string) =>
      httpRequest(suite.server.url, "/auth", {
        form: { intent: "signin", email, password: "guess-123456" },
        headers: client,
      });
    for (let attempt = 0; attempt < perMinute(rateLimitRules.signIn); attempt += 1)
      await signIn(`gate-${attempt}@example.com`);
    const friendly = await signIn("typed@example.com");
    expect(friendly.status).toBe(429);
    expect(friendly.body).toMatch(/<input[^>]*value="typed@example.com"/);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const cheap = await signIn(`again-${attempt}@example.com`);
      expect(cheap.status).toBe(429);
      expect(cheap.headers["content-type"]).toBe("text/plain; charset=utf-8");
      const seconds = expectRetryAfter(cheap.headers);
      expect(cheap.body).toBe(`Too many attempts from your network. Please try again in ${formatWait(seconds)}.\n`);
    }
    // Only that client, only that page.
    expect(
      (
        await httpRequest(suite.server.url, "/auth", {
          form: { intent: "signin", email: "b@example.com", password: "guess-123456" },
          headers: newClient(),
        })
      ).status,
    ).toBe(400);
    const newsletter = await httpRequest(suite.server.url, "/newsletter", {
      form: { email: "gate-news@example.com" },
      headers: client,
    });
    expect(newsletter.status).toBe(303);
  });

  it("guessing discount codes (issue 41): past the limit, refused with Retry-After; the flood after it costs a plain 429 before any render", async () => {
    const client = newClient();
    const guess = (code: string, headers: Record<string, string> = {}, path = "/cart/discount") =>
      httpRequest(suite.server.url, path, {
        form: { intent: "apply", code, redirectTo: "/cart" },
        headers: { ...client, ...headers },
      });
    for (let attempt = 0; attempt < perMinute(rateLimitRules.discountCode); attempt += 1) {
      // Each wrong one is told so on the cart page, as a shopper's typo is.
      expect((await guess(`GUESS-${attempt}`)).status).toBe(303);
    }
    // A plain post past the limit: the friendly answer (back to the cart, Retry-After, the message in the field's flash)...
    const friendly = await guess("GUESS-Y");
    expect(friendly.status).toBe(303);
    expectRetryAfter(friendly.headers);
    // ...and from then on the small plain 429 the server answers before Remix, until the wait is over.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const cheap = await guess(`GUESS-Z${attempt}`);
      expect(cheap.status).toBe(429);
      expect(cheap.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expectRetryAfter(cheap.headers);
    }
    // A fetcher (which the gate leaves to the app) gets the 429 with Retry-After and the message its form shows.
    const fetched = await guess("GUESS-X", asFetcher, "/cart/discount.data");
    expect(fetched.status).toBe(429);
    expectRetryAfter(fetched.headers);
    expect(fetched.body).toContain("Too many attempts from your network.");
    // Another client applies codes as before.
    expect((await guess("ANOTHER-1", newClient())).status).toBe(303);
  });

  it("an account locked after wrong passwords answers 429 with Retry-After, whoever asks", async () => {
    const email = `locked-${Date.now()}@example.com`;
    const signUp = await httpRequest(suite.server.url, "/auth?mode=signup", {
      form: { intent: "signup", email, password: "the right password 1" },
      headers: newClient(),
    });
    expect(signUp.status).toBe(303);
    let last = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email, password: "wrong-password-0" },
      headers: newClient(),
    });
    for (let attempt = 1; last.status !== 429 && attempt < 10; attempt += 1) {
      last = await httpRequest(suite.server.url, "/auth", {
        form: { intent: "signin", email, password: `wrong-password-${attempt}` },
        headers: newClient(),
      });
    }
    expect(last.status).toBe(429);
    expect(last.body).toContain("Too many failed sign-in attempts.");
    expectRetryAfter(last.headers);
  });

  it("resend confirmation: past the limit the toast on /auth says so, and its sign-in form shows the address again, once", async () => {
    const client = newClient();
    const resend = (email: string) =>
      httpRequest(suite.server.url, "/auth/resend", { form: { email }, headers: client });
    for (let attempt = 0; attempt < perMinute(rateLimitRules.resendConfirmation); attempt += 1) {
      expect((await resend(`resend-${attempt}@example.com`)).status).toBe(303);
    }
    const refused = await resend("typed-resend@example.com");
    expect(refused.status).toBe(303);
    // The address travels in a cookie, not in the URL (logs, history).
    expect(refused.location).toBe("/auth");
    expectRetryAfter(refused.headers);
    const page = await httpRequest(suite.server.url, "/auth", { cookie: nextCookies(refused) });
    expect(page.body).toContain("Too many attempts from your network.");
    expect(page.body).toMatch(/<input[^>]*id="auth-signin-email"[^>]*value="typed-resend@example.com"/);
    const again = await httpRequest(suite.server.url, "/auth", { cookie: nextCookies(page, nextCookies(refused)) });
    expect(again.body).not.toContain("typed-resend@example.com");
  });

  it("a client cannot dodge the limit with its own X-Forwarded-For: only the address the proxy added counts", async () => {
    const client = newClient()["X-Forwarded-For"];
    // The proxy in front appends the peer's address to whatever the client sent.
    const signIn = (spoofed: string) =>
      httpRequest(suite.server.url, "/auth", {
        form: { intent: "signin", email: `spoof-${spoofed}@example.com`, password: "guess-123456" },
        headers: { "X-Forwarded-For": `${spoofed}, ${client}` },
      });
    for (let attempt = 0; attempt < perMinute(rateLimitRules.signIn); attempt += 1) {
      expect((await signIn(`198.51.100.${attempt + 1}`)).status).toBe(400);
    }
    expect((await signIn("198.51.100.250")).status).toBe(429);
  });

  it("sign-up is limited per client too", async () => {
    const client = newClient();
    for (let attempt = 0; attempt < perMinute(rateLimitRules.signUp); attempt += 1) {
      const response = await httpRequest(suite.server.url, "/auth?mode=signup", {
        form: {
          intent: "signup",
          email: `new-${Date.now()}-${attempt}@example.com`,
          password: "a long enough password 1",
        },
        headers: client,
      });
      expect(response.status).toBe(303);
    }
    const refused = await httpRequest(suite.server.url, "/auth?mode=signup", {
      form: { intent: "signup", email: "one-more@example.com", password: "a long enough password 1" },
      headers: client,
    });
    expect(refused.status).toBe(429);
    expectRetryAfter(refused.headers);
    expect(refused.body).toMatch(/<input[^>]*value="one-more@example.com"/);
    expect(refused.body).not.toContain("a long enough password 1");
  });

  it("checkout: past the limit a 429 keeps every field typed and says when to retry", async () => {
    const client = newClient();
    const form = checkoutForm({ firstName: "Grace", city: "Arlington" });
    for (let attempt = 0; attempt < perMinute(rateLimitRules.checkout); attempt += 1) {
      // The visitor's cart is empty: 'Cart is empty' on the checkout's empty state (a client that is no browser
      // navigation gets the page's own answer, decision 0028), counted all the same.
      expect((await httpRequest(suite.server.url, "/checkout", { form, headers: client })).status).toBe(400);
    }
    // Now with something in the cart, so that the page shows the form again: refused before any order is placed.
    const add = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "add", productId: "clip-1", quantity: "1" },
    });
    const cookie = nextCookies(add);
    const refused = await httpRequest(suite.server.url, "/checkout", { form, headers: client, cookie });
    expect(refused.status).toBe(429);
    expect(setCookieValue(refused, "order_confirmation")).toBeUndefined();
    const seconds = expectRetryAfter(refused.headers);
    expect(refused.body).toContain(`Please try again in ${formatWait(seconds)}.`);
    expect(refused.body).toMatch(/<input[^>]*value="Grace"/);
    expect(refused.body).toMatch(/<input[^>]*value="Arlington"/);
  });
});

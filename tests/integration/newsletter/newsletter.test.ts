import { installTestBackend } from "#tests/support/pglite";
import { call, cookiesAfter, get, post, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { SqlDatabase } from "~/backend/sql/sql-database";
import { rateLimitRules } from "~/modules/limits/rate-limits.server";
import { HONEYPOT_FIELD } from "~/modules/newsletter/newsletter-form";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/newsletter/newsletter-endpoint";

let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ db, uninstall } = await installTestBackend());
});
afterAll(async () => uninstall());

/** Without JavaScript: a plain post from the page the footer is on (from `clientIp`, when per-client limits matter). */
async function subscribeByForm(fields: Record<string, string>, page = "/shop?category=wigs", clientIp?: string) {
  return call(action, post("/newsletter", { redirectTo: page, ...fields }), { clientIp });
}

/** With JavaScript: the footer's fetcher. */
async function subscribeByFetch(fields: Record<string, string>, clientIp?: string) {
  return call(action, post("/newsletter", { redirectTo: "/", ...fields }, "", { "Sec-Fetch-Mode": "cors" }), {
    clientIp,
  });
}

async function rowsFor(address: string) {
  return db.query<{ email: string }>("select email from public.newsletter_subscribers where lower(email) = lower($1)", [
    address,
  ]);
}

async function countRows() {
  const [row] = await db.query<{ count: number }>("select count(*)::int as count from public.newsletter_subscribers");
  return row?.count ?? 0;
}

describe("subscribing", () => {
  it("stores the address trimmed and lower-cased, and thanks the shopper on the same page", async () => {
    const result = await subscribeByForm({ email: "  Ada.Lovelace@Example.COM " });
    expect(result).toMatchObject({ status: 303, location: "/shop?category=wigs" });
    expect(await toastOf(result)).toMatchObject({
      type: "success",
      title: "Subscribed!",
      description: "Please check your email to confirm your subscription.",
    });
    expect(await rowsFor("ada.lovelace@example.com")).toEqual([{ email: "ada.lovelace@example.com" }]);
  });

  it("keeps one row per address, whatever its case, and a second subscription is not an error", async () => {
    const first = await subscribeByFetch({ email: "grace@example.com" });
    expect(first).toMatchObject({ status: 200, data: { ok: true } });
    const again = await subscribeByFetch({ email: "GRACE@Example.com" });
    expect(again).toMatchObject({ status: 200, data: { ok: true } });
    expect(await toastOf(again)).toMatchObject({ title: "Subscribed!" });
    const byForm = await subscribeByForm({ email: "Grace@EXAMPLE.com" });
    expect(byForm.status).toBe(303);
    expect(await rowsFor("grace@example.com")).toHaveLength(1);
  });

  it("refuses an invalid address with 400, the message and the typed value, storing nothing", async () => {
    const before = await countRows();
    const result = await subscribeByFetch({ email: "not-an-email" });
    expect(result).toMatchObject({
      status: 400,
      data: { ok: false, error: "Please enter a valid email address.", typed: "not-an-email" },
    });
    expect(await subscribeByFetch({ email: "" })).toMatchObject({
      status: 400,
      data: { error: "Please enter a valid email address." },
    });
    expect(await countRows()).toBe(before);
  });

  it("without JavaScript, brings the message and the typed value back to the form on the same page, once", async () => {
    const result = await subscribeByForm({ email: "ada@nowhere" }, "/about");
    expect(result).toMatchObject({ status: 303, location: "/about#newsletter" });
    const cookie = cookiesAfter(result.headers);
    const page = await call(rootLoader, get("/about", cookie));
    expect((page.data as { newsletter: unknown }).newsletter).toEqual({
      error: "Please enter a valid email address.",
      typed: "ada@nowhere",
    });
    // Read once: the next page shows an empty form.
    const next = cookiesAfter(page.headers, cookie);
    const later = await call(rootLoader, get("/about", next));
    expect((later.data as { newsletter: unknown }).newsletter).toBeNull();
  });

  it("gives a bot that fills the honeypot the same answer and stores nothing", async () => {
    const before = await countRows();
    const byForm = await subscribeByForm({ email: "bot@spam.example", [HONEYPOT_FIELD]: "ACME Corp" });
    expect(byForm.status).toBe(303);
    expect(await toastOf(byForm)).toMatchObject({ title: "Subscribed!" });
    expect(await subscribeByFetch({ email: "bot2@spam.example", [HONEYPOT_FIELD]: "x" })).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await rowsFor("bot@spam.example")).toEqual([]);
    expect(await countRows()).toBe(before);
  });

  it("is limited per client: past the limit a 429 that says when to retry, the address kept, nothing stored", async () => {
    const client = "198.51.100.41";
    const perMinute = rateLimitRules.newsletter[0].points;
    // Invalid forms are answered first and cost nothing; honeypot posts count like any other.
    expect((await subscribeByFetch({ email: "not-an-email" }, client)).status).toBe(400);
    expect((await subscribeByFetch({ email: "bot@spam.example", [HONEYPOT_FIELD]: "x" }, client)).status).toBe(200);
    for (let attempt = 1; attempt < perMinute; attempt += 1) {
      expect((await subscribeByFetch({ email: `flood-${attempt}@example.com` }, client)).status).toBe(200);
    }
    const before = await countRows();

    const fetched = await subscribeByFetch({ email: "One.More@example.com" }, client);
    expect(fetched).toMatchObject({ status: 429, data: { ok: false, typed: "one.more@example.com" } });
    expect(fetched.data?.error).toMatch(
      /^Too many attempts from your network\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect(Number(fetched.headers.get("Retry-After"))).toBeGreaterThan(0);

    // Without JavaScript: back to the form, which shows the message and the address.
    const byForm = await subscribeByForm({ email: "one.more@example.com" }, "/about", client);
    expect(byForm).toMatchObject({ status: 303, location: "/about#newsletter" });
    const page = await call(rootLoader, get("/about", cookiesAfter(byForm.headers)));
    expect((page.data as { newsletter: unknown }).newsletter).toEqual({
      error: fetched.data?.error,
      typed: "one.more@example.com",
    });

    expect(await countRows()).toBe(before);
    // Another client is not affected.
    expect((await subscribeByFetch({ email: "one.more@example.com" }, "198.51.100.42")).status).toBe(200);
  });

  it("never redirects off the site", async () => {
    const result = await subscribeByForm({ email: "linus@example.com" }, "https://evil.example/");
    expect(result.location).toBe("/");
  });

  it("sends a GET to the form in the footer", async () => {
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#newsletter");
  });
});

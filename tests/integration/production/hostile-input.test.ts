import { createCookie } from "@remix-run/node";
import {
  checkoutForm,
  httpRequest,
  nextCookies,
  rawHttpRequest,
  signUpThroughAuth,
  type HttpResponse,
} from "#tests/support/http";
import { seededCatalogue } from "#tests/support/pglite";
import { openDataDir, TEST_SESSION_SECRET, useEmbeddedProductionServer } from "#tests/support/production-server";
import { beforeAll, describe, expect, it } from "vitest";

import { CONTROL_CHARACTER_MESSAGE, REPEATED_FIELD_MESSAGE } from "~/forms/form-text";
import { toCents } from "~/modules/money";

// Hostile requests against the real production suite.server. Every one gets a clear 4xx (or a redirect that stays on
// the site) and changes nothing: at the end the database is read directly and holds only the legitimate changes.
// `target` is the member every attack aims at; `author` makes the few legitimate changes (an order and a profile
// name full of markup) whose pages must show that markup as text.

// Nothing to wait for at the end: the checks below read the database only after their own stops.
const suite = useEmbeddedProductionServer({}, { stopSignal: "SIGKILL" });
const target = { email: `target-${Date.now()}@example.com`, password: "target password 123", cookie: "" };
const author = { email: `author-${Date.now()}@example.com`, cookie: "" };
let visitorCookie = "";

beforeAll(async () => {
  target.cookie = await signUpThroughAuth(suite.server.url, target.email, target.password);
  author.cookie = await signUpThroughAuth(suite.server.url, author.email);
  const add = await httpRequest(suite.server.url, "/cart", {
    form: { intent: "add", productId: "clip-1", quantity: "2" },
    cookie: target.cookie,
  });
  expect(add.status).toBe(303);
  const rename = await httpRequest(suite.server.url, "/profile", {
    form: { intent: "update-profile", fullName: "Baseline Name" },
    cookie: target.cookie,
  });
  expect(rename.status).toBe(303);
  const visitorAdd = await httpRequest(suite.server.url, "/cart", {
    form: { intent: "add", productId: "clip-2", quantity: "1" },
  });
  visitorCookie = nextCookies(visitorAdd);
}, 600_000);

const evil = [
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  "http:evil.example",
  "///evil.example",
  // Paths that become "//evil.example" once normalised (decision 0005).
  "/.//evil.example",
  "/%2e//evil.example",
  "/x/..//evil.example",
  "/./\\evil.example",
];
const asFetcher = { "Sec-Fetch-Mode": "cors" };

/** A Location that keeps the browser on the shop. */
function expectSameSite(location: string | undefined) {
  expect(location).toBeDefined();
  const url = new URL(location!, suite.server.url);
  expect(url.origin).toBe(new URL(suite.server.url).origin);
  expect(location).not.toMatch(/evil\.example/);
}

/** Neither the cart, the wishlist nor the session cookie changed. */
function expectNoStateCookies(response: HttpResponse) {
  expect(response.setCookies.filter((cookie) => /^(cart|wishlist|shop_session)=/.test(cookie))).toEqual([]);
}

/** Links, form actions and hidden redirect fields in a page that point at the attacker's site (or run script). */
function offSiteTargets(body: string): string[] {
  return [...body.matchAll(/\b(?:href|action|formaction|value)="([^"]*)"/g)]
    .map((match) => match[1]!.replaceAll("&amp;", "&"))
    .filter(
      (value) =>
        /^javascript:/i.test(value) || (/^(?:[a-z]+:|\/\/|\/\\)/i.test(value) && value.includes("evil.example")),
    );
}

function escapedOnly(body: string, payload: string) {
  expect(body).not.toContain(payload);
  expect(body).toContain(payload.replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;"));
}

/** Every endpoint that takes a post, with a form it would accept from the target member. */
const endpoints: { path: string; form: Record<string, string> }[] = [
  { path: "/cart", form: { intent: "add", productId: "clip-1", quantity: "5" } },
  { path: "/checkout", form: checkoutForm() },
  {
    path: "/auth?mode=signup",
    form: { intent: "signup", email: "csrf-signup@example.com", password: "another password 1" },
  },
  { path: "/sign-out", form: {} },
  { path: "/forgot-password", form: { email: "target@example.com" } },
  { path: "/reset-password", form: { password: "hijacked password 1", confirmPassword: "hijacked password 1" } },
  { path: "/profile", form: { intent: "update-profile", fullName: "Hijacked" } },
  { path: "/wishlist", form: { intent: "toggle", productId: "clip-1" } },
  { path: "/newsletter", form: { email: "csrf-news@example.com" } },
];

describe.each(endpoints)("POST $path refuses", ({ path, form }) => {
  const post = (options: Parameters<typeof httpRequest>[2]) =>
    httpRequest(suite.server.url, path, { cookie: target.cookie, ...options });

  it("a cross-site post (wrong Origin) with 403", async () => {
    const response = await post({ form, headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect(response.body).toContain("This form was sent from another website");
    expectNoStateCookies(response);
  });

  it("a post a browser marks cross-site (Sec-Fetch-Site) but sends without Origin with 403", async () => {
    const response = await post({ form, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
    expect(response.body).toContain("This form was sent from another website");
    expectNoStateCookies(response);
  });

  it("a post from an opaque origin (Origin: null) with 403", async () => {
    const response = await post({ form, headers: { Origin: "null" } });
    expect(response.status).toBe(403);
  });

  it("an oversized form with 413", async () => {
    const response = await post({ form: { ...form, padding: "x".repeat(70 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.body).toContain("larger than 64 KB");
  });

  it("an oversized form sent without Content-Length with 413", async () => {
    const response = await post({
      body: new URLSearchParams({ ...form, padding: "x".repeat(200 * 1024) }).toString(),
      chunked: true,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(413);
  });

  it.each([
    [
      "raw invalid UTF-8",
      Buffer.concat([Buffer.from(`${new URLSearchParams(form)}&note=`), Buffer.from([0xff, 0xfe, 0xc3])]),
    ],
    ["percent-encoded invalid UTF-8", `${new URLSearchParams(form)}&note=%C3%28%FF`],
    ["a malformed percent escape", `${new URLSearchParams(form)}&note=%E0%A4%A`],
  ])("%s with 400", async (_name, body) => {
    const response = await post({ body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(400);
    expect(response.body).toContain("The form could not be read");
    expectNoStateCookies(response);
  });

  it("a broken multipart body with 400", async () => {
    const response = await post({
      body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(response.status).toBe(400);
  });

  it.each(["application/json", "text/plain", "application/xml"])("a %s body with 415", async (type) => {
    const response = await post({ body: JSON.stringify(form), headers: { "Content-Type": type } });
    expect(response.status).toBe(415);
  });
});

describe("the cart endpoint", () => {
  it.each([
    "1000000000",
    "-5",
    "0",
    "1.5",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e3",
    "99999999999999999999999",
    "１",
    " ",
    "2 apples",
  ])(
    "refuses quantity %j to add: 400 for a fetcher, a same-site redirect with the reason for a form",
    async (quantity) => {
      const fields = { intent: "add", productId: "clip-1", quantity };
      const fetcher = await httpRequest(suite.server.url, "/cart", {
        form: fields,
        cookie: target.cookie,
        headers: asFetcher,
      });
      expect(fetcher.status).toBe(400);
      const navigation = await httpRequest(suite.server.url, "/cart", { form: fields, cookie: visitorCookie });
      expect(navigation.status).toBe(303);
      expectSameSite(navigation.location);
      expect(navigation.setCookies.some((cookie) => cookie.startsWith("toast="))).toBe(true);
      expectNoStateCookies(navigation);
    },
  );

  it.each(["-1000", "1.5", "abc", "1000"])("refuses quantity %j to set with 400", async (quantity) => {
    const response = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "set", productId: "clip-1", quantity },
      cookie: target.cookie,
      headers: asFetcher,
    });
    expect(response.status).toBe(400);
  });

  it.each(["destroy", "ADD", "add;drop table cart_items", "__proto__", ""])(
    "refuses intent %j with 400",
    async (intent) => {
      const response = await httpRequest(suite.server.url, "/cart", {
        form: { intent, productId: "clip-1", quantity: "1" },
        cookie: target.cookie,
        headers: asFetcher,
      });
      expect(response.status).toBe(400);
    },
  );

  it.each([
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "x".repeat(5000),
    "clip-1\u0000",
    "CLIP-1",
    "clip-1' or '1'='1",
  ])("refuses product %j with a 4xx", async (productId) => {
    const response = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "add", productId, quantity: "1" },
      cookie: target.cookie,
      headers: asFetcher,
    });
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain("<script>alert(1)</script>");
  });

  it.each(evil)("never redirects off the site (redirectTo=%s)", async (redirectTo) => {
    const response = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "add", productId: "clip-1", quantity: "1", redirectTo },
      cookie: visitorCookie,
    });
    expect(response.status).toBe(303);
    expectSameSite(response.location);
  });

  it("says a product that is not in the cart was not there, and changes nothing", async () => {
    for (const cookie of [target.cookie, visitorCookie]) {
      const response = await httpRequest(suite.server.url, "/cart", {
        form: { intent: "remove", productId: "wig-2" },
        cookie,
      });
      expect(response.status).toBe(303);
      expectNoStateCookies(response);
      const page = await httpRequest(suite.server.url, response.location!, { cookie: nextCookies(response, cookie) });
      expect(page.body).toContain("That item was not in your cart.");
      expect(page.body).not.toContain("Item has been removed from your cart.");
    }
  });

  it("ignores a foreign Referer when choosing where to go back to", async () => {
    const response = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "add", productId: "clip-1", quantity: "1" },
      cookie: visitorCookie,
      headers: { Referer: "https://evil.example/steal" },
    });
    // Its own page, at the product's card (there is none on /cart: the page shows from the top).
    expect(response.location).toBe("/cart#product-clip-1");
  });
});

describe("the checkout", () => {
  const payload = (field: string) => `<script>alert("xss-${field}")</script>`;

  it("shows script typed into every field back as text when the form is refused", async () => {
    const fields = ["firstName", "lastName", "email", "phone", "address", "city", "state", "zipCode", "country"];
    const form = checkoutForm(Object.fromEntries(fields.map((field) => [field, payload(field)])));
    const response = await httpRequest(suite.server.url, "/checkout", { form, cookie: visitorCookie });
    expect(response.status).toBe(400);
    for (const field of fields) escapedOnly(response.body, payload(field));
  });

  it.each(["../../", "' or 1=1 --", "short", "k".repeat(5000), "<script>x</script>-padding-padding"])(
    "refuses idempotency key %j with 400",
    async (idempotencyKey) => {
      const response = await httpRequest(suite.server.url, "/checkout", {
        form: checkoutForm({ idempotencyKey }),
        cookie: visitorCookie,
      });
      expect(response.status).toBe(400);
      expect(response.setCookies.some((cookie) => cookie.startsWith("order_confirmation="))).toBe(false);
    },
  );

  it("stores markup as typed and shows it escaped in the orders page; posted prices are ignored", async () => {
    const add = await httpRequest(suite.server.url, "/cart", {
      form: { intent: "add", productId: "wig-1", quantity: "1" },
      cookie: author.cookie,
    });
    expect(add.status).toBe(303);
    const form = checkoutForm({
      firstName: payload("first"),
      lastName: '"><img src=x onerror=alert(1)>',
      address: payload("address"),
      city: "</textarea><svg onload=alert(1)>",
      // Fields the form does not have: a price, a total and another owner.
      price: "0.01",
      totalAmount: "1",
      userId: "00000000-0000-0000-0000-000000000000",
    });
    const response = await httpRequest(suite.server.url, "/checkout", { form, cookie: author.cookie });
    expect(response.status).toBe(303);
    const orders = await httpRequest(suite.server.url, "/orders", { cookie: author.cookie });
    expect(orders.status).toBe(200);
    escapedOnly(orders.body, payload("first"));
    escapedOnly(orders.body, payload("address"));
    expect(orders.body).not.toContain("<img src=x");
    expect(orders.body).not.toContain("<svg onload");
  });
});

describe("the auth pages", () => {
  it("show script typed as an e-mail address back as text", async () => {
    const email = '<script>alert("auth")</script>@example.com';
    const response = await httpRequest(suite.server.url, "/auth?mode=signup", {
      form: { intent: "signup", email, password: "whatever password 1" },
    });
    expect(response.status).toBe(400);
    expect(response.body).not.toContain('<script>alert("auth")</script>');
  });

  it("refuse a sign-in sent from another site (login CSRF) with 403 and a page that says why", async () => {
    const response = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email: target.email, password: target.password },
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain("Request refused");
    expect(response.body).toContain("This form was sent from another website.");
    expectNoStateCookies(response);
  });

  it.each(["admin", "signin;signup", ""])("refuse intent %j with 400", async (intent) => {
    const response = await httpRequest(suite.server.url, "/auth", {
      form: { intent, email: target.email, password: target.password },
    });
    expect(response.status).toBe(400);
    expectNoStateCookies(response);
  });

  it("refuse an absurd password and address with 400", async () => {
    const long = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email: target.email, password: "p".repeat(5000) },
    });
    expect(long.status).toBe(400);
    const address = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email: `${"a".repeat(400)}@example.com`, password: "x" },
    });
    expect(address.status).toBe(400);
  });

  it.each(evil)("never send a signed-in shopper off the site (redirectTo=%s)", async (redirectTo) => {
    const inForm = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email: target.email, password: target.password, redirectTo },
    });
    expect(inForm.status).toBe(303);
    expectSameSite(inForm.location);
    const inQuery = await httpRequest(suite.server.url, `/auth?${new URLSearchParams({ redirectTo })}`, {
      form: { intent: "signin", email: target.email, password: target.password },
    });
    expectSameSite(inQuery.location);
    const page = await httpRequest(suite.server.url, `/auth?${new URLSearchParams({ redirectTo })}`);
    expect(page.status).toBe(200);
    expect(offSiteTargets(page.body)).toEqual([]);
  });

  it.each(evil)("never redirect off the site from the Google and callback links (%s)", async (target) => {
    const google = await httpRequest(suite.server.url, `/auth/google?${new URLSearchParams({ redirectTo: target })}`);
    expectSameSite(google.location);
    // A forged code is an invalid link: a page that says so (410), with no way off the site on it.
    const callback = await httpRequest(
      suite.server.url,
      `/auth/callback?${new URLSearchParams({ code: "forged-code", next: target })}`,
    );
    expect(callback.status).toBe(410);
    expect(callback.location).toBeUndefined();
    expect(offSiteTargets(callback.body)).toEqual([]);
  });
});

describe("the profile", () => {
  it("stores a name full of markup and shows it as text", async () => {
    const name = '<script>alert("name")</script><img src=x onerror=alert(1)>';
    const response = await httpRequest(suite.server.url, "/profile", {
      form: { intent: "update-profile", fullName: name },
      cookie: author.cookie,
    });
    expect(response.status).toBe(303);
    const page = await httpRequest(suite.server.url, "/profile", { cookie: author.cookie });
    expect(page.body).not.toContain('<script>alert("name")</script>');
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;script&gt;");
  });

  it("refuses a name longer than allowed with 400", async () => {
    const response = await httpRequest(suite.server.url, "/profile", {
      form: { intent: "update-profile", fullName: "n".repeat(10_000) },
      cookie: target.cookie,
    });
    expect(response.status).toBe(400);
  });

  it("sends a visitor to sign in, not anywhere else", async () => {
    const response = await httpRequest(suite.server.url, "/profile", {
      form: { intent: "update-profile", fullName: "Nobody" },
    });
    expectSameSite(response.location);
    expect(response.location).toMatch(/^\/auth/);
  });
});

describe("the wishlist", () => {
  it.each(["steal", "", "TOGGLE"])("refuses intent %j with 400", async (intent) => {
    const response = await httpRequest(suite.server.url, "/wishlist", {
      form: { intent, productId: "clip-1" },
      cookie: target.cookie,
      headers: asFetcher,
    });
    expect(response.status).toBe(400);
  });

  it.each(["<script>alert(1)</script>", "../../etc/passwd", "x".repeat(5000)])(
    "refuses product %j with a 4xx",
    async (productId) => {
      const response = await httpRequest(suite.server.url, "/wishlist", {
        form: { intent: "toggle", productId },
        cookie: target.cookie,
        headers: asFetcher,
      });
      expect([400, 404]).toContain(response.status);
    },
  );

  it.each(evil)("never redirects off the site (redirectTo=%s)", async (redirectTo) => {
    const response = await httpRequest(suite.server.url, "/wishlist", {
      form: { intent: "toggle", productId: "nope", redirectTo },
      cookie: visitorCookie,
    });
    expect(response.status).toBe(303);
    expectSameSite(response.location);
  });
});

describe("the newsletter", () => {
  it("shows script typed as an address back as text", async () => {
    const email = '<script>alert("news")</script>';
    const response = await httpRequest(suite.server.url, "/newsletter", {
      form: { email },
      headers: { Referer: `${suite.server.url}/` },
    });
    expect(response.status).toBe(303);
    const page = await httpRequest(suite.server.url, "/", { cookie: nextCookies(response) });
    expect(page.body).not.toContain(email);
    expect(page.body).toContain("&lt;script&gt;");
  });

  it.each(evil)("never redirects off the site (redirectTo=%s)", async (redirectTo) => {
    const response = await httpRequest(suite.server.url, "/newsletter", {
      form: { email: "not an address", redirectTo },
    });
    expect(response.status).toBe(303);
    expectSameSite(response.location);
  });
});

// Decision 0005: a NUL (or another control character) typed into a field is that field's mistake. The form comes
// back with 400, the field's own message and everything else typed, and nothing changes: "afterwards" below reads
// the target's cart, profile and password, and finds no new account, order or subscriber.
/** The text of a conform field's error list (`<ul id="<form>-<field>-error">`), tags removed. */
function fieldError(body: string, errorId: string): string {
  const match = new RegExp(`id="${errorId}"[^>]*>(.*?)</ul>`, "s").exec(body);
  return match?.[1]?.replace(/<[^>]+>/g, "") ?? "";
}

/** The value attribute an input of the form renders. */
function inputValue(body: string, id: string): string | undefined {
  return new RegExp(`<input[^>]*id="${id}"[^>]*value="([^"]*)"`).exec(body)?.[1];
}

describe("a NUL byte or other control character in a form field", () => {
  const refused = CONTROL_CHARACTER_MESSAGE.replaceAll("'", "&#x27;");

  it.each(["firstName", "address", "email", "zipCode"])(
    "in checkout's %s: 400, its message, the rest kept, no order",
    async (field) => {
      const form = checkoutForm({ [field]: `${checkoutForm()[field]}\u0000x` });
      const response = await httpRequest(suite.server.url, "/checkout", { form, cookie: target.cookie });
      expect(response.status).toBe(400);
      expect(fieldError(response.body, `checkout-${field}-error`)).toBe(refused);
      expect(inputValue(response.body, "checkout-lastName")).toBe("Lovelace");
      expect(inputValue(response.body, "checkout-city")).toBe("Springfield");
      expect(response.setCookies.some((cookie) => cookie.startsWith("order_confirmation="))).toBe(false);
      expectNoStateCookies(response);
    },
  );

  it("in a visitor's checkout: 400, and the cart cookie is not touched", async () => {
    const response = await httpRequest(suite.server.url, "/checkout", {
      form: checkoutForm({ city: "Spring\u0007field" }),
      cookie: visitorCookie,
    });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "checkout-city-error")).toBe(refused);
    expectNoStateCookies(response);
  });

  it.each([
    ["email", { email: "new\u0000@example.com", password: "a long enough password 1" }],
    ["password", { email: "nul-password@example.com", password: "a long\u0000enough password 1" }],
  ])("in sign-up's %s: 400, its message, the address kept, no account", async (field, fields) => {
    const response = await httpRequest(suite.server.url, "/auth?mode=signup", {
      form: { intent: "signup", ...fields },
    });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, `auth-signup-${field}-error`)).toBe(refused);
    if (field === "password") expect(inputValue(response.body, "auth-signup-email")).toBe(fields.email);
    expect(response.body).not.toContain("a long\u0000enough");
    expectNoStateCookies(response);
  });

  it("in sign-in's password: 400, its message, the address kept, not signed in", async () => {
    const response = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email: target.email, password: `${target.password}\u001b` },
    });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "auth-signin-password-error")).toBe(refused);
    expect(inputValue(response.body, "auth-signin-email")).toBe(target.email);
    expectNoStateCookies(response);
  });

  it("in the profile's name: 400, its message, the name unchanged", async () => {
    const response = await httpRequest(suite.server.url, "/profile", {
      form: { intent: "update-profile", fullName: "Hijacked\u0000Name" },
      cookie: target.cookie,
    });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "edit-profile-fullName-error")).toBe(refused);
  });

  // The reset page takes the same new-password fields; it needs a recovery link's grant (tests/integration/mail).
  it("in a new password: 400, its message, the password unchanged", async () => {
    const changed = `new password\u0001 123`;
    const change = await httpRequest(suite.server.url, "/profile", {
      form: {
        intent: "change-password",
        currentPassword: target.password,
        password: changed,
        confirmPassword: changed,
      },
      cookie: target.cookie,
    });
    expect(change.status).toBe(400);
    expect(fieldError(change.body, "change-password-password-error")).toBe(refused);
  });

  it("in the newsletter's address: the page it returns to says so and shows the address, nothing stored", async () => {
    const response = await httpRequest(suite.server.url, "/newsletter", {
      form: { email: "news\u0000@example.com" },
      headers: { Referer: `${suite.server.url}/` },
    });
    expect(response.status).toBe(303);
    const page = await httpRequest(suite.server.url, "/", { cookie: nextCookies(response) });
    expect(page.body).toContain(refused);
    expect(page.body).toContain("news\u0000@example.com");
  });
});

// A crafted post sending a field twice (`email=a&email=b`; no form of ours does): 400 with the field's own message
// instead of zod's "Expected string, received array", the first value shown again, and nothing changes ("afterwards").
describe("a form field sent twice", () => {
  /** A urlencoded body, names in order, repeats kept. */
  const twice = (fields: [string, string][]) => new URLSearchParams(fields).toString();
  const asForm = { "Content-Type": "application/x-www-form-urlencoded" };

  it("in sign-in's address: 400, its message, the first address kept, not signed in (right password or not)", async () => {
    const body = twice([
      ["intent", "signin"],
      ["email", target.email],
      ["email", "other@example.com"],
      ["password", target.password],
    ]);
    const response = await httpRequest(suite.server.url, "/auth", { body, headers: asForm });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "auth-signin-email-error")).toBe(REPEATED_FIELD_MESSAGE);
    expect(inputValue(response.body, "auth-signin-email")).toBe(target.email);
    expect(response.body).not.toContain("Expected string");
    expectNoStateCookies(response);
  });

  it("in sign-up's address: 400, its message, no account", async () => {
    const body = twice([
      ["intent", "signup"],
      ["email", "twice-1@example.com"],
      ["email", "twice-2@example.com"],
      ["password", "a long enough password 1"],
    ]);
    const response = await httpRequest(suite.server.url, "/auth?mode=signup", { body, headers: asForm });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "auth-signup-email-error")).toBe(REPEATED_FIELD_MESSAGE);
    expectNoStateCookies(response);
  });

  it("in checkout's address: 400, its message, the first value and the rest kept, no order", async () => {
    const fields = Object.entries(checkoutForm());
    const body = twice([...fields, ["email", "second@example.com"]]);
    const response = await httpRequest(suite.server.url, "/checkout", { body, headers: asForm, cookie: visitorCookie });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "checkout-email-error")).toBe(REPEATED_FIELD_MESSAGE);
    expect(inputValue(response.body, "checkout-email")).toBe("ada@example.com");
    expect(inputValue(response.body, "checkout-city")).toBe("Springfield");
    expect(response.setCookies.some((cookie) => cookie.startsWith("order_confirmation="))).toBe(false);
    expectNoStateCookies(response);
  });

  it("in the profile's name: 400, its message, the name unchanged", async () => {
    const body = twice([
      ["intent", "update-profile"],
      ["fullName", "Hijacked"],
      ["fullName", "Twice"],
    ]);
    const response = await httpRequest(suite.server.url, "/profile", { body, headers: asForm, cookie: target.cookie });
    expect(response.status).toBe(400);
    expect(fieldError(response.body, "edit-profile-fullName-error")).toBe(REPEATED_FIELD_MESSAGE);
  });

  it("in the newsletter's address: the first one is checked, nothing stored", async () => {
    const body = twice([
      ["email", "not an address"],
      ["email", "twice-news@example.com"],
    ]);
    const response = await httpRequest(suite.server.url, "/newsletter", {
      body,
      headers: { ...asForm, Referer: `${suite.server.url}/` },
    });
    expect(response.status).toBe(303);
    const page = await httpRequest(suite.server.url, "/", { cookie: nextCookies(response) });
    expect(page.body).toContain("not an address");
    expect(page.body).toContain(REPEATED_FIELD_MESSAGE);
    expect(page.body).not.toContain("Expected string");
  });

  it.each([
    [
      "/cart",
      [
        ["intent", "add"],
        ["productId", "clip-1"],
        ["productId", "clip-2"],
        ["quantity", "1"],
      ],
    ],
    [
      "/cart",
      [
        ["intent", "add"],
        ["intent", "clear"],
        ["productId", "clip-1"],
      ],
    ],
    [
      "/wishlist",
      [
        ["intent", "toggle"],
        ["productId", "clip-1"],
        ["productId", "clip-2"],
      ],
    ],
    [
      "/newsletter.data",
      [
        ["email", "twice-a@example.com"],
        ["email", "twice-b@example.com"],
      ],
    ],
  ] as [string, [string, string][]][])(
    "on %s: 400 with the message the other forms give, nothing changes",
    async (path, fields) => {
      for (const cookie of [target.cookie, visitorCookie]) {
        const response = await httpRequest(suite.server.url, path, {
          body: twice(fields),
          headers: { ...asForm, ...asFetcher },
          cookie,
        });
        expect(response.status).toBe(400);
        expect(response.body).toContain(REPEATED_FIELD_MESSAGE);
        expectNoStateCookies(response);
      }
    },
  );

  it("on /auth/resend: the sign-in page says the address was sent twice, not that it is invalid", async () => {
    const response = await httpRequest(suite.server.url, "/auth/resend", {
      body: twice([
        ["email", target.email],
        ["email", "other@example.com"],
      ]),
      headers: asForm,
    });
    expect(response.status).toBe(303);
    const page = await httpRequest(suite.server.url, response.location!, { cookie: nextCookies(response) });
    expect(page.body).toContain(REPEATED_FIELD_MESSAGE);
    expect(page.body).not.toContain("Please enter a valid email address.");
  });
});

describe("forged and oversized cookies", () => {
  const signed = (name: string) => createCookie(name, { secrets: [TEST_SESSION_SECRET] });

  it("a session cookie with a bad signature reads as signed out and is cleared", async () => {
    const response = await httpRequest(suite.server.url, "/", {
      cookie: "shop_session=InRva2VuIg%3D%3D.forgedsignature",
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('aria-label="Sign in"');
    expect(response.setCookies.some((cookie) => /^shop_session=;/.test(cookie))).toBe(true);
  });

  it("a well-signed session cookie for a token that does not exist reads as signed out", async () => {
    const cookie = (await signed("shop_session").serialize("A".repeat(43))).split(";")[0]!;
    const response = await httpRequest(suite.server.url, "/profile", { cookie });
    expect(response.location).toMatch(/^\/auth/);
  });

  it("a cart cookie with a bad signature, or signed but malformed, is an empty cart", async () => {
    const malformed = (await signed("cart").serialize("clip-1:999,<script>:1")).split(";")[0]!;
    for (const cookie of ["cart=ImNsaXAtMTo5OSI%3D.forged", malformed, `cart=${"A".repeat(8000)}`]) {
      const response = await httpRequest(suite.server.url, "/cart", { cookie });
      expect(response.status).toBe(200);
      expect(response.body).not.toContain('data-testid="cart-line"');
    }
  });

  it("a toast cookie with a bad signature is ignored", async () => {
    const response = await httpRequest(suite.server.url, "/", {
      cookie: `toast=${Buffer.from('{"title":"<script>alert(1)</script>"}').toString("base64")}.forged`,
    });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain("<script>alert(1)</script>");
  });

  it("a flood of cookies is ignored", async () => {
    const cookie = Array.from({ length: 300 }, (_, index) => `junk${index}=${index}`).join("; ");
    expect((await httpRequest(suite.server.url, "/", { cookie })).status).toBe(200);
  });

  it("a Cookie header beyond the server's header limit gets 431", async () => {
    const response = await httpRequest(suite.server.url, "/", { cookie: `big=${"b".repeat(20 * 1024)}` });
    expect(response.status).toBe(431);
    expect(response.body).toContain("too long");
  });
});

/** Where the server's output stood before the odd requests (checked once it has stopped, in "afterwards"). */
let logBeforeOddRequests = 0;

describe("odd paths, queries and methods: a client's mistake gets a 4xx and leaves no stack in the log", () => {
  beforeAll(() => {
    logBeforeOddRequests = suite.server.output().length;
  });

  it.each([
    ["/%ff", "Page not found"],
    ["/wigs%ff", "Page not found"],
    ["/product/%ff", "Product Not Found"],
    ["/blog/%c0%af", "Article Not Found"],
  ])("a malformed escape in %s answers 404 with the usual page", async (path, title) => {
    const response = await httpRequest(suite.server.url, path);
    expect(response.status).toBe(404);
    expect(response.body).toContain(title);
  });

  it("a URL beyond the server's header limit answers 431 with a line of text and closes the connection", async () => {
    const response = await httpRequest(suite.server.url, `/shop?q=${"a".repeat(20 * 1024)}`);
    expect(response.status).toBe(431);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers.connection).toBe("close");
    expect(response.body).toBe(
      "Request Header Fields Too Large: The address or the cookies of this request are too long.\n",
    );
    // The server goes on answering.
    expect((await httpRequest(suite.server.url, "/")).status).toBe(200);
  });

  it("a malformed escape in a static file's path answers 400", async () => {
    expect((await httpRequest(suite.server.url, "/images/%ff")).status).toBe(400);
  });

  it.each(["__proto__", "constructor", "toString", "Call 555-0100 for refunds"])(
    "/shop?category=%s is an unknown category like any other: its title, the empty state, a 200 left out of search engines",
    async (category) => {
      const response = await httpRequest(suite.server.url, `/shop?${new URLSearchParams({ category })}`);
      expect(response.status).toBe(200);
      // The value as typed, lower-cased as every category is, then capitalised.
      const title = `${category.charAt(0).toUpperCase()}${category.slice(1).toLowerCase()}`;
      expect(response.body).toContain(`<title>${title} | Luxe Strands</title>`);
      expect(response.body).toContain("No products found matching your filters.");
      expect(response.body).toMatch(/<meta name="robots" content="noindex/);
      expect(response.body).toMatch(/<link rel="canonical" href="[^"]*\/shop"/);
    },
  );

  it("/blog?category= a category no article has is the blog's empty state (200), left out of search engines", async () => {
    const response = await httpRequest(suite.server.url, "/blog?category=Fake%20News");
    expect(response.status).toBe(200);
    expect(response.body).toContain("No articles found matching your search.");
    expect(response.body).toMatch(/<meta name="robots" content="noindex/);
    expect(response.body).toMatch(/<link rel="canonical" href="[^"]*\/blog"/);
  });

  it("OPTIONS answers 204 with the methods the shop takes", async () => {
    const response = await httpRequest(suite.server.url, "/cart", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
  });

  it.each(["PUT", "PATCH", "DELETE", "TRACE"])("%s answers 405 with Allow and runs no action", async (method) => {
    const response = await httpRequest(suite.server.url, "/cart", { method, cookie: visitorCookie });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST");
    expectNoStateCookies(response);
  });

  it.each(["/shop?_data=routes/catalog/listing", "/?_data=root", "/about?_data=x"])(
    "%s (a legacy data request) answers 400",
    async (path) => {
      expect((await httpRequest(suite.server.url, path)).status).toBe(400);
    },
  );

  it.each([
    ["/Wigs", "/wigs"],
    ["/SHOP/?sort=price-asc", "/shop?sort=price-asc"],
    ["/shop//", "/shop"],
    ["/Extensions/Clip-In", "/extensions/clip-in"],
    ["/product/CLIP-1", "/product/clip-1"],
  ])("%s is sent to %s with a 301", async (path, location) => {
    const response = await httpRequest(suite.server.url, path);
    expect(response.status).toBe(301);
    expect(response.location).toBe(location);
  });

  // A request line in absolute form names another origin; redirects and pages are built from the shop's own.
  it("a request line in absolute form (GET http://evil.example/Shop/) is read as a path on the shop", async () => {
    const redirect = await rawHttpRequest(
      suite.server.url,
      "GET http://evil.example/Shop/?sort=price-asc HTTP/1.1\r\nHost: the-shop\r\nConnection: close\r\n\r\n",
    );
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/shop?sort=price-asc");
    const page = await rawHttpRequest(
      suite.server.url,
      "GET https://evil.example/shop HTTP/1.1\r\nHost: the-shop\r\nConnection: close\r\n\r\n",
    );
    expect(page.status).toBe(200);
    expect(page.body).toContain("All Products");
    expect(page.body).not.toContain("evil.example");
    const unreadable = await rawHttpRequest(
      suite.server.url,
      "GET mailto:x@evil.example HTTP/1.1\r\nHost: the-shop\r\nConnection: close\r\n\r\n",
    );
    expect(unreadable.status).toBe(400);
  });
});

describe("reflected input", () => {
  it("a search for markup shows it as text", async () => {
    const query = '<script>alert("q")</script>';
    const response = await httpRequest(suite.server.url, `/shop?${new URLSearchParams({ q: query })}`);
    expect(response.status).toBe(200);
    expect(response.body).not.toContain(query);
  });
});

describe("afterwards", () => {
  it("the target is still signed in with its password, and the database holds only the legitimate changes", async () => {
    const home = await httpRequest(suite.server.url, "/", { cookie: target.cookie });
    expect(home.body).toContain('aria-label="Account menu"');
    const signIn = await httpRequest(suite.server.url, "/auth", {
      form: { intent: "signin", email: target.email, password: target.password },
    });
    expect(signIn.status).toBe(303);

    expect(await suite.server.stop("SIGTERM")).toBe(0);
    const db = await openDataDir(suite.dataDir);
    try {
      const userId = async (email: string) =>
        (await db.query<{ id: string }>("select id from auth.users where email = $1", [email])).rows[0]!.id;
      const targetId = await userId(target.email);
      const authorId = await userId(author.email);

      const cart = await db.query("select product_id, quantity from public.cart_items where user_id = $1", [targetId]);
      expect(cart.rows).toEqual([{ product_id: "clip-1", quantity: 2 }]);
      const profile = await db.query<{ full_name: string }>("select full_name from public.profiles where id = $1", [
        targetId,
      ]);
      expect(profile.rows[0]?.full_name).toBe("Baseline Name");
      const users = await db.query<{ email: string }>("select email from auth.users order by email");
      expect(users.rows.map((row) => row.email).sort()).toEqual([author.email, target.email].sort());

      const orders = await db.query<{ user_id: string; total_amount: number; first_name: string }>(
        "select user_id, total_amount, shipping_address->>'firstName' as first_name from public.orders",
      );
      expect(orders.rows).toEqual([
        {
          user_id: authorId,
          total_amount: toCents((await seededCatalogue()).find((product) => product.id === "wig-1")!.price),
          first_name: '<script>alert("xss-first")</script>',
        },
      ]);
      expect((await db.query("select 1 from public.wishlist_items")).rows).toEqual([]);
      expect((await db.query("select 1 from public.newsletter_subscribers")).rows).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it("the odd paths, queries and methods wrote no stack trace", async () => {
    // Read once the server has stopped (already, above): then all it wrote is in.
    await suite.server.stop("SIGTERM");
    const logged = suite.server.output().slice(logBeforeOddRequests);
    expect(logged).not.toMatch(/^\s+at /m);
    expect(logged).not.toContain('"level":"error"');
  });
});

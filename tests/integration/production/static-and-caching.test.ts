import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { httpRequest } from "#tests/support/http";
import { useEmbeddedProductionServer } from "#tests/support/production-server";
import { describe, expect, it } from "vitest";

// The real production server (node server.js on the build of the current sources): what static files and pages carry.
const suite = useEmbeddedProductionServer({ LOG_LEVEL: "info" });

/** The raw bytes and headers of a GET, undecoded, with the Accept-Encoding given. */
function rawGet(baseUrl: string, pathname: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
    http
      .get(new URL(pathname, baseUrl), { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];

/** Headers that belong to documents only: a script, a stylesheet or an image gains nothing from them. */
const DOCUMENT_ONLY = [
  "content-security-policy",
  "strict-transport-security",
  "x-frame-options",
  "cross-origin-opener-policy",
  "x-request-id",
];

describe("static files", () => {
  it("answers /assets with nosniff and a year's immutable cache, without the document headers or a log line", async () => {
    // The stylesheet is inline in the documents (decision 0018); the display face is a file it names.
    const font = fs.readdirSync(path.join(suite.buildDir, "client/assets")).find((name) => name.endsWith(".woff2"));
    const response = await httpRequest(suite.server.url, `/assets/${font}`, {
      headers: { "X-Request-Id": "static-asset-1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^font\/woff2/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // Never revalidated nor fetched in ranges: headers that would only weigh on every script of a page.
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers["accept-ranges"]).toBeUndefined();
    for (const name of DOCUMENT_ONLY) expect(response.headers[name], name).toBeUndefined();
    // A page requested after it is logged: once its line is out, a line for the stylesheet would be out too.
    await httpRequest(suite.server.url, "/robots.txt", { headers: { "X-Request-Id": "after-static-asset-1" } });
    await suite.server.waitForOutput('"requestId":"after-static-asset-1"');
    expect(suite.server.output()).not.toContain('"requestId":"static-asset-1"');
  });

  it("sends scripts compressed at build time: Brotli, else gzip, else as they are", async () => {
    const assetsDir = path.join(suite.buildDir, "client/assets");
    const files = fs.readdirSync(assetsDir);
    const shell = files.find((name) => /^entry\.client-.*\.js$/.test(name)) as string;
    const productPage = files.find((name) => /^product-.*\.js$/.test(name)) as string;
    for (const name of [shell, productPage]) {
      const original = fs.readFileSync(path.join(assetsDir, name));
      const brotli = await rawGet(suite.server.url, `/assets/${name}`, "gzip, deflate, br, zstd");
      expect(brotli.headers["content-encoding"], name).toBe("br");
      expect(brotli.headers.vary, name).toBe("Accept-Encoding");
      expect(brotli.headers["content-type"], name).toMatch(/^text\/javascript/);
      expect(brotli.headers["cache-control"], name).toBe("public, max-age=31536000, immutable");
      expect(zlib.brotliDecompressSync(brotli.bytes).equals(original), name).toBe(true);

      const gzip = await rawGet(suite.server.url, `/assets/${name}`, "gzip");
      expect(gzip.headers["content-encoding"], name).toBe("gzip");
      expect(zlib.gunzipSync(gzip.bytes).equals(original), name).toBe(true);
      // Compressed once at the highest level: Brotli smaller than gzip, and gzip as small as zlib's level 9 makes it
      // (not always smaller than level 6: on a small chunk level 9 has come out 2 bytes larger).
      expect(brotli.bytes.length, name).toBeLessThan(gzip.bytes.length);
      expect(gzip.bytes.length, name).toBeLessThanOrEqual(zlib.gzipSync(original, { level: 9 }).length);

      const identity = await rawGet(suite.server.url, `/assets/${name}`, "identity");
      expect(identity.headers["content-encoding"], name).toBeUndefined();
      expect(identity.bytes.equals(original), name).toBe(true);
    }
  });

  it("answers the files from public/ with a day's cache", async () => {
    const response = await httpRequest(suite.server.url, "/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    for (const name of DOCUMENT_ONLY) expect(response.headers[name], name).toBeUndefined();

    const image = fs.readdirSync(path.join(suite.buildDir, "client/images"))[0];
    const imageResponse = await httpRequest(suite.server.url, `/images/${image}`, { method: "HEAD" });
    expect(imageResponse.status).toBe(200);
    expect(imageResponse.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("leaves a missing file to the shop's 404 page, with the document headers", async () => {
    for (const missing of ["/assets/no-such-chunk.js", "/images/no-such-image.avif", "/favicon.svg/extra"]) {
      const response = await httpRequest(suite.server.url, missing);
      expect(response.status, missing).toBe(404);
      expect(nonceOf(response.headers["content-security-policy"]), missing).toBeTruthy();
    }
  });

  it("still gives documents the security headers and a nonce that their scripts carry", async () => {
    const response = await httpRequest(suite.server.url, "/product/clip-1");
    expect(response.status).toBe(200);
    const nonce = nonceOf(response.headers["content-security-policy"]);
    expect(nonce).toBeTruthy();
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-request-id"]).toBeTruthy();
    expect(response.body).toContain(`nonce="${nonce}"`);
  });
});

describe("Cache-Control on pages", () => {
  it("lets shared caches keep a public page for a visitor without cookies, varying on Cookie", async () => {
    for (const page of ["/", "/shop?category=wigs", "/product/clip-2", "/blog/blog-1", "/faq"]) {
      const response = await httpRequest(suite.server.url, page);
      expect(response.status, page).toBe(200);
      expect(response.headers["cache-control"], page).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
      );
      expect(String(response.headers.vary), page).toMatch(/\bCookie\b/i);
      expect(response.setCookies, page).toEqual([]);
    }
  });

  it("keeps a page private when the visitor sends a cookie", async () => {
    const response = await httpRequest(suite.server.url, "/product/clip-2", { cookie: "something=1" });
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("keeps personal pages private, cookie or not", async () => {
    for (const page of ["/cart", "/checkout", "/wishlist", "/auth", "/order-success"]) {
      const response = await httpRequest(suite.server.url, page);
      if (response.status === 200) expect(response.headers["cache-control"], page).toBe("private, no-store");
      else expect(response.headers["cache-control"] ?? "", page).not.toMatch(/public/);
    }
  });
});

describe("the page cache", () => {
  it("serves a cookieless public page again from the cache, with a fresh nonce in the header and the page", async () => {
    const url = "/product/clip-3?from=page-cache-test";
    const first = await httpRequest(suite.server.url, url);
    const second = await httpRequest(suite.server.url, url);
    expect(first.headers.age).toBeUndefined();
    expect(second.headers.age).toMatch(/^\d+$/);
    const [firstNonce, secondNonce] = [first, second].map((response) =>
      nonceOf(response.headers["content-security-policy"]),
    );
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    for (const [response, nonce] of [
      [first, firstNonce],
      [second, secondNonce],
    ] as const) {
      expect(response.body).toContain(`nonce="${nonce}"`);
      expect(response.body).not.toMatch(/nonce-placeholder/);
    }
    // The same page apart from the nonce.
    expect(second.body.replaceAll(secondNonce ?? "", "N")).toBe(first.body.replaceAll(firstNonce ?? "", "N"));
    expect(second.headers["cache-control"]).toBe(first.headers["cache-control"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.headers["x-frame-options"]).toBe("DENY");
  });

  it("never answers a request that carries a cookie from the cache", async () => {
    const url = "/product/acc-1?from=page-cache-cookie-test";
    await httpRequest(suite.server.url, url);
    const withCookie = await httpRequest(suite.server.url, url, { cookie: "something=1" });
    expect(withCookie.headers.age).toBeUndefined();
    expect(withCookie.headers["cache-control"]).toBe("private, no-store");
    // A cart cookie shows in the page (the header's count): a cached copy would show an empty cart.
    const added = await httpRequest(suite.server.url, "/cart", { form: { intent: "add", productId: "acc-1" } });
    const cartCookie = added.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
    const page = await httpRequest(suite.server.url, url, { cookie: cartCookie });
    expect(page.headers.age).toBeUndefined();
    expect(page.body).toContain('data-testid="cart-badge"');
  });

  it("sends the shop's cookies from the request's cookie jar with their recipe: on a redirect, a data answer, a page, the 404 page", async () => {
    const recipe = (setCookie: string | undefined, maxAge: number) => {
      expect(setCookie).toMatch(/; HttpOnly(;|$)/);
      expect(setCookie).toMatch(/; SameSite=Lax(;|$)/);
      expect(setCookie).toMatch(/; Path=\/(;|$)/);
      expect(setCookie).toMatch(new RegExp(`; Max-Age=${maxAge}(;|$)`));
    };
    const named = (setCookies: string[], name: string) =>
      setCookies.find((setCookie) => setCookie.startsWith(`${name}=`));

    // A plain post: a 303 with the visitor cart (thirty days) and the toast (the browser session), never kept.
    const added = await httpRequest(suite.server.url, "/cart", { form: { intent: "add", productId: "acc-1" } });
    expect(added.status).toBe(303);
    recipe(named(added.setCookies, "cart"), 60 * 60 * 24 * 30);
    expect(named(added.setCookies, "toast")).toMatch(/; HttpOnly; SameSite=Lax$/);
    expect(added.headers["cache-control"]).toBe("private, no-store");
    const cart = named(added.setCookies, "cart")!.split(";")[0]!;

    // A fetcher's post (single fetch): the same cookies on the data answer.
    const fetched = await httpRequest(suite.server.url, "/cart.data", {
      form: { intent: "add", productId: "acc-1" },
      cookie: cart,
      headers: { "Sec-Fetch-Mode": "cors" },
    });
    expect(fetched.status).toBe(200);
    recipe(named(fetched.setCookies, "cart"), 60 * 60 * 24 * 30);
    expect(named(fetched.setCookies, "toast")).toBeDefined();

    // The next page reads the toast once and clears it; so does the 404 page.
    const toast = named(added.setCookies, "toast")!.split(";")[0]!;
    for (const [path, status] of [
      ["/cart", 200],
      ["/no-such-page", 404],
    ] as const) {
      const page = await httpRequest(suite.server.url, path, { cookie: `${cart}; ${toast}` });
      expect(page.status, path).toBe(status);
      recipe(named(page.setCookies, "toast"), 0);
      expect(page.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("does not store private pages or answers that set a cookie", async () => {
    await httpRequest(suite.server.url, "/cart");
    expect((await httpRequest(suite.server.url, "/cart")).headers.age).toBeUndefined();
    // The first sign-in page view of a visitor sets no cookie but is private; a 404 is not stored either.
    await httpRequest(suite.server.url, "/product/no-such-product");
    expect((await httpRequest(suite.server.url, "/product/no-such-product")).headers.age).toBeUndefined();
  });
});

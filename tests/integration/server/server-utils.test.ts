import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";

import { addResponseCookie } from "~/http/cookies.server";
import { createPageCache } from "../../../server/page-cache.js";
import { withResponseHeaders } from "../../../server/remix-handler.js";
import {
  answerRefusedFloods,
  canonicalPathOf,
  isValidUrlEncodedUtf8,
  readFormBody,
} from "../../../server/request-guards.js";
import { batchedStdout, createLogger, requestIdFrom } from "../../../server/request-log.js";

describe("requestIdFrom", () => {
  it("keeps a sane id and replaces anything else with a UUID", () => {
    expect(requestIdFrom("lb-1234.abc:9")).toBe("lb-1234.abc:9");
    for (const insane of [undefined, "", "has space", 'quote"', "x".repeat(129), "new\nline"]) {
      expect(requestIdFrom(insane)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe("createLogger", () => {
  it("writes one JSON object per line and honours the level", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "warn", write: (line) => lines.push(line) });
    logger.info("quiet");
    logger.warn("loud", { requestId: "r1" });
    logger.error("louder");
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: "warn", msg: "loud", requestId: "r1" },
      { level: "error", msg: "louder" },
    ]);
    expect(Date.parse(JSON.parse(lines[0]!).time)).not.toBeNaN();
  });

  it("writes nothing when silent", () => {
    const lines: string[] = [];
    createLogger({ level: "silent", write: (line) => lines.push(line) }).error("nothing");
    expect(lines).toEqual([]);
  });
});

describe("isValidUrlEncodedUtf8", () => {
  // Control characters are valid text: the form they were typed into refuses them, with the field's message.
  it.each([
    ["a=1&b=two+words"],
    ["name=%C3%A9l%C3%A8ve"],
    ["emoji=%F0%9F%92%87"],
    [""],
    ["flag"],
    ["a=&b="],
    ["note=line%0D%0Anext%09tab"],
    ["address=1%00"],
    ["a%00=1"],
    ["note=%1B%5B31m"],
    ["x=%7F"],
  ])("accepts %j", (body) => {
    expect(isValidUrlEncodedUtf8(Buffer.from(body))).toBe(true);
  });

  it.each([["a=%C3%28"], ["a=%FF"], ["a=%E0%A4%A"], ["a=100%"], ["a=%zz"]])("refuses %j", (body) => {
    expect(isValidUrlEncodedUtf8(Buffer.from(body))).toBe(false);
  });

  it("refuses raw bytes that are not UTF-8", () => {
    expect(isValidUrlEncodedUtf8(Buffer.from([0x61, 0x3d, 0xff]))).toBe(false);
    expect(isValidUrlEncodedUtf8(Buffer.from("a=élève"))).toBe(true);
  });
});

describe("withResponseHeaders", () => {
  it("adds the cookie jar's Set-Cookie beside any the response has, and the jar makes the response private", async () => {
    const routeResponse = new Response("page", {
      status: 303,
      headers: { Location: "/", "Set-Cookie": "toast=hi; Path=/", "Cache-Control": "public, s-maxage=60" },
    });
    const added = new Headers();
    addResponseCookie(added, "session=abc; Path=/; HttpOnly");
    const sent = withResponseHeaders(routeResponse, added);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/");
    expect(sent.headers.getSetCookie()).toEqual(["toast=hi; Path=/", "session=abc; Path=/; HttpOnly"]);
    expect(sent.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await sent.text()).toBe("page");
  });

  it("leaves a response alone when the jar is empty", () => {
    const routeResponse = new Response("page", { headers: { "Cache-Control": "public, s-maxage=60" } });
    expect(withResponseHeaders(routeResponse, new Headers())).toBe(routeResponse);
  });
});

describe("canonicalPathOf", () => {
  it.each([
    ["/", "/"],
    ["/wigs", "/wigs"],
    ["/Wigs", "/wigs"],
    ["/EXTENSIONS/Clip-In/", "/extensions/clip-in"],
    ["/shop//", "/shop"],
    ["//", "/"],
    ["/product/%C3%A9/", "/product/%C3%A9"],
    ["/Product/%E0%A4%A", "/product/%E0%A4%a"],
  ])("writes %s as %s", (path, canonical) => {
    expect(canonicalPathOf(path)).toBe(canonical);
  });

  it.each([["//evil.example/"], ["//Evil.example"], ["/\\evil.example/"], ["///evil.example/"]])(
    "leaves %s as it is: never a Location to another host",
    (path) => {
      expect(canonicalPathOf(path)).toBe(path);
    },
  );
});

describe("createPageCache", () => {
  type Res = { locals: Record<string, unknown>; statusCode?: number; headers: Record<string, unknown>; body?: Buffer };
  const fakeReq = (url: string, headers: Record<string, string> = {}) =>
    ({
      method: "GET",
      socket: { encrypted: false },
      originalUrl: url,
      headers,
      get: (name: string) => (name === "host" ? "shop.test" : undefined),
    }) as never;
  const fakeRes = (nonce: string): Res & Record<string, unknown> => {
    const res: Res & Record<string, unknown> = { locals: { cspNonce: nonce }, headers: {} };
    res.status = (code: number) => ((res.statusCode = code), res);
    res.setHeader = (name: string, value: unknown) => (res.headers[name.toLowerCase()] = value);
    res.end = (body: Buffer) => (res.body = body);
    return res;
  };
  const page = (cache: ReturnType<typeof createPageCache>, res: Res, headers: Record<string, string>, status = 200) =>
    cache.capture(
      res as never,
      new Response(`<script nonce="${cache.renderNonce(res as never)}"></script>`, {
        status,
        headers: { "Content-Type": "text/html", ...headers },
      }),
    );
  const PUBLIC = { "Cache-Control": "public, max-age=0, s-maxage=60" };

  it("stores a public page, serves it with each response's nonce, and drops it after s-maxage", async () => {
    let time = 1_000_000;
    const cache = createPageCache({ now: () => time });
    const first = fakeRes("n1");
    expect(await cache.serve(fakeReq("/p"), first as never)).toBe(false);
    expect(await (await page(cache, first, PUBLIC)).text()).toBe('<script nonce="n1"></script>');
    const second = fakeRes("n2");
    expect(await cache.serve(fakeReq("/p"), second as never)).toBe(true);
    expect(second.body?.toString()).toBe('<script nonce="n2"></script>');
    expect(second.headers.age).toBe("0");
    time += 61_000;
    expect(await cache.serve(fakeReq("/p"), fakeRes("n3") as never)).toBe(false);
  });

  it("stores nothing that sets a cookie, is private, has no s-maxage or is not a 200, and never serves a cookie", async () => {
    const cache = createPageCache();
    for (const [headers, status] of [
      [{ ...PUBLIC, "Set-Cookie": "a=1" }, 200],
      [{ "Cache-Control": "private, no-store" }, 200],
      [{ "Cache-Control": "public, max-age=60" }, 200],
      [PUBLIC, 404],
    ] as const) {
      const res = fakeRes("n");
      await cache.serve(fakeReq("/q"), res as never);
      expect(await (await page(cache, res, headers, status)).text()).toBe('<script nonce="n"></script>');
    }
    expect(cache.size).toBe(0);
    const res = fakeRes("n");
    await cache.serve(fakeReq("/r"), res as never);
    await page(cache, res, PUBLIC);
    expect(cache.size).toBe(1);
    const withCookie = fakeRes("m");
    expect(await cache.serve(fakeReq("/r", { cookie: "a=1" }), withCookie as never)).toBe(false);
    expect(cache.renderNonce(withCookie as never)).toBe("m");
  });

  it("keeps its pages and keys within maxTotalBytes, dropping the oldest first", async () => {
    const cache = createPageCache({ maxTotalBytes: 1_000, siteUrl: "https://shop.test" });
    const store = async (url: string) => {
      const res = fakeRes("n");
      await cache.serve(fakeReq(url), res as never);
      await page(cache, res, PUBLIC);
    };
    // Each entry: the 28-character page without its placeholder, plus a key of about 200 characters.
    for (let index = 0; index < 20; index++) await store(`/shop?q=${"a".repeat(190)}&z=${index}`);
    expect(cache.storedBytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(4);
    expect(await cache.serve(fakeReq(`/shop?q=${"a".repeat(190)}&z=19`), fakeRes("m") as never)).toBe(true);
    expect(await cache.serve(fakeReq(`/shop?q=${"a".repeat(190)}&z=0`), fakeRes("m") as never)).toBe(false);
  });

  it("renders a page once for a burst of requests: the others wait and get the stored copy", async () => {
    const cache = createPageCache();
    const [leader, ...followers] = ["n0", "n1", "n2"].map(fakeRes);
    expect(await cache.serve(fakeReq("/burst"), leader as never)).toBe(false);
    const answered = followers.map((res) => cache.serve(fakeReq("/burst"), res as never));
    await page(cache, leader as Res, PUBLIC);
    expect(await Promise.all(answered)).toEqual([true, true]);
    expect(followers.map((res) => res.body?.toString())).toEqual([
      '<script nonce="n1"></script>',
      '<script nonce="n2"></script>',
    ]);
  });

  it("lets the waiting requests render for themselves when the first render stores nothing", async () => {
    const cache = createPageCache();
    const [leader, follower] = ["n0", "n1"].map(fakeRes);
    expect(await cache.serve(fakeReq("/private"), leader as never)).toBe(false);
    const waiting = cache.serve(fakeReq("/private"), follower as never);
    await page(cache, leader as Res, { "Cache-Control": "private, no-store" });
    expect(await waiting).toBe(false);
    expect(cache.renderNonce(follower as never)).not.toBe("n1");
  });

  it("lets the waiting requests go on when the first render ends without a page (an error, a client gone)", async () => {
    const cache = createPageCache();
    const [leader, follower] = ["n0", "n1"].map(fakeRes);
    expect(await cache.serve(fakeReq("/failing"), leader as never)).toBe(false);
    const waiting = cache.serve(fakeReq("/failing"), follower as never);
    cache.release(leader as never);
    expect(await waiting).toBe(false);
    // The follower renders in turn, and the next request waits for it alone.
    const next = cache.serve(fakeReq("/failing"), fakeRes("n2") as never);
    await page(cache, follower as Res, PUBLIC);
    expect(await next).toBe(true);
  });
});

describe("batchedStdout", () => {
  it("writes the lines of one turn of the event loop in one write, in order", async () => {
    const writes: string[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (writes.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const write = batchedStdout();
      write("one");
      write("two");
      expect(writes).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      write("three");
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.stdout.write = original;
    }
    expect(writes).toEqual(["one\ntwo\n", "three\n"]);
  });
});

describe("answerRefusedFloods", () => {
  it("holds a refused client's plain 429 before sending it, a bounded number at once; others pass through", async () => {
    const app = express();
    const refused = { status: 429, retryAfterSeconds: 30, text: "Too many attempts.\n" };
    app.use(
      answerRefusedFloods(
        () => ({ refusal: (_ip: string | undefined, path: string) => (path === "/auth" ? refused : null) }),
        { holdMs: 400, maxHeld: 2 },
      ),
    );
    app.use((_req, res) => res.send("rendered"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const order: string[] = [];
      const post = async (name: string, path = "/auth") => {
        const response = await fetch(`${base}${path}`, {
          method: "POST",
          body: "email=a%40example.com",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        order.push(name);
        return {
          status: response.status,
          retryAfter: response.headers.get("Retry-After"),
          body: await response.text(),
        };
      };
      const answers = await Promise.all([
        post("held 1"),
        post("held 2"),
        post("past the bound"),
        post("another page", "/cart"),
      ]);
      expect(answers.slice(0, 3)).toEqual(
        Array(3).fill({ status: 429, retryAfter: "30", body: "Too many attempts.\n" }),
      );
      expect(answers[3]).toMatchObject({ status: 200, body: "rendered" });
      // The two held answers come last; the slots are free again afterwards.
      expect(order.slice(2).sort()).toEqual(["held 1", "held 2"]);
      const again = await Promise.all([post("held 3"), post("held 4"), post("past the bound again")]);
      expect(again.map((answer) => answer.status)).toEqual([429, 429, 429]);
      expect(order.slice(-3)[0]).toBe("past the bound again");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("readFormBody", () => {
  it("lets the product CSV import's multipart post be up to 3 MB, and no other form over 64 KB (decision 0040)", async () => {
    const app = express();
    app.use(readFormBody());
    app.use((_req, res) => res.send(`read ${(res.locals.body as Buffer).length}`));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const upload = (path: string, bytes: number) => {
      const form = new FormData();
      form.set("intent", "preview");
      form.set("file", new Blob(["a".repeat(bytes)]), "products.csv");
      return fetch(`${base}${path}`, { method: "POST", body: form });
    };
    try {
      expect((await upload("/admin/products/import", 2 * 1024 * 1024)).status).toBe(200);
      expect((await upload("/admin/products/import.data", 2 * 1024 * 1024)).status).toBe(200);
      expect((await upload("/admin/products/import", 4 * 1024 * 1024)).status).toBe(413);
      expect((await upload("/admin/products/clip-1", 100 * 1024)).status).toBe(413);
    } finally {
      server.close();
    }
  });
});

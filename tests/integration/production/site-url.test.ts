import { httpRequest } from "#tests/support/http";
import { useProductionServers } from "#tests/support/production-server";
import { expect, it } from "vitest";

// Absolute URLs in pages (canonical, og:url, JSON-LD), which the page cache shares between visitors, come from
// SITE_URL in production, never from forwarded headers; and a plain-http SITE_URL with Secure cookies is called out
// at start-up (decision 0005).

const shops = useProductionServers();

it("refuses to start with TRUST_PROXY=true and no SITE_URL, saying what to set", { timeout: 300_000 }, async () => {
  const server = await shops.spawn({ dataDir: await shops.dataDir(), env: { TRUST_PROXY: "true" } });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("SITE_URL: is required with TRUST_PROXY=true in production");
});

it(
  "behind a trusted proxy, X-Forwarded-Host reaches neither the page nor the cached copy",
  { timeout: 300_000 },
  async () => {
    const server = await shops.start({
      dataDir: await shops.dataDir(),
      env: { TRUST_PROXY: "true", SITE_URL: "https://shop.example.com" },
    });
    const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };
    const poisoned = await httpRequest(server.url, "/product/clip-1", { headers: forged });
    expect(poisoned.status).toBe(200);
    expect(poisoned.body).not.toContain("evil.example");
    expect(poisoned.body).toContain('rel="canonical" href="https://shop.example.com/product/clip-1"');

    const visitor = await httpRequest(server.url, "/product/clip-1");
    expect(visitor.body).not.toContain("evil.example");
    expect(visitor.body).toContain('rel="canonical" href="https://shop.example.com/product/clip-1"');
  },
);

it("says at start-up that a plain-http SITE_URL needs ALLOW_HTTP=true", { timeout: 300_000 }, async () => {
  // A blank ALLOW_HTTP counts as unset (the helper sets it to true for loopback).
  const server = await shops.start({
    dataDir: await shops.dataDir(),
    env: { SITE_URL: "http://192.168.1.20:3000", ALLOW_HTTP: "", LOG_LEVEL: "info" },
  });
  await server.waitForOutput(
    /SITE_URL is http:\/\/192\.168\.1\.20:3000 \(plain http\) but cookies are Secure.*ALLOW_HTTP=true/,
  );
  expect(server.output().match(/plain http\) but cookies are Secure/g)).toHaveLength(1);
});

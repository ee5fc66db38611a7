import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest } from "./helpers/http";
import { copyProductionBuild } from "./helpers/production-build";
import { migratedDataDir, type ProductionServer, startProductionServer } from "./helpers/production-server";

// The real production server (node server.js on a copy of the build): what static files and pages carry.
let server: ProductionServer;
let build: { dir: string; remove: () => void };
let dataDir: string;

beforeAll(async () => {
  build = await copyProductionBuild();
  dataDir = await migratedDataDir();
  server = await startProductionServer({ buildDir: build.dir, dataDir, env: { LOG_LEVEL: "info" } });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  build?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp ?? ""))?.[1];

/** Headers that belong to documents only: a script, a stylesheet or an image gains nothing from them. */
const DOCUMENT_ONLY = ["content-security-policy", "strict-transport-security", "x-frame-options", "cross-origin-opener-policy", "x-request-id"];

describe("static files", () => {
  it("answers /assets with nosniff and a year's immutable cache, without the document headers or a log line", async () => {
    const stylesheet = fs.readdirSync(path.join(build.dir, "client/assets")).find((name) => name.endsWith(".css"));
    const response = await httpRequest(server.url, `/assets/${stylesheet}`, { headers: { "X-Request-Id": "static-asset-1" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/css/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    for (const name of DOCUMENT_ONLY) expect(response.headers[name], name).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).not.toContain("static-asset-1");
  });

  it("answers the files from public/ with a day's cache", async () => {
    const response = await httpRequest(server.url, "/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    for (const name of DOCUMENT_ONLY) expect(response.headers[name], name).toBeUndefined();

    const image = fs.readdirSync(path.join(build.dir, "client/images"))[0];
    const imageResponse = await httpRequest(server.url, `/images/${image}`, { method: "HEAD" });
    expect(imageResponse.status).toBe(200);
    expect(imageResponse.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("leaves a missing file to the shop's 404 page, with the document headers", async () => {
    for (const missing of ["/assets/no-such-chunk.js", "/images/no-such-image.avif", "/favicon.svg/extra"]) {
      const response = await httpRequest(server.url, missing);
      expect(response.status, missing).toBe(404);
      expect(nonceOf(response.headers["content-security-policy"]), missing).toBeTruthy();
    }
  });

  it("still gives documents the security headers and a nonce that their scripts carry", async () => {
    const response = await httpRequest(server.url, "/product/clip-1");
    expect(response.status).toBe(200);
    const nonce = nonceOf(response.headers["content-security-policy"]);
    expect(nonce).toBeTruthy();
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-request-id"]).toBeTruthy();
    expect(response.body).toContain(`nonce="${nonce}"`);
  });
});

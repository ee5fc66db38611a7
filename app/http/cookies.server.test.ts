import { describe, expect, it } from "vitest";
import { z } from "zod";

import { createSignedCookie, flashCookie, signedCookie, type ResponseJar } from "~/http/cookies.server";

function requestWith(...setCookies: string[]) {
  const pairs = setCookies.map((header) => header.split(";")[0] ?? "").join("; ");
  return new Request("http://shop.test/", { headers: { Cookie: pairs } });
}

/** A request's response cookie jar, as server.js makes one. */
const newJar = (): ResponseJar => ({ responseHeaders: new Headers() });

/** The one Set-Cookie `write` puts into a fresh jar. */
async function written(write: (jar: ResponseJar) => Promise<void>): Promise<string> {
  const jar = newJar();
  await write(jar);
  const [header = ""] = jar.responseHeaders.getSetCookie();
  return header;
}

describe("signed cookies", () => {
  const flash = signedCookie("flash-test", { maxAge: 60 });

  it("share one recipe: HttpOnly, SameSite=Lax, the whole site unless told, the given lifetime", async () => {
    const header = await written((jar) => flash.write(jar, "hello"));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\/(;|$)/);
    expect(header).toMatch(/Max-Age=60/);
    const scoped = await createSignedCookie(
      "scoped",
      { path: "/auth/google" },
      { secure: true, secrets: ["s".repeat(32)] },
    ).serialize("x");
    expect(scoped).toMatch(/Path=\/auth\/google/);
    expect(scoped).toMatch(/Secure/);
  });

  it("go into the request's cookie jar, which makes the response private", async () => {
    const jar = newJar();
    await flash.write(jar, "one");
    await flash.clear(jar);
    expect(jar.responseHeaders.getSetCookie()).toEqual([
      expect.stringMatching(/^flash-test=.+Max-Age=60/),
      expect.stringMatching(/^flash-test=;.*Max-Age=0/),
    ]);
    expect(jar.responseHeaders.get("Cache-Control")).toBe("private, no-store");
  });

  it("read back what they wrote, and read a tampered or foreign value as absent", async () => {
    const header = await written((jar) => flash.write(jar, { step: 1 }));
    expect(await flash.read(requestWith(header))).toEqual({ step: 1 });

    const [name = "", value = ""] = (header.split(";")[0] ?? "").split("=");
    const [payload = "", signature = ""] = decodeURIComponent(value).split(".");
    const forged = btoa(JSON.stringify({ step: 2 }));
    expect(payload).not.toBe(forged);
    const tampered = `${name}=${encodeURIComponent(`${forged}.${signature}`)}`;
    expect(await flash.read(requestWith(tampered))).toBeNull();
    expect(await flash.read(requestWith(`${name}=%%%not-base64`))).toBeNull();
    expect(await flash.read(requestWith("other=1"))).toBeNull();
  });
});

describe("flash cookies", () => {
  const flash = flashCookie("flash-once", z.object({ message: z.string() }));

  it("last five minutes unless told, and are taken once: what the schema accepts, the cookie cleared", async () => {
    const header = await written((jar) => flash.set(jar, { message: "Saved" }));
    expect(header).toMatch(/Max-Age=300/);
    const jar = newJar();
    expect(await flash.take(requestWith(header), jar)).toEqual({ message: "Saved" });
    expect(jar.responseHeaders.getSetCookie()).toEqual([expect.stringMatching(/^flash-once=;.*Max-Age=0/)]);

    const refusedJar = newJar();
    const foreign = await written((other) => signedCookie("flash-once").write(other, { message: 42 }));
    expect(await flash.take(requestWith(foreign), refusedJar)).toBeNull();
    expect(refusedJar.responseHeaders.getSetCookie()).toEqual([expect.stringMatching(/Max-Age=0/)]);

    const untouched = newJar();
    expect(await flash.take(requestWith("other=1"), untouched)).toBeNull();
    expect([...untouched.responseHeaders.keys()]).toEqual([]);
  });
});

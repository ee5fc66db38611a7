import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSignedCookie, signedCookie } from "~/utils/cookies.server";

function requestWith(...setCookies: string[]) {
  const pairs = setCookies.map((header) => header.split(";")[0] ?? "").join("; ");
  return new Request("http://shop.test/", { headers: { Cookie: pairs } });
}

describe("signed cookies", () => {
  const flash = signedCookie("flash-test", { maxAge: 60 });

  it("share one recipe: HttpOnly, SameSite=Lax, the whole site unless told, the given lifetime", async () => {
    const header = await flash.write("hello");
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\/(;|$)/);
    expect(header).toMatch(/Max-Age=60/);
    const scoped = await createSignedCookie("scoped", { path: "/auth/google" }, { secure: true, secrets: ["s".repeat(32)] }).serialize("x");
    expect(scoped).toMatch(/Path=\/auth\/google/);
    expect(scoped).toMatch(/Secure/);
  });

  it("read back what they wrote, and read a tampered or foreign value as absent", async () => {
    const header = await flash.write({ step: 1 });
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

  it("take a flash value once: what the schema accepts, and the header that clears it", async () => {
    const schema = z.object({ message: z.string() });
    const taken = await flash.take(requestWith(await flash.write({ message: "Saved" })), schema);
    expect(taken.value).toEqual({ message: "Saved" });
    expect(taken.clearHeader).toMatch(/Max-Age=0/);

    const refused = await flash.take(requestWith(await flash.write({ message: 42 })), schema);
    expect(refused.value).toBeNull();
    expect(refused.clearHeader).toMatch(/Max-Age=0/);

    expect(await flash.take(requestWith("other=1"), schema)).toEqual({ value: null, clearHeader: null });
    expect(flash.has(requestWith("other=1"))).toBe(false);
  });
});

import { describe, expect, it, vi } from "vitest";

import { MAX_WISHLIST_ITEMS } from "~/modules/wishlist/wishlist";
import { wishlistCookie } from "~/modules/wishlist/wishlist-cookie.server";

const { decode: decodeWishlistIds, read: readWishlistCookie } = wishlistCookie;

/** The Set-Cookie the visitor wishlist's write puts into a request's cookie jar. */
async function serializeWishlistCookie(ids: string[]): Promise<string> {
  const jar = { responseHeaders: new Headers() };
  await wishlistCookie.write(jar, ids);
  return jar.responseHeaders.getSetCookie()[0] ?? "";
}

function requestWith(setCookie: string) {
  return new Request("http://shop.test/", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });
}

describe("wishlist cookie", () => {
  it("round-trips product ids in order", async () => {
    expect(await readWishlistCookie(requestWith(await serializeWishlistCookie(["wig-3", "clip-1"])))).toEqual([
      "wig-3",
      "clip-1",
    ]);
  });

  it("is HttpOnly, SameSite=Lax, site-wide, kept a year, and removed when empty", async () => {
    const header = await serializeWishlistCookie(["clip-1"]);
    expect(header).toMatch(/Max-Age=31536000/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(await serializeWishlistCookie([])).toMatch(/Max-Age=0/);
  });

  it("ignores and logs a cookie whose signature does not match", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [name, value = ""] = ((await serializeWishlistCookie(["clip-1"])).split(";")[0] ?? "").split("=");
    const [, signature = ""] = decodeURIComponent(value).split(".");
    const forgedPayload = Buffer.from(JSON.stringify("clip-1,wig-3")).toString("base64");
    const forged = new Request("http://shop.test/", {
      headers: { Cookie: `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}` },
    });
    expect(await readWishlistCookie(forged)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/invalid or tampered/));
  });

  it("stays well within the browser's 4 KB limit when full", async () => {
    const fullest = Array.from(
      { length: MAX_WISHLIST_ITEMS },
      (_, index) => `product-with-a-long-id-${String(index).padStart(3, "0")}`,
    );
    const header = await serializeWishlistCookie(fullest);
    expect(await readWishlistCookie(requestWith(header))).toEqual(fullest);
    expect(Buffer.byteLength(header)).toBeLessThan(4096);
  });
});

describe("decodeWishlistIds", () => {
  it.each([
    ["CLIP<script>", "an id that is not a product id"],
    ["clip-1,clip-1", "a repeated product"],
    ["clip-1,,wig-3", "an empty id"],
    ["a".repeat(65), "an id longer than the product-id rule allows"],
  ])("rejects %s (%s)", (value) => {
    expect(decodeWishlistIds(value)).toBeNull();
  });

  it("rejects more ids than a wishlist may hold, and non-strings", () => {
    expect(
      decodeWishlistIds(Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, (_, index) => `p${index}`).join(",")),
    ).toBeNull();
    expect(decodeWishlistIds(["clip-1"])).toBeNull();
    expect(decodeWishlistIds("")).toEqual([]);
  });
});

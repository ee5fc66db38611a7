import { describe, expect, it, vi } from "vitest";

import { MAX_CART_LINES, MAX_LINE_QUANTITY, type CartEntry } from "~/modules/cart/cart";
import { cartCookie } from "~/modules/cart/cart-cookie.server";

const { decode: decodeCartEntries, encode: encodeCartEntries, read: readCartCookie } = cartCookie;

/** The Set-Cookie the visitor cart's write puts into a request's cookie jar. */
async function serializeCartCookie(entries: CartEntry[]): Promise<string> {
  const jar = { responseHeaders: new Headers() };
  await cartCookie.write(jar, entries);
  return jar.responseHeaders.getSetCookie()[0] ?? "";
}

function requestWith(setCookie: string) {
  const pair = setCookie.split(";")[0] ?? "";
  return new Request("http://shop.test/", { headers: { Cookie: pair } });
}

describe("cart cookie", () => {
  it("round-trips ids and quantities", async () => {
    const entries: CartEntry[] = [
      { productId: "clip-1", quantity: 2 },
      { productId: "wig-3", quantity: 1 },
    ];
    expect(await readCartCookie(requestWith(await serializeCartCookie(entries)))).toEqual(entries);
  });

  it("is HttpOnly, SameSite=Lax, scoped to the whole site, for thirty days", async () => {
    const header = await serializeCartCookie([{ productId: "clip-1", quantity: 1 }]);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=2592000/);
  });

  it("expires the cookie when the cart is empty", async () => {
    expect(await serializeCartCookie([])).toMatch(/Max-Age=0/);
  });

  it("ignores and logs a cookie whose signature does not match", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const header = await serializeCartCookie([{ productId: "clip-1", quantity: 1 }]);
    const [name, value = ""] = (header.split(";")[0] ?? "").split("=");
    const [payload = "", signature = ""] = decodeURIComponent(value).split(".");
    // Keep the signature but change the payload: quantity 1 becomes 9.
    const forgedPayload = Buffer.from(JSON.stringify("clip-1:9")).toString("base64");
    expect(forgedPayload).not.toBe(payload);
    const forged = new Request("http://shop.test/", {
      headers: { Cookie: `${name}=${encodeURIComponent(`${forgedPayload}.${signature}`)}` },
    });
    expect(await readCartCookie(forged)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/invalid or tampered/));
  });

  it("ignores a corrupt cookie instead of failing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(
      await readCartCookie(new Request("http://shop.test/", { headers: { Cookie: "cart=%%%not-base64" } })),
    ).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });

  it("stays well within the browser's 4 KB limit at the largest cart allowed", async () => {
    const fullest = Array.from({ length: MAX_CART_LINES }, (_, index) => ({
      productId: `product-with-a-long-id-${String(index).padStart(3, "0")}`,
      quantity: MAX_LINE_QUANTITY,
    }));
    const header = await serializeCartCookie(fullest);
    expect(await readCartCookie(requestWith(header))).toEqual(fullest);
    expect(Buffer.byteLength(header)).toBeLessThan(4096);
  });
});

describe("decodeCartEntries", () => {
  it.each([
    ["clip-1:0", "a zero quantity"],
    ["clip-1:100", "a quantity above the line maximum"],
    ["clip-1:1.5", "a fractional quantity"],
    ["clip-1:-2", "a negative quantity"],
    ["CLIP<script>:1", "an id that is not a product id"],
    ["clip-1:1,clip-1:2", "a repeated product"],
    ["clip-1", "a missing quantity"],
    [`${"a".repeat(65)}:1`, "an id longer than the product-id rule allows"],
  ])("rejects %s (%s)", (value) => {
    expect(decodeCartEntries(value)).toBeNull();
  });

  it("rejects more lines than a cart may hold", () => {
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, (_, index) => ({ productId: `p${index}`, quantity: 1 }));
    expect(decodeCartEntries(encodeCartEntries(tooMany))).toBeNull();
  });

  it("reads an id of the longest length the product-id rule allows", () => {
    expect(decodeCartEntries(`${"a".repeat(64)}:2`)).toEqual([{ productId: "a".repeat(64), quantity: 2 }]);
  });

  it("reads an empty value as an empty cart and non-strings as invalid", () => {
    expect(decodeCartEntries("")).toEqual([]);
    expect(decodeCartEntries({ productId: "clip-1" })).toBeNull();
  });
});

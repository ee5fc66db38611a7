import { describe, expect, it } from "vitest";
import { combineHeaders } from "~/modules/auth/combine-headers";

describe("combineHeaders", () => {
  it("keeps every Set-Cookie and lets later sources win for other headers", () => {
    const session = new Headers([
      ["Set-Cookie", "shop_session=abc"],
      ["Cache-Control", "private, no-store"],
    ]);
    const cart = new Headers([["Set-Cookie", "cart=; Max-Age=0"]]);
    const combined = combineHeaders(session, undefined, cart, new Headers([["Cache-Control", "no-cache"]]));
    expect(combined.getSetCookie()).toEqual(["shop_session=abc", "cart=; Max-Age=0"]);
    expect(combined.get("Cache-Control")).toBe("no-cache");
  });
});

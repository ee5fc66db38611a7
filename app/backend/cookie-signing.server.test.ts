import { describe, expect, test } from "vitest";
import { signCookieValue, unsignCookieValue } from "./cookie-signing.server";

describe("cookie signing", () => {
  test("round-trips with the signing secret and with an older one after rotation", () => {
    const signed = signCookieValue("base64-abc", ["old"]);
    expect(unsignCookieValue(signed, ["old"])).toBe("base64-abc");
    expect(unsignCookieValue(signed, ["new", "old"])).toBe("base64-abc");
    expect(signCookieValue("v", ["new", "old"])).toBe(signCookieValue("v", ["new"]));
  });

  test("rejects a changed value, a changed or missing signature, and unknown secrets", () => {
    const signed = signCookieValue("base64-abc", ["secret"]);
    expect(unsignCookieValue(signed.replace("abc", "abd"), ["secret"])).toBeNull();
    expect(unsignCookieValue(`${signed.slice(0, -1)}A`, ["secret"])).toBeNull();
    expect(unsignCookieValue("base64-abc", ["secret"])).toBeNull();
    expect(unsignCookieValue("base64-abc.", ["secret"])).toBeNull();
    expect(unsignCookieValue(signed, ["other"])).toBeNull();
  });
});

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

  test("rejects a signature whose last character was changed in bits base64url does not use", () => {
    const signed = signCookieValue("base64-abc", ["secret"]);
    const last = signed.at(-1)!;
    // A 43-character signature ends in 4 bits of data and 2 spare bits: each character in this group decodes alike.
    const group = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const index = group.indexOf(last);
    const twin = group[index ^ 1]!;
    expect(unsignCookieValue(`${signed.slice(0, -1)}${twin}`, ["secret"])).toBeNull();
  });
});

import { describe, expect, test } from "vitest";

import { pageCount, pageHref, pageOffset, paginationLinks, parsePageRequest, resolvePage } from "~/modules/pagination";

const request = (query: string) => parsePageRequest(new URLSearchParams(query));

describe("parsePageRequest", () => {
  test("no page parameter is the first page", () => {
    expect(request("")).toEqual({ kind: "first" });
    expect(request("q=wave")).toEqual({ kind: "first" });
  });

  test("reads a positive whole number", () => {
    expect(request("page=2")).toEqual({ kind: "number", page: 2 });
    expect(request("page=1")).toEqual({ kind: "number", page: 1 });
  });

  test.each(["0", "-1", "1.5", "abc", "", "02", "+2", "1e3", " 2", "0x10", "Infinity"])(
    "'%s' is malformed",
    (value) => {
      expect(request(`page=${encodeURIComponent(value)}`)).toEqual({ kind: "malformed" });
    },
  );

  test("a repeated page parameter is malformed rather than silently picking one", () => {
    expect(request("page=2&page=3")).toEqual({ kind: "malformed" });
  });

  test("a huge number is well-formed: it is past the end, not malformed", () => {
    expect(request(`page=${"9".repeat(400)}`)).toEqual({ kind: "number", page: Number.POSITIVE_INFINITY });
    expect(request("page=99999999999999999999")).toMatchObject({ kind: "number" });
  });
});

describe("pageCount", () => {
  test("rounds up, and an empty result is one page", () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(1, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(10_012, 24)).toBe(418);
  });
});

describe("resolvePage", () => {
  test("shows the first page and any page in range", () => {
    expect(resolvePage({ kind: "first" }, 1)).toEqual({ page: 1 });
    expect(resolvePage({ kind: "number", page: 2 }, 3)).toEqual({ page: 2 });
    expect(resolvePage({ kind: "number", page: 3 }, 3)).toEqual({ page: 3 });
  });

  test("redirects malformed values and an explicit page 1 to the address without a page", () => {
    expect(resolvePage({ kind: "malformed" }, 5)).toEqual({ redirectToPage: 1 });
    expect(resolvePage({ kind: "number", page: 1 }, 5)).toEqual({ redirectToPage: 1 });
  });

  test("redirects past the end to the last page", () => {
    expect(resolvePage({ kind: "number", page: 4 }, 3)).toEqual({ redirectToPage: 3 });
    expect(resolvePage({ kind: "number", page: Number.POSITIVE_INFINITY }, 3)).toEqual({ redirectToPage: 3 });
    expect(resolvePage({ kind: "number", page: 2 }, 1)).toEqual({ redirectToPage: 1 });
  });
});

describe("pageOffset", () => {
  test("is zero-based", () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 10)).toBe(20);
  });
});

describe("pageHref and paginationLinks", () => {
  const query = new URLSearchParams("q=wave&sort=price-low&page=3&color=blonde");

  test("keep every other parameter in its place and drop page for page 1", () => {
    expect(pageHref("/shop", query, 4)).toBe("/shop?q=wave&sort=price-low&color=blonde&page=4");
    expect(pageHref("/shop", query, 1)).toBe("/shop?q=wave&sort=price-low&color=blonde");
    expect(pageHref("/orders", new URLSearchParams("page=2"), 1)).toBe("/orders");
  });

  test("link the neighbours that exist", () => {
    expect(paginationLinks("/shop", query, 3, 5)).toEqual({
      page: 3,
      totalPages: 5,
      previousHref: "/shop?q=wave&sort=price-low&color=blonde&page=2",
      nextHref: "/shop?q=wave&sort=price-low&color=blonde&page=4",
    });
    expect(paginationLinks("/wigs", new URLSearchParams(), 1, 2)).toMatchObject({
      previousHref: null,
      nextHref: "/wigs?page=2",
    });
    expect(paginationLinks("/wigs", new URLSearchParams("page=2"), 2, 2)).toMatchObject({
      previousHref: "/wigs",
      nextHref: null,
    });
    expect(paginationLinks("/wigs", new URLSearchParams(), 1, 1)).toMatchObject({ previousHref: null, nextHref: null });
  });
});

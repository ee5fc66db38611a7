import { describe, expect, test } from "vitest";

import { filterQuery, parseOrderFilter } from "./order-filters";

describe("parseOrderFilter", () => {
  test("reads a known status and a trimmed search; anything else means every order", () => {
    expect(parseOrderFilter(new URLSearchParams("status=paid&q=%20ada%20"))).toEqual({ status: "paid", search: "ada" });
    expect(parseOrderFilter(new URLSearchParams("status=lost"))).toEqual({ status: null, search: "" });
    expect(parseOrderFilter(new URLSearchParams(`q=${"x".repeat(300)}`)).search).toHaveLength(200);
  });

  test("filterQuery writes back only what is set", () => {
    expect(filterQuery({ status: null, search: "" })).toBe("");
    expect(filterQuery({ status: "shipped", search: "a&b" })).toBe("?status=shipped&q=a%26b");
  });
});

import { describe, expect, it } from "vitest";

import { blogCategories, matchesInOtherCategories, parseBlogParams, searchArticles } from "~/modules/blog/search";

const articles = [
  { id: "1", title: "Caring for Extensions", excerpt: "Keep them soft.", category: "Hair Care" },
  { id: "2", title: "Five Styles", excerpt: "Easy looks for clip-ins.", category: "Styling" },
  { id: "3", title: "Wig Care 101", excerpt: "Wash every 10-15 wears.", category: "Wig Care" },
  { id: "4", title: "Heat Damage", excerpt: "Protect your EXTENSIONS.", category: "Hair Care" },
] as const;
const ids = (list: readonly { id: string }[]) => list.map((article) => article.id);

describe("searchArticles", () => {
  it("returns everything without a query or category", () => {
    expect(ids(searchArticles(articles, {}))).toEqual(["1", "2", "3", "4"]);
  });

  it("matches the title or the excerpt, case-insensitively", () => {
    expect(ids(searchArticles(articles, { q: "extensions" }))).toEqual(["1", "4"]);
    expect(ids(searchArticles(articles, { q: "CLIP-INS" }))).toEqual(["2"]);
  });

  it("does not match the category or other fields", () => {
    expect(searchArticles(articles, { q: "styling" })).toEqual([]);
  });

  it("filters by category and combines it with the query", () => {
    expect(ids(searchArticles(articles, { category: "Hair Care" }))).toEqual(["1", "4"]);
    expect(ids(searchArticles(articles, { category: "Hair Care", q: "heat" }))).toEqual(["4"]);
  });
});

describe("matchesInOtherCategories", () => {
  it("counts what a search inside a category leaves out", () => {
    expect(matchesInOtherCategories(articles, { category: "Styling", q: "extensions" })).toBe(2);
    expect(matchesInOtherCategories(articles, { category: "Hair Care", q: "extensions" })).toBe(0);
  });

  it("is 0 without a query or without a category", () => {
    expect(matchesInOtherCategories(articles, { category: "Styling" })).toBe(0);
    expect(matchesInOtherCategories(articles, { q: "extensions" })).toBe(0);
  });
});

describe("blogCategories", () => {
  it("lists each category once, in order of appearance", () => {
    expect(blogCategories(articles)).toEqual(["Hair Care", "Styling", "Wig Care"]);
  });
});

describe("parseBlogParams", () => {
  it("treats 'all' and blanks as no filter", () => {
    expect(parseBlogParams(new URLSearchParams("category=all&q=%20"))).toEqual({ q: undefined, category: undefined });
  });

  it("keeps a trimmed query and the category", () => {
    expect(parseBlogParams(new URLSearchParams("q=%20wig%20&category=Wig%20Care"))).toEqual({
      q: "wig",
      category: "Wig Care",
    });
  });

  it("ignores an over-long query rather than failing", () => {
    expect(parseBlogParams(new URLSearchParams(`q=${"a".repeat(500)}`)).q).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { getArticle, getArticles, sanitizeArticleHtml } from "~/modules/blog/articles.server";

describe("sanitizeArticleHtml", () => {
  it("removes scripts, event handlers and javascript: links but keeps the article's markup", () => {
    const html = sanitizeArticleHtml(
      '<h2 onclick="steal()">Title</h2><script>alert(1)</script><p>Text <a href="javascript:alert(1)">x</a></p><iframe src="/"></iframe>',
    );
    expect(html).toBe("<h2>Title</h2><p>Text <a>x</a></p>");
  });
});

describe("getArticles", () => {
  it("sanitises once and returns the same objects on every call", () => {
    expect(getArticles()).toBe(getArticles());
  });

  it("finds an article by id and nothing for an unknown id", () => {
    expect(getArticle("blog-1")?.id).toBe("blog-1");
    expect(getArticle("blog-99")).toBeUndefined();
  });
});

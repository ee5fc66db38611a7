import { describe, expect, it } from "vitest";
import { articles } from "~/content/blog";
import { getArticle, getArticles } from "~/modules/blog/articles.server";
import { sanitizeHtml } from "~/modules/blog/sanitize-html.server";

describe("sanitizeHtml", () => {
  it("removes scripts, event handlers and javascript: links but keeps the article's markup", async () => {
    const [html, plain] = await sanitizeHtml([
      '<h2 onclick="steal()">Title</h2><script>alert(1)</script><p>Text <a href="javascript:alert(1)">x</a></p><iframe src="/"></iframe>',
      "<p>Plain</p>",
    ]);
    expect(html).toBe("<h2>Title</h2><p>Text <a>x</a></p>");
    expect(plain).toBe("<p>Plain</p>");
  });
});

describe("getArticles", () => {
  it("sanitises once and returns the same objects on every call", async () => {
    const first = await getArticles();
    expect(await getArticles()).toBe(first);
    expect(first.map((article) => article.id)).toEqual(articles.map((article) => article.id));
    expect(first.every((article) => article.content.length > 0)).toBe(true);
  });

  it("finds an article by id and nothing for an unknown id", async () => {
    expect((await getArticle("blog-1"))?.id).toBe("blog-1");
    expect(await getArticle("blog-99")).toBeUndefined();
  });
});

import DOMPurify from "isomorphic-dompurify";
import { describe, expect, test } from "vitest";

import { articles } from "~/content/blog";
import { articleCategories } from "~/modules/blog/article";

function wordCount(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
}

describe("articles", () => {
  test("has 5 articles with ids blog-1 to blog-5", () => {
    expect(articles.map((article) => article.id)).toEqual(["blog-1", "blog-2", "blog-3", "blog-4", "blog-5"]);
  });

  test("uses all four categories", () => {
    expect(new Set(articles.map((article) => article.category))).toEqual(new Set(articleCategories));
  });

  test.each(articles.map((article) => [article.id, article] as const))("%s is complete and valid", (_id, article) => {
    expect(articleCategories).toContain(article.category);
    expect(article.title.trim()).not.toBe("");
    expect(article.excerpt.trim()).not.toBe("");
    expect(article.author.trim()).not.toBe("");
    expect(article.image).toBe(article.id);
    expect(article.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(article.publishedAt))).toBe(false);
    expect(new Date(article.publishedAt).toISOString().slice(0, 10)).toBe(article.publishedAt);
    expect(article.tags.length).toBeGreaterThanOrEqual(3);
    expect(article.tags.length).toBeLessThanOrEqual(5);
    for (const tag of article.tags) expect(tag).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  test.each(articles.map((article) => [article.id, article] as const))(
    "%s reads in the stated time",
    (_id, article) => {
      const words = wordCount(article.content);
      expect(words).toBeGreaterThanOrEqual(400);
      expect(words).toBeLessThanOrEqual(700);
      expect(article.readTime).toBeGreaterThan(0);
      expect(article.readTime).toBe(Math.ceil(words / 200));
    },
  );

  // The page supplies the h1 and the hero image, and the CSP forbids inline styles and scripts.
  test.each(articles.map((article) => [article.id, article] as const))(
    "%s content is plain, self-contained HTML",
    (_id, article) => {
      expect(article.content).toMatch(/<h2>/);
      expect(article.content).not.toMatch(/<(h1|img|script|style|iframe)\b/i);
      expect(article.content).not.toMatch(/\sstyle=|\son\w+=/i);
      for (const [, href] of article.content.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^\/(?!\/)/);
    },
  );

  // The pages render the committed HTML as it is (docs/decisions/0010-server-memory.md): DOMPurify, with the HTML
  // profile, must find nothing to remove from it, so the shop needs no sanitiser (nor jsdom) at run time.
  test.each(articles.map((article) => [article.id, article] as const))(
    "%s content is HTML that DOMPurify keeps whole",
    (_id, article) => {
      expect(removedBySanitiser(article.content)).toEqual([]);
    },
  );

  test("the DOMPurify check catches scripts, event handlers, javascript: links and iframes", () => {
    const unsafe =
      '<h2 onclick="steal()">Title</h2><script>alert(1)</script><p>Text <a href="javascript:alert(1)">x</a></p><iframe src="/"></iframe>';
    expect(removedBySanitiser(unsafe)).toEqual(["h2 onclick", "script", "a href", "iframe"]);
    expect(removedBySanitiser('<p>Plain <strong>text</strong> with <a href="/shop">a link</a></p>')).toEqual([]);
  });

  test("copy never advises heat above the 350°F limit", () => {
    for (const article of articles) {
      for (const [, degrees] of article.content.matchAll(/(\d+)°F/g))
        expect(Number(degrees), article.id).toBeLessThanOrEqual(350);
    }
  });
});

/** What DOMPurify removes from `html` (elements by tag name, attributes as "tag attribute"). */
function removedBySanitiser(html: string): string[] {
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  return DOMPurify.removed.map((entry) =>
    "element" in entry
      ? entry.element.nodeName.toLowerCase()
      : `${entry.from.nodeName.toLowerCase()} ${entry.attribute?.name ?? ""}`,
  );
}

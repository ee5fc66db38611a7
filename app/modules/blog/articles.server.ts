import DOMPurify from "isomorphic-dompurify";
import { articles } from "~/content/blog";
import type { Article } from "~/modules/blog/article";

/** Article HTML with anything executable removed (scripts, event handlers, javascript: URLs, iframes). */
export function sanitizeArticleHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

let sanitized: readonly Article[] | undefined;

/**
 * The articles with their HTML sanitised. DOMPurify costs about half a millisecond a call (it runs on jsdom),
 * so it runs once per process, at start-up, not per request.
 */
export function getArticles(): readonly Article[] {
  sanitized ??= articles.map((article) => ({ ...article, content: sanitizeArticleHtml(article.content) }));
  return sanitized;
}

export function getArticle(id: string): Article | undefined {
  return getArticles().find((article) => article.id === id);
}

import { articles } from "~/content/blog";
import type { Article } from "~/modules/blog/article";
import { sanitizeHtml } from "~/modules/blog/sanitize-html.server";

let sanitized: Promise<readonly Article[]> | undefined;

/**
 * The articles with their HTML sanitised: once per process (at start-up, see lifecycle.server.ts), not per
 * request. A failed attempt is forgotten, so the next call tries again.
 */
export function getArticles(): Promise<readonly Article[]> {
  sanitized ??= sanitizeHtml(articles.map((article) => article.content)).then(
    (contents) => articles.map((article, index) => ({ ...article, content: contents[index] ?? "" })),
    (error: unknown) => {
      sanitized = undefined;
      throw error;
    },
  );
  return sanitized;
}

export async function getArticle(id: string): Promise<Article | undefined> {
  return (await getArticles()).find((article) => article.id === id);
}

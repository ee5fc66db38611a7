import { z } from "zod";

import type { Article } from "~/modules/blog/article";

export const blogParamsSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  category: z.string().trim().max(40).optional().catch(undefined),
});
export type BlogParams = z.output<typeof blogParamsSchema>;

export function parseBlogParams(searchParams: URLSearchParams): BlogParams {
  const parsed = blogParamsSchema.parse({
    q: searchParams.get("q") ?? undefined,
    category: searchParams.get("category") ?? undefined,
  });
  return {
    q: parsed.q || undefined,
    category: parsed.category && parsed.category.toLowerCase() !== "all" ? parsed.category : undefined,
  };
}

/** The category buttons: each distinct category, in order of first appearance. */
export function blogCategories(articles: readonly Pick<Article, "category">[]): string[] {
  return [...new Set(articles.map((article) => article.category))];
}

/** The search matches the title or the excerpt, case-insensitively; the category must match exactly. */
export function searchArticles<T extends Pick<Article, "title" | "excerpt" | "category">>(
  articles: readonly T[],
  { q, category }: BlogParams,
): T[] {
  const needle = q?.toLowerCase();
  return articles.filter(
    (article) =>
      (!category || article.category === category) &&
      (!needle || article.title.toLowerCase().includes(needle) || article.excerpt.toLowerCase().includes(needle)),
  );
}

/**
 * How many articles a search inside a category leaves out because they sit in other categories (0 without a query
 * or a category): the page says so and offers the search over every article.
 */
export function matchesInOtherCategories<T extends Pick<Article, "title" | "excerpt" | "category">>(
  articles: readonly T[],
  { q, category }: BlogParams,
): number {
  if (!q || !category) return 0;
  return searchArticles(articles, { q }).filter((article) => article.category !== category).length;
}

export const articleCategories = ["Hair Care", "Styling", "Wig Care", "Color"] as const;
export type ArticleCategory = (typeof articleCategories)[number];

/** A blog article, as in spec section 3. `content` is committed HTML, rendered as it is: a test checks DOMPurify keeps it whole. */
export interface Article {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  /** Image id from the image manifest (`app/content/images.ts`). */
  image: string;
  author: string;
  /** ISO date, e.g. "2024-03-12". */
  publishedAt: string;
  category: ArticleCategory;
  tags: string[];
  /** Minutes. */
  readTime: number;
}

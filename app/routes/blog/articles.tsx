import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { Search } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import { articles } from "~/content/blog";
import { blogCategories, matchesInOtherCategories, parseBlogParams, searchArticles } from "~/modules/blog/search";
import { formatLongDate } from "~/modules/dates";
import { originFromMatches, seo } from "~/site/seo";

export function loader({ request }: LoaderFunctionArgs) {
  const params = parseBlogParams(new URL(request.url).searchParams);
  const categories = blogCategories(articles);
  // A category no article has is not a missing page: the listing's empty state, left out of search engines.
  const unknownCategory = params.category !== undefined && !categories.includes(params.category);
  return {
    params,
    categories,
    articles: searchArticles(articles, params).map(({ content: _content, ...summary }) => summary),
    elsewhere: matchesInOtherCategories(articles, params),
    unknownCategory,
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo({
    title: "Hair Care Blog",
    description: "Expert advice on caring for, styling and colour-matching hair extensions and wigs.",
    origin: originFromMatches(matches),
    path:
      data?.params.category && !data.unknownCategory
        ? `/blog?category=${encodeURIComponent(data.params.category)}`
        : "/blog",
    noIndex: Boolean(data?.params.q) || Boolean(data?.unknownCategory),
  });

function categoryHref(category: string | undefined, q: string | undefined) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  return params.size ? `/blog?${params}` : "/blog";
}

export default function Blog() {
  const { params, categories, articles, elsewhere } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="font-serif text-4xl text-ink sm:text-5xl">Hair Care Blog</h1>
        <p className="mt-4 text-lg text-ink-muted">Tips, tutorials and expert advice for beautiful hair every day.</p>
      </header>

      <div className="mt-10 flex flex-col items-center gap-6">
        <Form method="get" role="search" className="relative w-full max-w-md">
          {params.category ? <input type="hidden" name="category" value={params.category} /> : null}
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <input
            id="blog-search"
            key={params.q ?? ""}
            type="search"
            name="q"
            defaultValue={params.q ?? ""}
            placeholder="Search articles..."
            maxLength={100}
            className="input rounded-full pr-12"
          />
          <button
            type="submit"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-ink-muted"
          >
            <Search aria-hidden className="size-4" />
            <span className="sr-only">Search</span>
          </button>
        </Form>
        <nav aria-label="Blog categories">
          <ul className="flex flex-wrap justify-center gap-2">
            {[undefined, ...categories].map((category) => {
              const active = category === params.category;
              return (
                <li key={category ?? "all"}>
                  <Link
                    to={categoryHref(category, params.q)}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
                      active
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-sand-200 text-ink hover:border-brand-700"
                    }`}
                  >
                    {category ?? "All"}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>

      {/* The search keeps the chosen category: say so, and offer the search over every article if it finds more. */}
      {params.q && params.category ? (
        <div
          className="mt-8 flex flex-col items-center gap-3 text-center text-ink-muted"
          data-testid="blog-search-scope"
        >
          <p>
            Searching “<span className="font-medium text-ink">{params.q}</span>” in {params.category} only.
            {elsewhere > 0
              ? ` ${elsewhere} more ${elsewhere === 1 ? "article matches" : "articles match"} in other categories.`
              : ""}
          </p>
          {elsewhere > 0 ? (
            <Link to={categoryHref(undefined, params.q)} className="btn-outline">
              Search all articles
            </Link>
          ) : null}
        </div>
      ) : null}

      {articles.length === 0 ? (
        <p className="mt-16 text-center text-lg text-ink-muted">No articles found matching your search.</p>
      ) : (
        <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
            <li key={article.id}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white hover:shadow-lg">
                <ResponsiveImage
                  image={article.image}
                  alt=""
                  priority={index === 0}
                  sizes="(min-width: 1024px) 24rem, (min-width: 768px) 45vw, 92vw"
                  className="aspect-[16/9] w-full object-cover"
                />
                <div className="flex flex-1 flex-col gap-3 p-6">
                  <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{article.category}</p>
                  <h2 className="font-serif text-xl text-ink">
                    <Link
                      to={`/blog/${article.id}`}
                      className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none"
                    >
                      {article.title}
                    </Link>
                  </h2>
                  <p className="text-sm text-ink-muted">{article.excerpt}</p>
                  <p className="mt-auto text-xs text-ink-muted">
                    {article.author} · <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>{" "}
                    · {article.readTime} min read
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

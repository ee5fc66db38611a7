import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { ArrowLeft, Clock } from "~/components/icons";
import { imageUrl, ResponsiveImage } from "~/components/responsive-image";
import { articles } from "~/content/blog";
import { formatLongDate } from "~/modules/dates";
import { breadcrumbJsonLd, noIndexMeta, originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

export function loader({ params }: LoaderFunctionArgs) {
  const article = articles.find((candidate) => candidate.id === params.id);
  if (!article) throw data({ id: params.id }, { status: 404 });
  return { article };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return noIndexMeta("Article Not Found");
  const { article } = data;
  const origin = originFromMatches(matches);
  const path = `/blog/${article.id}`;
  const image = new URL(imageUrl(article.image, 1440), origin).toString();
  return seo({
    title: article.title,
    description: article.excerpt,
    origin,
    path,
    image,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.excerpt,
        image: [image],
        datePublished: article.publishedAt,
        author: { "@type": "Person", name: article.author },
        publisher: {
          "@type": "Organization",
          name: site.name,
          logo: { "@type": "ImageObject", url: new URL("/favicon.svg", origin).toString() },
        },
        mainEntityOfPage: new URL(path, origin).toString(),
        keywords: article.tags.join(", "),
      },
      breadcrumbJsonLd(origin, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: article.title, path },
      ]),
    ],
  });
};

export default function BlogArticle() {
  const { article } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Back to Blog
      </Link>
      <ResponsiveImage
        image={article.image}
        priority
        sizes="(min-width: 768px) 48rem, 100vw"
        className="mt-6 aspect-[16/9] w-full rounded-3xl object-cover"
      />
      <div className="mt-8 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
        <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800">{article.category}</span>
        <span className="flex items-center gap-1">
          <Clock aria-hidden className="size-4" /> {article.readTime} min read
        </span>
      </div>
      <h1 className="mt-4 font-serif text-4xl leading-tight text-ink sm:text-5xl">{article.title}</h1>
      <p className="mt-4 text-sm text-ink-muted">
        By <span className="font-semibold text-ink">{article.author}</span> ·{" "}
        <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
      </p>
      {/* Committed HTML that DOMPurify finds nothing to remove from (app/content/blog.test.ts). */}
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: article.content }} />
      <ul className="mt-10 flex flex-wrap gap-2 border-t border-sand-200 pt-6" aria-label="Tags">
        {article.tags.map((tag) => (
          <li key={tag} className="rounded-full bg-sand-100 px-3 py-1 text-sm text-ink-muted">
            #{tag}
          </li>
        ))}
      </ul>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage
            title="Article Not Found"
            message="The article you're looking for doesn't exist."
            action={{ to: "/blog", label: "Back to Blog" }}
          />
        ),
      }}
    />
  );
}

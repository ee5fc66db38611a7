import type { MetaDescriptor } from "@remix-run/node";

import { site } from "~/site/site";

interface SeoInput {
  title: string;
  description: string;
  /** Site origin from the root loader, e.g. "https://shop.example"; canonical and og:url need it absolute. */
  origin: string;
  /** Path and query that identify the canonical page, e.g. "/shop?category=wigs". */
  path: string;
  /** Absolute or root-relative URL of a representative image. */
  image?: string;
  type?: "website" | "article" | "product";
  /** Extra JSON-LD objects rendered as <script type="application/ld+json">. */
  jsonLd?: object[];
  noIndex?: boolean;
}

/** A page's title as the browser tab and search results show it: the page, then the shop. */
export function pageTitle(title: string): string {
  return title === site.name ? title : `${title} | ${site.name}`;
}

/** The meta tags of a page that search engines leave out (a 404, an account page): its title and noindex. */
export function noIndexMeta(title: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

/** The meta tags every page carries: title, description, canonical URL, Open Graph and Twitter card. */
export function seo({
  title,
  description,
  origin,
  path,
  image,
  type = "website",
  jsonLd = [],
  noIndex,
}: SeoInput): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const url = new URL(path, origin).toString();
  const imageUrl = image ? new URL(image, origin).toString() : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type === "product" ? "website" : type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}

/** schema.org BreadcrumbList for a trail of [name, path] pairs. */
export function breadcrumbJsonLd(origin: string, trail: Array<{ name: string; path: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).toString(),
    })),
  };
}

/** Reads the origin that the root loader put in its data, for use inside a route's `meta`. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; data: unknown }>): string {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

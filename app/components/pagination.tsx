import { Link, type MetaDescriptor } from "@remix-run/react";

import type { PaginationLinks } from "~/modules/pagination";

/**
 * Previous / "Page X of Y" / Next as plain links (they work without JavaScript and keep the other query
 * parameters). Nothing is drawn when everything fits on one page.
 */
export function Pagination({ links, className = "" }: { links: PaginationLinks; className?: string }) {
  if (links.totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={`flex items-center justify-between gap-4 ${className}`}>
      {links.previousHref ? (
        <Link to={links.previousHref} rel="prev" className="btn-outline">
          Previous<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-muted">
        Page {links.page} of {links.totalPages}
      </p>
      {links.nextHref ? (
        <Link to={links.nextHref} rel="next" className="btn-outline">
          Next<span className="sr-only"> page</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `<link rel="prev|next">` for the document head, as absolute URLs. */
export function paginationHeadLinks(links: PaginationLinks | undefined, origin: string): MetaDescriptor[] {
  if (!links) return [];
  return [
    ...(links.previousHref
      ? [{ tagName: "link", rel: "prev", href: new URL(links.previousHref, origin).toString() }]
      : []),
    ...(links.nextHref ? [{ tagName: "link", rel: "next", href: new URL(links.nextHref, origin).toString() }] : []),
  ];
}

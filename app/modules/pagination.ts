import { z } from "zod";

/** The query parameter that carries the page number; page 1 is the URL without it. */
export const PAGE_PARAM = "page";

/**
 * The `page` query value: a whole number written the canonical way ("2", not "02", "2.0", "+2" or "1e1").
 * Anything else is `null` (malformed). A huge but well-formed number stays a number (possibly Infinity):
 * it is "beyond the last page", not malformed.
 */
export const pageParamSchema = z
  .string()
  .regex(/^[1-9][0-9]*$/)
  .transform(Number)
  .nullable()
  .catch(null);

export type PageRequest =
  /** No `page` parameter: page 1. */
  | { kind: "first" }
  | { kind: "number"; page: number }
  /** Present but not a positive whole number: "0", "-1", "1.5", "abc", "" or a repeated parameter. */
  | { kind: "malformed" };

export function parsePageRequest(searchParams: URLSearchParams): PageRequest {
  const values = searchParams.getAll(PAGE_PARAM);
  if (values.length === 0) return { kind: "first" };
  const page = values.length === 1 ? pageParamSchema.parse(values[0]) : null;
  return page === null ? { kind: "malformed" } : { kind: "number", page };
}

/** Pages needed for `totalItems`; an empty result is still one page (the one that says "nothing found"). */
export function pageCount(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

/**
 * Which page to show, or which page to redirect to instead.
 *
 * One rule for every paginated screen: a URL that does not name an existing page the canonical way is
 * redirected to the nearest page that exists. Malformed values go to page 1; numbers past the end go to the
 * last page (a link saved when there were more results, or typed by hand, still lands on results rather than
 * on a 404); "?page=1" goes to the URL without `page`, so that each page has exactly one address.
 */
export function resolvePage(request: PageRequest, totalPages: number): { page: number } | { redirectToPage: number } {
  if (request.kind === "first") return { page: 1 };
  if (request.kind === "malformed") return { redirectToPage: 1 };
  if (request.page > totalPages) return { redirectToPage: totalPages };
  if (request.page === 1) return { redirectToPage: 1 };
  return { page: request.page };
}

/** The zero-based offset of a page's first item. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * The same path and query with `page` set (or removed for page 1), keeping every other parameter and its
 * order: sort, filters and search survive paging.
 */
export function pageHref(pathname: string, searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  next.delete(PAGE_PARAM);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** What the pagination control shows; hrefs are null where there is no such page. */
export interface PaginationLinks {
  page: number;
  totalPages: number;
  previousHref: string | null;
  nextHref: string | null;
}

export function paginationLinks(
  pathname: string,
  searchParams: URLSearchParams,
  page: number,
  totalPages: number,
): PaginationLinks {
  return {
    page,
    totalPages,
    previousHref: page > 1 ? pageHref(pathname, searchParams, page - 1) : null,
    nextHref: page < totalPages ? pageHref(pathname, searchParams, page + 1) : null,
  };
}

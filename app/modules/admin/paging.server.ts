import { redirect } from "@remix-run/node";

import {
  pageCount,
  pageHref,
  pageOffset,
  paginationLinks,
  parsePageRequest,
  resolvePage,
  type PaginationLinks,
} from "~/modules/pagination";

// The database's offsets are 32-bit: an absurd page number asks past every row, and is then sent to the last page.
const MAX_OFFSET = 2_000_000_000;

/**
 * One page of a back-office list, with the shop's one paging rule (modules/pagination.ts): a page number that names
 * no page the canonical way is redirected to the nearest page that exists.
 */
export async function loadPage<Result extends { totalCount: number }>(
  url: URL,
  pageSize: number,
  load: (window: { limit: number; offset: number }) => Promise<Result>,
): Promise<{ result: Result; pagination: PaginationLinks }> {
  const request = parsePageRequest(url.searchParams);
  const requested = request.kind === "number" ? request.page : 1;
  const result = await load({ limit: pageSize, offset: Math.min(pageOffset(requested, pageSize), MAX_OFFSET) });
  const resolved = resolvePage(request, pageCount(result.totalCount, pageSize));
  if ("redirectToPage" in resolved) throw redirect(pageHref(url.pathname, url.searchParams, resolved.redirectToPage));
  return {
    result,
    pagination: paginationLinks(url.pathname, url.searchParams, resolved.page, pageCount(result.totalCount, pageSize)),
  };
}

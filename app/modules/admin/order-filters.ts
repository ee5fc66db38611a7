// The back office's order list: the filter a URL asks for, read the same by the page and its CSV export.

import type { OrderFilter } from "~/backend/ports/staff";
import { isOrderStatus } from "~/modules/orders/lifecycle";

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 200;

/** `?status=` (one of the statuses, else every order) and `?q=` (trimmed, cut to SEARCH_MAX_LENGTH). */
export function parseOrderFilter(searchParams: URLSearchParams): OrderFilter {
  const status = searchParams.get("status");
  return {
    status: isOrderStatus(status) ? status : null,
    search: (searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

/** The filter as query parameters (empty ones left out), for links: the export, the list's pages. */
export function filterQuery(filter: OrderFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.search) params.set("q", filter.search);
  const query = params.toString();
  return query ? `?${query}` : "";
}

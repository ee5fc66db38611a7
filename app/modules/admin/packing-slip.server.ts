// Packing slips (issue 40): which orders a slip page prints, read from its URL. The page itself is
// packing-slip-page.server.tsx.
import { isUuid } from "~/backend/input.server";

/** The most orders one slip page prints: a day's packing, and at most this many reads of the database. */
export const MAX_PACKING_SLIPS = 100;

/**
 * The order ids of `/admin/orders/packing-slips?ids=…`: repeated (`ids=a&ids=b`, as the orders list's checkboxes send
 * them) or comma-separated (`ids=a,b`), in the order given, each once. An empty selection is a page of its own (nothing
 * to print); a malformed id or too many is a refusal that says which.
 */
export function parsePackingSlipIds(
  params: URLSearchParams,
): { kind: "ids"; ids: string[] } | { kind: "none" } | { kind: "invalid"; message: string } {
  const given = params
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  if (given.length === 0) return { kind: "none" };
  const bad = given.find((id): boolean => !isUuid(id));
  if (bad !== undefined) {
    const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
    return { kind: "invalid", message: `"${shown}" is not an order id, so no packing slip was made.` };
  }
  const ids = [...new Set(given)];
  if (ids.length > MAX_PACKING_SLIPS) {
    return {
      kind: "invalid",
      message: `One page prints at most ${MAX_PACKING_SLIPS} packing slips; ${ids.length} orders were chosen.`,
    };
  }
  return { kind: "ids", ids };
}

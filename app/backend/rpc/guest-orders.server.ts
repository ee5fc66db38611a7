import { isUuid } from "~/backend/input.server";
import type { GuestOrdersPort } from "~/backend/ports/guest-orders";
import { toBrowserOrder, toGuestOrder, type BrowserOrderRow, type GuestOrderRow } from "~/backend/rows.server";
import type { RpcCall } from "./rpc-call";

const linkTokenPattern = /^[0-9a-f]{64}$/;

/**
 * The guest's order page (public.guest_order) and the placing browser's link to its order (public.browser_order,
 * decision 0034): a malformed token or id is answered without asking the database.
 */
export function createGuestOrdersPort(call: RpcCall): GuestOrdersPort {
  return {
    async get({ token }) {
      if (typeof token !== "string" || !linkTokenPattern.test(token)) return null;
      const row = (await call("guest_order", { p_token: [token, "text"] })) as GuestOrderRow | null;
      return row ? toGuestOrder(row) : null;
    },
    async issueBrowserLink({ orderId, idempotencyKey }) {
      if (!isUuid(orderId)) return null;
      const token = await call("issue_order_browser_link", {
        p_order_id: [orderId, "uuid"],
        p_idempotency_key: [idempotencyKey, "text"],
      });
      return typeof token === "string" ? token : null;
    },
    async getForBrowser({ orderId, token }) {
      if (!isUuid(orderId) || !linkTokenPattern.test(token)) return null;
      const row = (await call("browser_order", {
        p_order_id: [orderId, "uuid"],
        p_token: [token, "text"],
      })) as BrowserOrderRow | null;
      return row ? toBrowserOrder(row) : null;
    },
  };
}

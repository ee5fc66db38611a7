// The back office's port over the database functions both adapters call alike (public.staff_*, move_order,
// set_order_note, revoke_guest_link in supabase/migrations): one copy of the input checks, the arguments and the
// mapping of their JSON answers. The adapter supplies the call (SQL: a statement as the session's user; Supabase:
// PostgREST RPC with the session's token) and the session's user id.

import { MAX_STAFF_PAGE_SIZE } from "~/backend/constants";
import { BackendError } from "~/backend/errors";
import { isUuid, requirePageWindow } from "~/backend/input.server";
import type { OrderStatus } from "~/backend/ports/orders";
import type { OrderFilter, StaffPort } from "~/backend/ports/staff";
import {
  toOrder,
  toOrderPayment,
  toSubscriber,
  type OrderPaymentRow,
  type OrderRow,
  type SubscriberRow,
} from "~/backend/rows.server";
import {
  toStaffOrder,
  toStaffOrderExport,
  toStaffOrderSummary,
  toStaffOverview,
  type StaffOrderExportRow,
  type StaffOrderRow,
  type StaffOrderSummaryRow,
  type StaffOverviewRow,
} from "~/backend/staff-rows.server";
import { isOrderStatus } from "~/modules/orders/lifecycle";
import { toStaffRefund, type StaffRefundRow } from "./refunds.server";
import type { RpcArgument, RpcCall } from "./rpc-call";

// Small enough that one page is a few milliseconds of the embedded database's (the event loop's) time.
export const EXPORT_BATCH = 100;
const MAX_SEARCH_LENGTH = 200;

/**
 * Times one page of an export, then rests twice as long as it took before the next: an export takes at most about a
 * third of the event loop's time (the embedded database runs on it, decision 0035), and a shopper's request, whose
 * every step through I/O (compression, the socket) waits for the event loop, is served in the rest.
 */
export async function pacedPage<T>(read: () => Promise<T>): Promise<{ page: T; rest: () => Promise<void> }> {
  const started = performance.now();
  const page = await read();
  const took = performance.now() - started;
  return { page, rest: () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, 2 * took))) };
}

function requireFilter({ status, search }: OrderFilter) {
  if (status !== null && !isOrderStatus(status)) throw new BackendError("invalid_input", "Unknown order status.");
  const text = typeof search === "string" ? search.trim() : "";
  if (text.length > MAX_SEARCH_LENGTH) {
    throw new BackendError("invalid_input", `The search can have at most ${MAX_SEARCH_LENGTH} characters.`);
  }
  return { p_status: [status, "text"] as RpcArgument, p_search: [text, "text"] as RpcArgument };
}

/**
 * `call` runs as the session's user (`sessionUserId`); the database refuses every staff function to anyone
 * who is not staff (42501, "not_authorized"), whatever the app asks.
 */
export function createStaffPort(call: RpcCall, sessionUserId: () => Promise<string | null>): StaffPort {
  const staffCall: RpcCall = async (name, args) => {
    if ((await sessionUserId()) === null) throw new BackendError("not_authenticated", "Please sign in first.");
    return call(name, args);
  };

  async function listPage(filter: OrderFilter, window: { limit: number; offset: number }) {
    const { limit, offset } = requirePageWindow(window, MAX_STAFF_PAGE_SIZE);
    const result = (await staffCall("staff_list_orders", {
      ...requireFilter(filter),
      p_limit: [limit, "integer"],
      p_offset: [offset, "integer"],
    })) as { total: number; orders: StaffOrderSummaryRow[] };
    return { orders: result.orders.map(toStaffOrderSummary), totalCount: Number(result.total) };
  }

  async function listSubscribers(window: { limit: number; offset: number }) {
    const { limit, offset } = requirePageWindow(window, MAX_STAFF_PAGE_SIZE);
    const result = (await staffCall("staff_list_subscribers", {
      p_limit: [limit, "integer"],
      p_offset: [offset, "integer"],
    })) as {
      total: number;
      subscribers: SubscriberRow[];
    };
    return { subscribers: result.subscribers.map(toSubscriber), totalCount: Number(result.total) };
  }

  return {
    async isStaff() {
      if ((await sessionUserId()) === null) return false;
      return (await call("is_staff", {})) === true;
    },

    async listOrders({ limit, offset, ...filter }) {
      return listPage(filter, { limit, offset });
    },

    async *exportOrders(filter) {
      const filterArguments = requireFilter(filter);
      // A cursor (the last row's time and id), not an offset: an order placed during the export shifts nothing.
      let after: { created_at: string; id: string } | undefined;
      for (;;) {
        const { page, rest } = await pacedPage(
          async () =>
            (await staffCall("staff_export_orders", {
              ...filterArguments,
              p_limit: [EXPORT_BATCH, "integer"],
              p_before_created_at: [after?.created_at ?? null, "timestamptz"],
              p_before_id: [after?.id ?? null, "uuid"],
            })) as { orders: StaffOrderExportRow[] },
        );
        yield* page.orders.map(toStaffOrderExport);
        // The database's own time text (microseconds), not the millisecond ISO string: a cursor must not skip rows.
        after = page.orders.at(-1);
        if (!after || page.orders.length < EXPORT_BATCH) return;
        await rest();
      }
    },

    async getOrder({ orderId }) {
      if (!isUuid(orderId)) return null;
      const row = (await staffCall("staff_get_order", { p_order_id: [orderId, "uuid"] })) as StaffOrderRow | null;
      return row ? toStaffOrder(row) : null;
    },

    async overview({ timeZone }) {
      const row = (await staffCall("staff_overview", {
        p_time_zone: [timeZone, "text"],
        p_newest: [5, "integer"],
      })) as StaffOverviewRow;
      return toStaffOverview(row);
    },

    ...orderChanges(staffCall),

    async orderPayment({ orderId }) {
      if (!isUuid(orderId)) return null;
      const row = (await staffCall("staff_order_payment", { p_order_id: [orderId, "uuid"] })) as
        (OrderPaymentRow & { status: string; refunds: StaffRefundRow[] }) | null;
      return row
        ? { status: row.status as OrderStatus, payment: toOrderPayment(row), refunds: row.refunds.map(toStaffRefund) }
        : null;
    },

    listSubscribers,

    async *exportSubscribers() {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { page, rest } = await pacedPage(() => listSubscribers({ limit: EXPORT_BATCH, offset }));
        yield* page.subscribers;
        if (page.subscribers.length < EXPORT_BATCH) return;
        await rest();
      }
    },
  };
}

/** What staff change on an order, each as one database function (its timeline entry and e-mail with it). */
function orderChanges(
  staffCall: RpcCall,
): Pick<StaffPort, "moveOrder" | "refundOrder" | "closePaymentSession" | "setNote" | "revokeGuestLink"> {
  return {
    async moveOrder({ orderId, expectedStatus, newStatus, note, carrier, trackingNumber }) {
      if (!isUuid(orderId)) throw new BackendError("not_found", "Order not found.");
      if (!isOrderStatus(expectedStatus) || !isOrderStatus(newStatus)) {
        throw new BackendError("move_not_allowed", "That status change is not allowed.");
      }
      const details: Record<string, string> = {};
      if (carrier !== undefined) details.carrier = String(carrier);
      if (trackingNumber !== undefined) details.tracking_number = String(trackingNumber);
      const row = (await staffCall("move_order", {
        p_order_id: [orderId, "uuid"],
        p_expected_status: [expectedStatus, "text"],
        p_new_status: [newStatus, "text"],
        p_note: [note ?? null, "text"],
        p_details: [details, "jsonb"],
      })) as OrderRow;
      return toOrder(row);
    },

    async refundOrder({ orderId, reason, lines, shipping, amount }) {
      if (!isUuid(orderId)) throw new BackendError("not_found", "Order not found.");
      if (!lines.every((line) => isUuid(line.itemId) && Number.isInteger(line.quantity))) {
        throw new BackendError("invalid_input", "That line is not part of this order.");
      }
      if (amount !== null && !Number.isSafeInteger(amount))
        throw new BackendError("invalid_input", "Enter the amount in cents.");
      const row = (await staffCall("staff_refund_order", {
        p_order_id: [orderId, "uuid"],
        p_reason: [String(reason), "text"],
        p_lines: [lines.map((line) => ({ item_id: line.itemId, quantity: line.quantity })), "jsonb"],
        p_shipping: [shipping, "boolean"],
        p_amount: [amount, "integer"],
      })) as {
        id: string;
        amount: number;
        state: "pending" | "succeeded";
        provider: "stripe" | "manual";
        refunded_amount: number;
        left: number;
      };
      return {
        id: row.id,
        amount: Number(row.amount),
        state: row.state,
        provider: row.provider,
        refundedAmount: Number(row.refunded_amount),
        left: Number(row.left),
      };
    },

    async closePaymentSession({ orderId }) {
      if (!isUuid(orderId)) return false;
      return (await staffCall("staff_close_payment_session", { p_order_id: [orderId, "uuid"] })) === true;
    },

    async setNote({ orderId, note }) {
      if (!isUuid(orderId)) throw new BackendError("not_found", "Order not found.");
      await staffCall("set_order_note", { p_order_id: [orderId, "uuid"], p_note: [String(note ?? ""), "text"] });
    },

    async revokeGuestLink({ orderId }) {
      if (!isUuid(orderId)) throw new BackendError("not_found", "Order not found.");
      return (await staffCall("revoke_guest_link", { p_order_id: [orderId, "uuid"] })) === true;
    },
  };
}

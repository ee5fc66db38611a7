// The back office's customers over the database functions both adapters call alike (staff_list_customers,
// staff_get_customer, staff_set_customer_note in supabase/migrations/20261204000600_customers.sql).
import { MAX_STAFF_PAGE_SIZE } from "~/backend/constants";
import { BackendError } from "~/backend/errors";
import { requirePageWindow } from "~/backend/input.server";
import type { StaffCustomer, StaffCustomersPort } from "~/backend/ports/customers";
import { toIsoString } from "~/backend/rows.server";
import { toStaffOrderSummary, type StaffOrderSummaryRow } from "~/backend/staff-rows.server";
import type { RpcCall } from "./rpc-call";

const MAX_SEARCH_LENGTH = 200;
const keyPattern = /^[0-9a-f]{32}$/;

interface CustomerRow {
  customer_key: string;
  email: string;
  name: string | null;
  user_id: string | null;
  signed_up_at: string | null;
  order_count: number;
  total_spent: number | string;
  last_order_at: string | null;
}

function toCustomer(row: CustomerRow): StaffCustomer {
  return {
    key: row.customer_key,
    email: row.email,
    name: row.name ?? "",
    userId: row.user_id,
    signedUpAt: row.signed_up_at ? toIsoString(row.signed_up_at) : null,
    orderCount: Number(row.order_count),
    totalSpent: Number(row.total_spent),
    lastOrderAt: row.last_order_at ? toIsoString(row.last_order_at) : null,
  };
}

export function createStaffCustomersPort(staffCall: RpcCall): StaffCustomersPort {
  return {
    async listCustomers({ search, ...window }) {
      const { limit, offset } = requirePageWindow(window, MAX_STAFF_PAGE_SIZE);
      const text = typeof search === "string" ? search.trim() : "";
      if (text.length > MAX_SEARCH_LENGTH) {
        throw new BackendError("invalid_input", `The search can have at most ${MAX_SEARCH_LENGTH} characters.`);
      }
      const result = (await staffCall("staff_list_customers", {
        p_search: [text, "text"],
        p_limit: [limit, "integer"],
        p_offset: [offset, "integer"],
      })) as { total: number; customers: CustomerRow[] };
      return { customers: result.customers.map(toCustomer), totalCount: Number(result.total) };
    },

    async getCustomer({ key }) {
      if (!keyPattern.test(key)) return null;
      const row = (await staffCall("staff_get_customer", { p_key: [key, "text"] })) as
        (CustomerRow & { note: string | null; note_version: number; orders: StaffOrderSummaryRow[] }) | null;
      if (!row) return null;
      return {
        ...toCustomer(row),
        note: row.note,
        noteVersion: Number(row.note_version),
        orders: row.orders.map(toStaffOrderSummary),
      };
    },

    async setCustomerNote({ key, expectedVersion, note }) {
      if (!keyPattern.test(key)) throw new BackendError("not_found", "Customer not found.");
      if (!Number.isInteger(expectedVersion) || expectedVersion < 0) {
        throw new BackendError("note_changed", "The note's form is out of date. Here it is as it is now.");
      }
      return Number(
        await staffCall("staff_set_customer_note", {
          p_key: [key, "text"],
          p_expected_version: [expectedVersion, "integer"],
          p_note: [String(note ?? ""), "text"],
        }),
      );
    },
  };
}

// Returns and exchanges over the database functions both adapters call alike (request_return, order_return_requests,
// move_return_request, staff_return_requests in supabase/migrations/20261209000100_return_requests.sql; the labels'
// attach_return_label and return_label in 20261210000100_return_labels.sql).
import { MAX_STAFF_PAGE_SIZE, RETURN_LABEL_MAX_BYTES } from "~/backend/constants";
import { BackendError } from "~/backend/errors";
import { isUuid, requirePageWindow } from "~/backend/input.server";
import type {
  OrderReturns,
  ReturnRequest,
  ReturnsPort,
  StaffReturnRequest,
  StaffReturnsPort,
} from "~/backend/ports/returns";
import { toIsoString } from "~/backend/rows.server";
import { isReturnState, type OrderStatus, type ReturnKind, type ReturnState } from "~/modules/orders/lifecycle";
import type { RpcCall } from "./rpc-call";

const proofPattern = /^[0-9a-f]{64}$/;
const MAX_REASON_LENGTH = 500;

interface ReturnRequestRow {
  id: string;
  order_id: string;
  kind: ReturnKind;
  state: ReturnState;
  reason: string;
  requested_by: "member" | "guest";
  staff_note: string | null;
  tracking_number: string | null;
  has_label: boolean;
  created_at: string;
  updated_at: string;
  refund_amount: number | null;
  exchange_order: { id: string; status: OrderStatus; carrier: string | null; tracking_number: string | null } | null;
  lines: {
    item_id: string;
    quantity: number;
    product_name: string;
    variant_label: string | null;
    sku: string | null;
    exchange_variant_id: string | null;
    exchange_label: string | null;
    restocked: boolean | null;
  }[];
}

function toReturnRequest(row: ReturnRequestRow): ReturnRequest {
  return {
    id: row.id,
    orderId: row.order_id,
    kind: row.kind,
    state: row.state,
    reason: row.reason,
    requestedBy: row.requested_by,
    staffNote: row.staff_note,
    trackingNumber: row.tracking_number,
    hasLabel: row.has_label === true,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    refundAmount: row.refund_amount == null ? null : Number(row.refund_amount),
    exchangeOrder: row.exchange_order
      ? {
          id: row.exchange_order.id,
          status: row.exchange_order.status,
          carrier: row.exchange_order.carrier,
          trackingNumber: row.exchange_order.tracking_number,
        }
      : null,
    lines: row.lines.map((line) => ({
      itemId: line.item_id,
      quantity: Number(line.quantity),
      productName: line.product_name,
      variantLabel: line.variant_label,
      sku: line.sku,
      exchangeVariantId: line.exchange_variant_id,
      exchangeLabel: line.exchange_label,
      restocked: line.restocked,
    })),
  };
}

interface OrderReturnsRow {
  order_id: string;
  status: OrderStatus;
  currency: string;
  delivered_at: string | null;
  items: {
    id: string;
    product_id: string;
    variant_id: string;
    product_name: string;
    variant_label: string | null;
    quantity: number;
    exchange_options: { id: string; label: string; in_stock: boolean }[];
  }[];
  requests: ReturnRequestRow[];
}

function toOrderReturns(row: OrderReturnsRow | null): OrderReturns | null {
  if (!row) return null;
  return {
    orderId: row.order_id,
    status: row.status,
    currency: row.currency,
    items: row.items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      variantId: item.variant_id,
      productName: item.product_name,
      variantLabel: item.variant_label,
      quantity: Number(item.quantity),
      exchangeOptions: item.exchange_options.map((option) => ({
        id: option.id,
        label: option.label,
        inStock: option.in_stock,
      })),
    })),
    deliveredAt: row.delivered_at ? toIsoString(row.delivered_at) : null,
    requests: row.requests.map(toReturnRequest),
  };
}

/** A shopper's returns: `call` runs as the request's session (a member) or anon (a guest, with the proof). */
export function createReturnsPort(call: RpcCall): ReturnsPort {
  const proofOf = (proof: string | null | undefined) =>
    typeof proof === "string" && proofPattern.test(proof) ? proof : null;
  return {
    async forOrder({ orderId, proof }) {
      if (!isUuid(orderId)) return null;
      return toOrderReturns(
        (await call("order_return_requests", {
          p_order_id: [orderId, "uuid"],
          p_proof: [proofOf(proof), "text"],
        })) as OrderReturnsRow | null,
      );
    },

    async request({ orderId, proof, kind, lines, reason }) {
      if (!isUuid(orderId)) throw new BackendError("not_found", "Order not found.");
      if (kind !== "return" && kind !== "exchange") {
        throw new BackendError("invalid_input", "Choose a return or an exchange.");
      }
      if (!lines.every((line) => isUuid(line.itemId) && Number.isInteger(line.quantity))) {
        throw new BackendError("invalid_input", "That line is not part of this order.");
      }
      if (typeof reason !== "string" || reason.trim().length === 0 || reason.length > MAX_REASON_LENGTH) {
        throw new BackendError("invalid_input", `Tell us why (up to ${MAX_REASON_LENGTH} characters).`);
      }
      const row = (await call("request_return", {
        p_order_id: [orderId, "uuid"],
        p_proof: [proofOf(proof), "text"],
        p_kind: [kind, "text"],
        p_lines: [
          lines.map((line) => ({ item_id: line.itemId, quantity: line.quantity, variant_id: line.variantId ?? null })),
          "jsonb",
        ],
        p_reason: [reason, "text"],
      })) as ReturnRequestRow;
      return toReturnRequest(row);
    },

    async label({ requestId, proof }) {
      if (!isUuid(requestId)) return null;
      return bytesOf(
        await call("return_label", { p_request_id: [requestId, "uuid"], p_proof: [proofOf(proof), "text"] }),
      );
    },
  };
}

/** A label as the database functions pass it: base64 text, the same through SQL and PostgREST's JSON. */
const bytesOf = (data: unknown) => (typeof data === "string" ? new Uint8Array(Buffer.from(data, "base64")) : null);

export function createStaffReturnsPort(staffCall: RpcCall): StaffReturnsPort {
  return {
    async list({ state, ...window }) {
      const { limit, offset } = requirePageWindow(window, MAX_STAFF_PAGE_SIZE);
      if (state !== null && !isReturnState(state)) throw new BackendError("invalid_input", "Unknown state.");
      const result = (await staffCall("staff_return_requests", {
        p_state: [state, "text"],
        p_limit: [limit, "integer"],
        p_offset: [offset, "integer"],
      })) as { total: number; requests: (ReturnRequestRow & { email: string; name: string; currency: string })[] };
      return {
        totalCount: Number(result.total),
        requests: result.requests.map((row): StaffReturnRequest => ({
          ...toReturnRequest(row),
          email: row.email,
          name: row.name,
          currency: row.currency,
        })),
      };
    },

    async forOrder({ orderId }) {
      if (!isUuid(orderId)) return null;
      return toOrderReturns(
        (await staffCall("order_return_requests", {
          p_order_id: [orderId, "uuid"],
          p_proof: [null, "text"],
        })) as OrderReturnsRow | null,
      );
    },

    async move({ requestId, expectedState, newState, note, trackingNumber, restock = [], shipping = false }) {
      if (!isUuid(requestId)) throw new BackendError("not_found", "Return request not found.");
      if (!isReturnState(expectedState) || !isReturnState(newState)) {
        throw new BackendError("move_not_allowed", "That change is not allowed.");
      }
      if (!restock.every(isUuid)) throw new BackendError("invalid_input", "That line is not part of this request.");
      const row = (await staffCall("move_return_request", {
        p_request_id: [requestId, "uuid"],
        p_expected_state: [expectedState, "text"],
        p_to_state: [newState, "text"],
        p_note: [note ?? null, "text"],
        p_tracking_number: [trackingNumber ?? null, "text"],
        p_lines: [restock.map((itemId) => ({ item_id: itemId, restock: true })), "jsonb"],
        p_shipping: [shipping, "boolean"],
      })) as ReturnRequestRow;
      return toReturnRequest(row);
    },

    async attachLabel({ requestId, expectedState, pdf }) {
      if (!isUuid(requestId)) throw new BackendError("not_found", "Return request not found.");
      if (!isReturnState(expectedState)) throw new BackendError("move_not_allowed", "That change is not allowed.");
      if (pdf.byteLength > RETURN_LABEL_MAX_BYTES) {
        throw new BackendError("invalid_input", "The label can be at most 1 MB.");
      }
      const row = (await staffCall("attach_return_label", {
        p_request_id: [requestId, "uuid"],
        p_expected_state: [expectedState, "text"],
        p_pdf_base64: [Buffer.from(pdf).toString("base64"), "text"],
      })) as ReturnRequestRow;
      return toReturnRequest(row);
    },
  };
}

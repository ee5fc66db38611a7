// Discount codes over the database functions every adapter calls alike (discount_code_state, staff_discount_codes,
// staff_discount_code, staff_save_discount_code, staff_set_discount_status, staff_welcome_offer,
// staff_save_welcome_offer in supabase/migrations/20261205000100_discount_codes.sql).
import { BackendError } from "~/backend/errors";
import { isUuid, requirePageWindow } from "~/backend/input.server";
import type {
  DiscountCodesPort,
  DiscountCodeState,
  DiscountSource,
  StaffDiscountCode,
  StaffDiscountsPort,
  WelcomeOffer,
} from "~/backend/ports/discounts";
import type { OrderStatus } from "~/backend/ports/orders";
import { toIsoString } from "~/backend/rows.server";
import { CODE_MAX_LENGTH, type DiscountKind, type DiscountRule, type DiscountStatus } from "~/modules/discounts/rules";
import type { RpcCall } from "./rpc-call";

const MAX_SEARCH_LENGTH = 200;
/** staff_discount_codes answers at most this many codes a page. */
const MAX_CODES_PAGE_SIZE = 200;

interface DiscountCodeRow {
  id: string;
  code: string;
  kind: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  minimum_subtotal_cents: number;
  starts_on: string | null;
  ends_on: string | null;
  time_zone: string;
  usage_limit: number | null;
  times_used: number;
  once_per_customer: boolean;
  categories: string[];
  product_ids: string[];
  variant_ids: string[];
  status: string;
  source: string;
  welcome_email: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  updated_by_label: string | null;
}

const count = (value: number | string | null) => (value === null ? null : Number(value));
/** A date column as YYYY-MM-DD, whichever way the driver answered it. */
const day = (value: string | null) => (value === null ? null : String(value).slice(0, 10));

function toRule(row: DiscountCodeRow): DiscountRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as DiscountKind,
    percentOff: count(row.percent_off),
    amountOffCents: count(row.amount_off_cents),
    minimumSubtotalCents: Number(row.minimum_subtotal_cents),
    startsOn: day(row.starts_on),
    endsOn: day(row.ends_on),
    timeZone: row.time_zone,
    usageLimit: count(row.usage_limit),
    timesUsed: Number(row.times_used),
    oncePerCustomer: row.once_per_customer,
    categories: row.categories,
    productIds: row.product_ids,
    variantIds: row.variant_ids,
    status: row.status as DiscountStatus,
  };
}

function toStaffCode(row: DiscountCodeRow & { given_cents: number | string }): StaffDiscountCode {
  return {
    ...toRule(row),
    source: row.source as DiscountSource,
    welcomeEmail: row.welcome_email,
    version: Number(row.version),
    givenCents: Number(row.given_cents),
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    updatedBy: row.updated_by_label,
  };
}

/** The shop's lookup, over a call as the database owner (SQL) or the service role (Supabase). */
export function createDiscountCodesPort(ownerCall: RpcCall): DiscountCodesPort {
  return {
    async find({ code, id, email, userId }) {
      if (id !== undefined && !isUuid(id)) return null;
      if (id === undefined && (typeof code !== "string" || code.trim() === "" || code.length > CODE_MAX_LENGTH + 20))
        return null;
      const row = (await ownerCall("discount_code_state", {
        p_code: [id === undefined ? code!.trim() : null, "text"],
        p_id: [id ?? null, "uuid"],
        p_email: [email, "text"],
        p_user_id: [userId && isUuid(userId) ? userId : null, "uuid"],
      })) as (DiscountCodeRow & { used_by_customer: boolean }) | null;
      if (!row) return null;
      return { ...toRule(row), usedByCustomer: row.used_by_customer } satisfies DiscountCodeState;
    },
  };
}

interface WelcomeOfferRow {
  enabled: boolean;
  kind: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  valid_days: number;
  time_zone: string;
  version: number;
  updated_at: string;
  updated_by_label: string | null;
  issued: number | string;
  used: number | string;
}

function toWelcomeOffer(row: WelcomeOfferRow): WelcomeOffer {
  return {
    enabled: row.enabled,
    kind: row.kind === "amount" ? "amount" : "percent",
    percentOff: count(row.percent_off),
    amountOffCents: count(row.amount_off_cents),
    validDays: Number(row.valid_days),
    timeZone: row.time_zone,
    version: Number(row.version),
    updatedAt: toIsoString(row.updated_at),
    updatedBy: row.updated_by_label,
    issued: Number(row.issued),
    used: Number(row.used),
  };
}

/** The back office's codes, as the session's user (the database refuses anyone but staff). */
export function createStaffDiscountsPort(staffCall: RpcCall): StaffDiscountsPort {
  return {
    async listCodes({ source, search, ...window }) {
      const { limit, offset } = requirePageWindow(window, MAX_CODES_PAGE_SIZE);
      const text = typeof search === "string" ? search.trim() : "";
      if (text.length > MAX_SEARCH_LENGTH) {
        throw new BackendError("invalid_input", `The search can have at most ${MAX_SEARCH_LENGTH} characters.`);
      }
      const result = (await staffCall("staff_discount_codes", {
        p_source: [source, "text"],
        p_search: [text, "text"],
        p_limit: [limit, "integer"],
        p_offset: [offset, "integer"],
      })) as { total: number | string; codes: Array<DiscountCodeRow & { given_cents: number | string }> };
      return { codes: result.codes.map(toStaffCode), totalCount: Number(result.total) };
    },

    async getCode({ id }) {
      if (!isUuid(id)) return null;
      const row = (await staffCall("staff_discount_code", { p_id: [id, "uuid"] })) as
        | (DiscountCodeRow & {
            given_cents: number | string;
            uses: Array<{
              order_id: string;
              email: string;
              member: boolean;
              status: string;
              amount: number;
              total_amount: number;
              created_at: string;
              released_at: string | null;
            }>;
          })
        | null;
      if (!row) return null;
      return {
        ...toStaffCode(row),
        uses: row.uses.map((use) => ({
          orderId: use.order_id,
          email: use.email,
          member: use.member,
          status: use.status as OrderStatus,
          amountCents: Number(use.amount),
          totalAmountCents: Number(use.total_amount),
          usedAt: toIsoString(use.created_at),
          releasedAt: use.released_at ? toIsoString(use.released_at) : null,
        })),
      };
    },

    async saveCode({ id, code, expectedVersion }) {
      if (id !== null && !isUuid(id)) throw new BackendError("not_found", "Discount code not found.");
      const saved = (await staffCall("staff_save_discount_code", {
        p_id: [id, "uuid"],
        p_code: [
          {
            code: code.code,
            kind: code.kind,
            percent_off: code.percentOff,
            amount_off_cents: code.amountOffCents,
            minimum_subtotal_cents: code.minimumSubtotalCents,
            starts_on: code.startsOn,
            ends_on: code.endsOn,
            time_zone: code.timeZone,
            usage_limit: code.usageLimit,
            once_per_customer: code.oncePerCustomer,
            categories: code.categories,
            product_ids: code.productIds,
            variant_ids: code.variantIds,
          },
          "jsonb",
        ],
        p_expected_version: [expectedVersion, "integer"],
      })) as { id: string; version: number };
      return { id: saved.id, version: Number(saved.version) };
    },

    async setStatus({ id, status, expectedVersion }) {
      if (!isUuid(id)) throw new BackendError("not_found", "Discount code not found.");
      const saved = (await staffCall("staff_set_discount_status", {
        p_id: [id, "uuid"],
        p_status: [status, "text"],
        p_expected_version: [expectedVersion, "integer"],
      })) as { version: number };
      return { version: Number(saved.version) };
    },

    welcomeOffer: async () => toWelcomeOffer((await staffCall("staff_welcome_offer", {})) as WelcomeOfferRow),

    async saveWelcomeOffer({ offer, expectedVersion }) {
      const saved = await staffCall("staff_save_welcome_offer", {
        p_offer: [
          {
            enabled: offer.enabled,
            kind: offer.kind,
            percent_off: offer.percentOff,
            amount_off_cents: offer.amountOffCents,
            valid_days: offer.validDays,
            time_zone: offer.timeZone,
          },
          "jsonb",
        ],
        p_expected_version: [expectedVersion, "integer"],
      });
      return toWelcomeOffer(saved as WelcomeOfferRow);
    },
  };
}

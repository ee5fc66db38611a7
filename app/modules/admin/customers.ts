// The back office's customers (issue 40, decision 0041): the list's search and rows, and the note's form.
import { z } from "zod";

import type { StaffCustomer } from "~/backend/ports/customers";
import { refusingControlCharacters } from "~/forms/form-text";
import { formatCents } from "~/modules/money";

export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMER_SEARCH_MAX_LENGTH = 200;
export const CUSTOMER_NOTE_MAX_LENGTH = 2000;
export const CUSTOMER_NOTE_INTENT = "customer-note";

/** The list's search (`?q=`), trimmed and cut to the most the database takes. */
export function parseCustomerSearch(searchParams: URLSearchParams): string {
  return (searchParams.get("q") ?? "").trim().slice(0, CUSTOMER_SEARCH_MAX_LENGTH);
}

export interface AdminCustomerRow {
  key: string;
  name: string;
  email: string;
  member: boolean;
  orderCount: number;
  totalSpent: string;
  lastOrder: string | null;
}

/** A list row, formatted on the server (`formatDate` in the shop's time zone). */
export function toAdminCustomerRow(customer: StaffCustomer, formatDate: (iso: string) => string): AdminCustomerRow {
  return {
    key: customer.key,
    name: customer.name || customer.email,
    email: customer.email,
    member: customer.userId !== null,
    orderCount: customer.orderCount,
    totalSpent: formatCents(customer.totalSpent),
    lastOrder: customer.lastOrderAt ? formatDate(customer.lastOrderAt) : null,
  };
}

/** The staff note: saved from the version the form showed (a save made meanwhile is not overwritten). */
export const CustomerNoteFormSchema = /* @__PURE__ */ refusingControlCharacters(
  z.object({
    note: z
      .string()
      .trim()
      .max(CUSTOMER_NOTE_MAX_LENGTH, `The note can have at most ${CUSTOMER_NOTE_MAX_LENGTH} characters.`)
      .optional()
      .transform((value) => value ?? ""),
    version: z.coerce.number({ message: "The form is out of date: reload the page." }).int().min(0),
  }),
);

// The back office's customers (issue 40, docs/decisions/0041-fulfilment-and-customers.md): everyone who signed up or
// ordered, one per e-mail address, so that a guest's orders and a member's with the same address are one customer's.
import type { StaffOrderSummary } from "./staff";

export interface StaffCustomer {
  /** Names the customer in URLs (md5 of the lower-case address: not the address itself). */
  key: string;
  email: string;
  /** The member's full name, else the newest order's name; may be blank. */
  name: string;
  /** Null for a guest (who never signed up). */
  userId: string | null;
  /** ISO 8601; null for a guest. */
  signedUpAt: string | null;
  orderCount: number;
  /** Cents, of the paid orders (paid, shipped, delivered). */
  totalSpent: number;
  /** ISO 8601; null when they never ordered. */
  lastOrderAt: string | null;
}

export interface StaffCustomerDetail extends StaffCustomer {
  note: string | null;
  /** The note's version (0: none yet), which a save names. */
  noteVersion: number;
  /** Newest first: their orders as a member and as a guest under the same address (at most 200). */
  orders: StaffOrderSummary[];
}

/** As the session's user: every call is refused (in the database too, "not_authorized") unless staff. */
export interface StaffCustomersPort {
  /** Newest customer activity first; `search` matches the e-mail or name, case-blind, anywhere (at most 200 chars). */
  listCustomers(input: {
    search: string;
    limit: number;
    offset: number;
  }): Promise<{ customers: StaffCustomer[]; totalCount: number }>;
  /** Null when the key names no customer (or is malformed). */
  getCustomer(input: { key: string }): Promise<StaffCustomerDetail | null>;
  /**
   * Saves (blank removes) the staff note if it is still at `expectedVersion`; returns the new version. Refused:
   * "note_changed" (saved by someone else meanwhile), "not_found", "invalid_input" (over 2000 characters).
   */
  setCustomerNote(input: { key: string; expectedVersion: number; note: string }): Promise<number>;
}

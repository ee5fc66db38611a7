// A member's saved addresses over the database functions both adapters call alike (member_addresses,
// save_member_address, set_default_member_address, remove_member_address in
// supabase/migrations/20261207000100_customer_accounts.sql), as the session's user: RLS decides whose they are.
import { BackendError } from "~/backend/errors";
import { isUuid } from "~/backend/input.server";
import type { AddressesPort, SavedAddress } from "~/backend/ports/addresses";
import type { RpcCall } from "./rpc-call";

interface AddressRow {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  is_default: boolean;
}

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country,
    isDefault: row.is_default,
  };
}

/** `callAs(userId)`: the RPC as that user, after the adapter's check that it is the session's. */
export function createAddressesPort(callAs: (userId: string) => Promise<RpcCall>): AddressesPort {
  return {
    async list({ userId }) {
      const rows = (await (await callAs(userId))("member_addresses", {})) as AddressRow[] | null;
      return (rows ?? []).map(toSavedAddress);
    },

    async save({ userId, id, address, makeDefault }) {
      const call = await callAs(userId);
      if (id !== null && !isUuid(id)) throw new BackendError("not_found", "Address not found.");
      const { firstName, lastName, phone, address: street, city, state, zipCode, country } = address;
      const row = (await call("save_member_address", {
        p_id: [id, "uuid"],
        p_address: [{ firstName, lastName, phone, address: street, city, state, zipCode, country }, "jsonb"],
        p_make_default: [makeDefault === true, "boolean"],
      })) as AddressRow;
      return toSavedAddress(row);
    },

    async setDefault({ userId, id }) {
      const call = await callAs(userId);
      if (!isUuid(id)) return false;
      return (await call("set_default_member_address", { p_id: [id, "uuid"] })) === true;
    },

    async remove({ userId, id }) {
      const call = await callAs(userId);
      if (!isUuid(id)) return false;
      return (await call("remove_member_address", { p_id: [id, "uuid"] })) === true;
    },
  };
}

// Accounts whose address was never confirmed (decision 0032). A pending account does not hold its address: whoever
// next signs up with it, signs in with Google on it, or opens its staff set-up link replaces it, password, name and
// links included, so that confirming an address never keeps a password the confirmer did not set. Pending accounts
// older than PENDING_ACCOUNT_DAYS are removed.
import type { SqlExecutor } from "./sql-database";

export const PENDING_ACCOUNT_DAYS = 7;

/**
 * In the caller's transaction, before it creates the account for `address`: removes the pending account with that
 * address (its sessions, links and profile go with it), and every pending account past its time.
 */
export async function releasePendingAddress(tx: SqlExecutor, address: string, now: Date): Promise<void> {
  const expired = new Date(now.getTime() - PENDING_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
  await tx.query("delete from auth.users where email_confirmed_at is null and (lower(email) = $1 or created_at < $2)", [
    address,
    expired,
  ]);
}

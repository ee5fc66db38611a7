// The staff set-up link on the SQL backends (decision 0032): the token start-up printed opens the listed address's
// account, and using it sets the password, ends every session, claims the staff place and signs this browser in, in
// one transaction.
import { toBackendError } from "~/backend/database-errors.server";
import { BackendError, invalidSetupLinkError } from "~/backend/errors";
import { requireStrongEnoughPassword } from "~/backend/input.server";
import type { AuthPort } from "~/backend/ports/auth";
import { hashPassword } from "./passwords.server";
import { releasePendingAddress } from "./pending-accounts.server";
import type { SqlExecutor } from "./sql-database";
import { storePassword, type PasswordAuthContext } from "./sql-password-auth.server";
import { toUser, userColumns, type RequestSession, type UserRow } from "./sql-sessions.server";

type StaffSetupMethods = Pick<AuthPort, "staffSetupAccount" | "completeStaffSetup">;

/** Refused before the database is asked: what a token printed by issue_staff_setup_tokens never looks like. */
const SETUP_TOKEN_SHAPE = /^[0-9a-f]{64}$/;

async function setupAccount(db: SqlExecutor, token: string) {
  if (typeof token !== "string" || !SETUP_TOKEN_SHAPE.test(token)) return null;
  const [row] = await db.query<{ account: { email: string; user_id: string | null } | null }>(
    "select public.staff_setup_account($1) as account",
    [token],
  );
  return row?.account ?? null;
}

export function staffSetupMethods(ctx: PasswordAuthContext, session: RequestSession): StaffSetupMethods {
  const { db, now } = ctx;
  return {
    async staffSetupAccount({ token }) {
      try {
        const account = await setupAccount(db, token);
        return account ? { email: account.email } : null;
      } catch (error) {
        throw toBackendError(error);
      }
    },

    async completeStaffSetup({ token, password }) {
      requireStrongEnoughPassword(password);
      try {
        // Checked before hashing, so that posts with made-up tokens cost no scrypt; checked again below, in the claim.
        if (!(await setupAccount(db, token))) throw invalidSetupLinkError();
        const passwordHash = await hashPassword(password, ctx.scryptCost);
        const result = await db.transaction(async (tx) => {
          const account = await setupAccount(tx, token);
          if (!account) throw invalidSetupLinkError();
          // The link proves the address: a pending account is replaced, and the account is confirmed.
          await releasePendingAddress(tx, account.email, now());
          const [row] = await tx.query<UserRow>(
            `insert into auth.users as u (email, encrypted_password, email_confirmed_at) values ($1, $2, $3)
             on conflict ((lower(email))) do update set encrypted_password = excluded.encrypted_password
             returning ${userColumns}`,
            [account.email, passwordHash, now()],
          );
          if (!row) throw new BackendError("unexpected", "Setting up the staff account returned nothing.");
          session.cache?.forgetUser({ id: row.id });
          // Whoever signed up with this address before (or knew its password) is signed out, and its links stop working.
          await storePassword(tx, row.id, passwordHash, "", now);
          await tx.query("update auth.email_link_tokens set used_at = $2 where user_id = $1 and used_at is null", [
            row.id,
            now(),
          ]);
          const [claim] = await tx.query<{ claimed: boolean }>("select public.claim_staff_place($1, $2) as claimed", [
            token,
            row.id,
          ]);
          if (claim?.claimed !== true) throw invalidSetupLinkError();
          return { user: toUser(row), token: await session.create(tx, row.id) };
        });
        session.cache?.forgetUser({ id: result.user.id });
        await session.begin(result.token, result.user);
        return result.user;
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}

// The staff set-up link on Supabase (decision 0032): the token start-up printed is checked and used through the
// service role's database functions, and the password set with Supabase Auth's admin API (which ends every session of
// the account, as GoTrue's UpdatePassword does); this browser then signs in with the new password.
import type { SupabaseClient } from "@supabase/supabase-js";

import { BackendError, invalidSetupLinkError } from "~/backend/errors";
import { requireStrongEnoughPassword } from "~/backend/input.server";
import type { AuthPort, AuthUser } from "~/backend/ports/auth";
import { postgrestRpc } from "./supabase-data.server";
import { fromAuthError } from "./supabase-errors.server";
import { toUser, type SupabaseSession } from "./supabase-session.server";

type StaffSetupMethods = Pick<AuthPort, "staffSetupAccount" | "completeStaffSetup">;

const SETUP_TOKEN_SHAPE = /^[0-9a-f]{64}$/;

export function staffSetupMethods(
  client: SupabaseClient,
  session: SupabaseSession,
  serviceClient: SupabaseClient | null,
): StaffSetupMethods {
  const rpc = serviceClient ? postgrestRpc(serviceClient) : null;

  async function setupAccount(token: string) {
    if (!rpc || typeof token !== "string" || !SETUP_TOKEN_SHAPE.test(token)) return null;
    return (await rpc("staff_setup_account", { p_token: [token, "text"] })) as {
      email: string;
      user_id: string | null;
    } | null;
  }

  /** Sets the password (creating the account, confirmed, when there is none): the link proves the address. */
  async function setPassword(
    admin: SupabaseClient,
    account: { email: string; user_id: string | null },
    password: string,
  ) {
    const { data, error } = account.user_id
      ? await admin.auth.admin.updateUserById(account.user_id, { password, email_confirm: true })
      : await admin.auth.admin.createUser({ email: account.email, password, email_confirm: true });
    if (error) throw fromAuthError(error);
    return data.user.id;
  }

  return {
    async staffSetupAccount({ token }) {
      const account = await setupAccount(token);
      return account ? { email: account.email } : null;
    },

    async completeStaffSetup({ token, password }): Promise<AuthUser> {
      requireStrongEnoughPassword(password);
      if (!serviceClient || !rpc) {
        throw new BackendError("not_supported", "Setting up staff on Supabase needs SUPABASE_SERVICE_ROLE_KEY.");
      }
      const account = await setupAccount(token);
      if (!account) throw invalidSetupLinkError();
      const userId = await setPassword(serviceClient, account, password);
      // Used here, once: a second post of the same link (or one racing it) is refused.
      if ((await rpc("claim_staff_place", { p_token: [token, "text"], p_user_id: [userId, "uuid"] })) !== true) {
        throw invalidSetupLinkError();
      }
      session.forget();
      const { data, error } = await client.auth.signInWithPassword({ email: account.email, password });
      if (error) throw fromAuthError(error);
      const signedIn = toUser(data.user);
      session.remember(signedIn);
      return signedIn;
    },
  };
}

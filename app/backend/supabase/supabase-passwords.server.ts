// The Supabase adapter's password auth: sign-up, sign-in, the recovery grant, and setting a new password.
import { isAuthSessionMissingError, type SupabaseClient } from "@supabase/supabase-js";

import { RECOVERY_GRANT_MINUTES } from "~/backend/constants";
import { BackendError, recoveryRequiredError } from "~/backend/errors";
import { cleanFullName, normaliseEmail } from "~/backend/input.server";
import type { AuthPort, AuthUser } from "~/backend/ports/auth";
import { createStatelessClient, type SupabaseProject } from "./supabase-clients.server";
import { fromAuthError } from "./supabase-errors.server";
import { openedByRecoveryWithin, toUser, type SupabaseSession } from "./supabase-session.server";

/** Whether `password` signs `email` in, without touching the request's session. */
export type PasswordCheck = (email: string, password: string) => Promise<boolean>;

type PasswordMethods = Pick<
  AuthPort,
  "signUp" | "signInWithPassword" | "hasRecoveryGrant" | "resetPassword" | "changePassword"
>;

/**
 * Asks Supabase with a client of its own that keeps nothing; the session that proves it is ended at once (scope
 * "local": only that one).
 */
export function createPasswordCheck(project: SupabaseProject): PasswordCheck {
  return async (email, password) => {
    const verifier = createStatelessClient(project);
    const { error } = await verifier.auth.signInWithPassword({ email, password });
    if (error) {
      if (error.code === "invalid_credentials" || error.status === 400) return false;
      throw fromAuthError(error);
    }
    await verifier.auth.signOut({ scope: "local" });
    return true;
  };
}

/**
 * After a password change Supabase Auth keeps this session and ends the others. A recovery link's session (its token
 * says "recovery") is replaced too, by one signed in with the new password: it must not keep setting passwords, nor
 * may a saved copy of its cookies (ended here, scope "local").
 */
async function startPasswordSession(
  client: SupabaseClient,
  session: SupabaseSession,
  email: string,
  password: string,
): Promise<AuthUser> {
  const ended = await client.auth.signOut({ scope: "local" });
  if (ended.error && !isAuthSessionMissingError(ended.error)) throw fromAuthError(ended.error);
  session.forget();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw fromAuthError(error);
  const signedIn = toUser(data.user);
  session.remember(signedIn);
  return signedIn;
}

export function passwordMethods(
  client: SupabaseClient,
  session: SupabaseSession,
  passwordMatches: PasswordCheck,
): PasswordMethods {
  async function hasRecoveryGrant(): Promise<boolean> {
    const current = await session.current();
    // getUser() asks Supabase Auth: the token is genuine and its session not ended (so its claims can be read).
    if (!current || !(await session.user())) return false;
    return openedByRecoveryWithin(current.access_token, RECOVERY_GRANT_MINUTES * 60, Date.now() / 1000);
  }

  async function signedInUser(): Promise<AuthUser> {
    const signedIn = await session.user();
    if (!signedIn) throw new BackendError("not_authenticated", "Please sign in first.");
    return signedIn;
  }

  return {
    async signUp({ email, password, fullName, emailRedirectTo }) {
      const name = fullName === undefined ? null : cleanFullName(fullName);
      const { data, error } = await client.auth.signUp({
        email: normaliseEmail(email),
        password,
        options: { emailRedirectTo, data: name ? { full_name: name } : {} },
      });
      if (error) throw fromAuthError(error);
      if (!data.user) throw new BackendError("unexpected", "Supabase returned no user for the sign-up.");
      session.forget();
      return { user: toUser(data.user), signedIn: data.session !== null };
    },

    async signInWithPassword({ email, password }) {
      const { data, error } = await client.auth.signInWithPassword({ email: normaliseEmail(email), password });
      if (error) throw fromAuthError(error);
      session.forget();
      const signedIn = toUser(data.user);
      session.remember(signedIn);
      return signedIn;
    },

    hasRecoveryGrant,

    async resetPassword({ password }) {
      const signedIn = await signedInUser();
      if (!(await hasRecoveryGrant())) throw recoveryRequiredError();
      const { error } = await client.auth.updateUser({ password });
      if (error) throw fromAuthError(error);
      return startPasswordSession(client, session, signedIn.email, password);
    },

    async changePassword({ currentPassword, password }) {
      const signedIn = await signedInUser();
      if (!(await passwordMatches(signedIn.email, String(currentPassword ?? "")))) {
        throw new BackendError("invalid_credentials", "Your current password is not correct.");
      }
      // A recovery link's session changing the password here must not keep its grant: it is replaced as after a reset.
      const recovering = await hasRecoveryGrant();
      // current_password too, for projects that make Supabase check it itself.
      const { data, error } = await client.auth.updateUser({ password, current_password: currentPassword });
      if (error) throw fromAuthError(error);
      if (recovering) return startPasswordSession(client, session, signedIn.email, password);
      const updated = toUser(data.user);
      session.remember(updated);
      return updated;
    },
  };
}

// The Supabase adapter's AuthPort for one request: Supabase Auth keeps the accounts, sessions and e-mailed links.
import { isAuthSessionMissingError, type SupabaseClient } from "@supabase/supabase-js";

import { BackendError } from "~/backend/errors";
import { normaliseEmail } from "~/backend/input.server";
import type { AuthPort } from "~/backend/ports/auth";
import { fromAuthError } from "./supabase-errors.server";
import { passwordMethods, type PasswordCheck } from "./supabase-passwords.server";
import { toUser, type SupabaseSession } from "./supabase-session.server";
import { staffSetupMethods } from "./supabase-staff-setup.server";

export function createSupabaseAuth(
  client: SupabaseClient,
  session: SupabaseSession,
  passwordMatches: PasswordCheck,
  serviceClient: SupabaseClient | null,
): AuthPort {
  return {
    ...sessionMethods(client, session),
    ...passwordMethods(client, session, passwordMatches),
    ...emailLinkMethods(client, session),
    ...staffSetupMethods(client, session, serviceClient),
  };
}

function sessionMethods(
  client: SupabaseClient,
  session: SupabaseSession,
): Pick<AuthPort, "getUser" | "signOut" | "signOutEverywhere" | "startOAuth" | "signInWithVerifiedIdentity"> {
  async function endSession(scope: "local" | "global"): Promise<void> {
    if (!(await session.current())) return;
    const { error } = await client.auth.signOut({ scope });
    session.forget();
    session.remember(null);
    if (error && !isAuthSessionMissingError(error)) throw fromAuthError(error);
  }

  return {
    getUser: () => session.user(),

    // "local": ends this session on Supabase (its refresh token stops working) and clears the cookies.
    signOut: () => endSession("local"),

    // "global": Supabase revokes every refresh token of the user; other devices' access tokens fail getUser().
    signOutEverywhere: () => endSession("global"),

    async startOAuth({ provider, redirectTo }) {
      const { data, error } = await client.auth.signInWithOAuth({
        provider,
        options: { redirectTo, skipBrowserRedirect: true },
      });
      if (error) throw fromAuthError(error);
      if (!data.url) throw new BackendError("unexpected", "Supabase returned no sign-in address.");
      return { url: data.url };
    },

    async signInWithVerifiedIdentity() {
      throw new BackendError("not_supported", "Google sign-in runs through Supabase on this backend.");
    },
  };
}

function emailLinkMethods(
  client: SupabaseClient,
  session: SupabaseSession,
): Pick<AuthPort, "resendConfirmation" | "requestPasswordReset" | "exchangeCodeForSession" | "emailLinkAccount"> {
  return {
    // Supabase Auth sends the confirmation e-mail itself (its own throttle applies).
    async resendConfirmation({ email, emailRedirectTo }) {
      const { error } = await client.auth.resend({
        type: "signup",
        email: normaliseEmail(email),
        options: { emailRedirectTo },
      });
      if (error) throw fromAuthError(error);
    },

    async requestPasswordReset({ email, redirectTo }) {
      const { error } = await client.auth.resetPasswordForEmail(normaliseEmail(email), { redirectTo });
      if (error) throw fromAuthError(error);
    },

    // E-mailed links and Google's redirect alike land on the callback with `?code=`.
    async exchangeCodeForSession({ code }) {
      const { data, error } = await client.auth.exchangeCodeForSession(code);
      if (error) throw fromAuthError(error);
      session.forget();
      const signedIn = toUser(data.user);
      session.remember(signedIn);
      return signedIn;
    },

    // Supabase's links carry a PKCE code that only the browser that asked for the link can use (its verifier cookie):
    // another account's link does nothing here, so there is nothing to tell in advance.
    async emailLinkAccount() {
      return null;
    },
  };
}

// Sign-up, sign-in and sessions (decision 0003). Failures throw BackendError with a message fit to show the shopper.

export interface AuthUser {
  id: string;
  email: string;
  /** From the sign-up or identity-provider metadata; the editable name lives in the profile. */
  fullName: string | null;
  avatarUrl: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface SignUpResult {
  /**
   * The new account. Where addresses are confirmed by e-mail, an address that has an account already gets the same
   * answer as a new one, with a stand-in user (its id belongs to nobody), and its owner an e-mail saying so.
   */
  user: AuthUser;
  /** False when the backend first wants the address confirmed by e-mail (no session yet). */
  signedIn: boolean;
}

export type OAuthProvider = "google";

export interface AuthPort {
  /** The signed-in user, or null. Refreshes a session close to expiry (Set-Cookie in responseHeaders). */
  getUser(): Promise<AuthUser | null>;
  signUp(input: {
    email: string;
    password: string;
    fullName?: string;
    emailRedirectTo?: string;
  }): Promise<SignUpResult>;
  signInWithPassword(input: { email: string; password: string }): Promise<AuthUser>;
  /** Ends the session on the backend and clears the cookie. Signed out already: no-op. */
  signOut(): Promise<void>;
  /**
   * Ends every session of the signed-in user, on every device, and clears this cookie. Signed out already: no-op.
   * Other devices are signed out on their next request.
   */
  signOutEverywhere(): Promise<void>;
  /**
   * Only where `capabilities.sendsEmail`: a new address-confirmation link for an account that signed up and
   * has not confirmed yet. Answers the same whatever the address (unknown, confirmed, throttled).
   */
  resendConfirmation(input: { email: string; emailRedirectTo: string }): Promise<void>;
  /** Only where `capabilities.sendsEmail`; otherwise throws BackendError "not_supported". */
  requestPasswordReset(input: { email: string; redirectTo: string }): Promise<void>;
  /**
   * Whether this session may set a new password without the current one: it was opened by a password-recovery link
   * less than RECOVERY_GRANT_MINUTES ago and has set none since, and the password has not changed since. Decided
   * by the backend (never by a cookie the browser could keep and replay).
   */
  hasRecoveryGrant(): Promise<boolean>;
  /**
   * Sets a new password with this session's recovery grant, which it uses up (BackendError "recovery_required"
   * without one). Keeps this session, ends every other one, and makes unused reset links stop working.
   */
  resetPassword(input: { password: string }): Promise<AuthUser>;
  /**
   * A signed-in user changing the password: `currentPassword` must be right (else BackendError
   * "invalid_credentials", and nothing changes). Like resetPassword, it keeps this session, ends the others, and
   * ends any recovery grant and unused reset link of the account.
   */
  changePassword(input: { currentPassword: string; password: string }): Promise<AuthUser>;
  /** Only where `capabilities.hostedOAuth`: the URL to redirect the browser to. */
  startOAuth(input: { provider: OAuthProvider; redirectTo: string }): Promise<{ url: string }>;
  /**
   * Finishes OAuth (where `capabilities.hostedOAuth`), e-mail confirmation or recovery links (`?code=`): signs the
   * link's account in; a recovery link's session gets the recovery grant.
   */
  exchangeCodeForSession(input: { code: string }): Promise<AuthUser>;
  /**
   * The address of the account an e-mailed link's `code` signs in, without using the link; null when the backend
   * cannot tell (Supabase: its links work only in the browser that asked for them) or the link does not work.
   */
  emailLinkAccount(input: { code: string }): Promise<{ email: string } | null>;
  /**
   * Only where `!capabilities.hostedOAuth`: signs in the owner of an e-mail address that the identity
   * provider has verified, creating the account on the first visit. Never pass an unverified address.
   */
  signInWithVerifiedIdentity(input: {
    provider: OAuthProvider;
    email: string;
    fullName?: string | null;
    avatarUrl?: string | null;
  }): Promise<AuthUser>;
  /** The listed address a staff set-up token opens (decision 0032), or null when it is unknown, used or expired. */
  staffSetupAccount(input: { token: string }): Promise<{ email: string } | null>;
  /**
   * Uses a staff set-up token: sets the password of the account with its address (creating it, confirmed), ends
   * every session of that account, claims the staff place and signs this browser in. BackendError "invalid_link"
   * when the token no longer works.
   */
  completeStaffSetup(input: { token: string; password: string }): Promise<AuthUser>;
}

import type { BackendErrorCode } from "~/backend/errors";

export interface AuthNotice {
  title: string;
  description: string;
}

export const signedInNotice: AuthNotice = { title: "Welcome back!", description: "You have successfully signed in." };
export const addressConfirmedNotice: AuthNotice = {
  title: "Welcome!",
  description: "Your email address is confirmed and you are signed in.",
};
export const signedOutNotice: AuthNotice = {
  title: "Signed out",
  description: "You have been successfully signed out.",
};
/** An e-mailed link that no longer works, opened by a member who is signed in already: the link is not needed. */
export const alreadyConfirmedNotice: AuthNotice = {
  title: "Already confirmed",
  description: "You are signed in and your email address is confirmed.",
};
export const alreadySignedInNotice: AuthNotice = {
  title: "Already signed in",
  description: "This link no longer works, but you are signed in already.",
};

/**
 * What to tell a shopper whose account was just created, true for the backend in use: a backend that
 * sends e-mail wants the address confirmed first (decision 0016); one that cannot has signed the shopper in.
 */
export function accountCreatedNotice({ signedIn, sendsEmail }: { signedIn: boolean; sendsEmail: boolean }): AuthNotice {
  if (signedIn) return { title: "Account created!", description: "Your account is ready and you are signed in." };
  if (sendsEmail) return { title: "Account created!", description: "Please check your email to verify your account." };
  return { title: "Account created!", description: "Your account is ready. Please sign in." };
}

/** When a throttled client may try again, if the backend did not say: Supabase Auth's limits are per hour or minute. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The headers of a failed auth post's answer: a 429 carries Retry-After (the backend's own wait, where it says). */
export function authFailureHeaders(error: {
  code: BackendErrorCode;
  retryAfterSeconds?: number;
}): Record<string, string> {
  if (error.code !== "too_many_attempts") return {};
  return { "Retry-After": String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))) };
}

/** HTTP status for a failed sign-in or sign-up, so that logs and tools see what kind of failure it was. */
export function authFailureStatus(code: BackendErrorCode | undefined): number {
  switch (code) {
    case "too_many_attempts":
      return 429;
    case "unavailable":
      return 503;
    default:
      return 400;
  }
}

/** The query flag of the link in the address-confirmation e-mail, so that /auth/callback greets a new member. */
export const ADDRESS_CONFIRMATION_FLAG = "confirmed";

/** Where the address-confirmation e-mail's link lands (the backend adds its `code`). */
export function addressConfirmationLanding(origin: string): string {
  return `${origin}/auth/callback?${ADDRESS_CONFIRMATION_FLAG}=1`;
}

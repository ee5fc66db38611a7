import { signedCookie } from "~/utils/cookies.server";

// A session alone must not be enough to set a new password (a stolen session would take the account over):
// /reset-password works only in the browser that just followed the account's recovery link, for a short while.
// Everywhere else the profile's form asks for the current password.

const RECOVERY_MINUTES = 15;

/**
 * The user whose recovery link this browser followed. Site-wide: a path of /reset-password would not reach the
 * form's enhanced post to /reset-password.data.
 */
const recoveryCookie = signedCookie("password_recovery", { maxAge: RECOVERY_MINUTES * 60 });

/** Set-Cookie that lets this browser set `userId`'s new password without the current one. */
export function grantPasswordRecovery(userId: string): Promise<string> {
  return recoveryCookie.write(userId);
}

export async function hasPasswordRecovery(request: Request, userId: string): Promise<boolean> {
  return (await recoveryCookie.read(request)) === userId;
}

/** Set-Cookie that ends the grant once the new password is set. */
export function endPasswordRecovery(): Promise<string> {
  return recoveryCookie.clear();
}

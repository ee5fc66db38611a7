// The AuthPort's e-mailed links on the SQL backends (decision 0016): address confirmation and password reset go out
// through the outbox (email-links.server.ts), and land on /auth/callback with `?code=`, as on Supabase.
import { toBackendError } from "~/backend/database-errors.server";
import { BackendError } from "~/backend/errors";
import { normaliseEmail } from "~/backend/input.server";
import type { AuthPort, AuthUser } from "~/backend/ports/auth";
import { consumeEmailLink, issueConfirmLink, issueEmailLink, linkPathOf, peekEmailLink } from "./email-links.server";
import type { SqlExecutor } from "./sql-database";
import { toUser, userColumns, type RequestSession, type SqlAuthContext, type UserRow } from "./sql-sessions.server";

type EmailLinkMethods = Pick<
  AuthPort,
  "resendConfirmation" | "requestPasswordReset" | "exchangeCodeForSession" | "emailLinkAccount"
>;

export function emailLinkMethods(
  context: SqlAuthContext,
  session: RequestSession,
  sendsEmail: boolean,
): EmailLinkMethods {
  const { db, now } = context;

  /**
   * Issues a link (`issue`) to the account with this address, if there is one (`unconfirmedOnly`: and it has not
   * confirmed it): the same answer either way, and whether or not a link went out a minute ago.
   */
  async function mailLink(
    email: string,
    { unconfirmedOnly }: { unconfirmedOnly: boolean },
    issue: (tx: SqlExecutor, account: { id: string; email: string }) => Promise<unknown>,
  ): Promise<void> {
    if (!sendsEmail) {
      throw new BackendError(
        "not_supported",
        "This shop cannot send e-mail, so a forgotten password cannot be reset by e-mail. Please contact us.",
      );
    }
    const address = normaliseEmail(email);
    try {
      await db.transaction(async (tx) => {
        const [account] = await tx.query<{ id: string; email: string }>(
          `select id, email from auth.users where lower(email) = $1${unconfirmedOnly ? " and email_confirmed_at is null" : ""}`,
          [address],
        );
        if (account) await issue(tx, account);
      });
    } catch (error) {
      throw toBackendError(error);
    }
  }

  return {
    resendConfirmation: ({ email, emailRedirectTo }) =>
      mailLink(email, { unconfirmedOnly: true }, (tx, account) =>
        issueConfirmLink(tx, account, emailRedirectTo, now()),
      ),

    requestPasswordReset: ({ email, redirectTo }) =>
      mailLink(email, { unconfirmedOnly: false }, (tx, account) =>
        issueEmailLink(tx, {
          userId: account.id,
          email: account.email,
          purpose: "reset",
          linkPath: linkPathOf(redirectTo),
          now: now(),
        }),
      ),

    exchangeCodeForSession: ({ code }) => exchangeCode(context, session, code),

    async emailLinkAccount({ code }) {
      try {
        const owner = await peekEmailLink(db, code, now());
        return owner ? { email: owner.email } : null;
      } catch (error) {
        throw toBackendError(error);
      }
    },
  };
}

/** Uses the link and signs its account in: a reset link's session gets the recovery grant. */
async function exchangeCode({ db, now }: SqlAuthContext, session: RequestSession, code: string): Promise<AuthUser> {
  try {
    const result = await db.transaction(async (tx) => {
      const link = await consumeEmailLink(tx, code, now());
      if (!link) return null;
      const [row] = await tx.query<UserRow>(`select ${userColumns} from auth.users as u where u.id = $1`, [
        link.userId,
      ]);
      if (!row) return null;
      return {
        user: toUser(row),
        token: await session.create(tx, row.id, { recovery: link.purpose === "reset" }),
      };
    });
    if (!result) {
      throw new BackendError("invalid_link", "This link is invalid, has already been used or has expired.");
    }
    await session.begin(result.token, result.user);
    return result.user;
  } catch (error) {
    throw toBackendError(error);
  }
}

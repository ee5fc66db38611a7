// The AuthPort's password methods on the SQL backends: sign-up, sign-in (with the lockout), the recovery grant, and
// setting a new password.
import crypto from "node:crypto";

import { toBackendError } from "~/backend/database-errors.server";
import { BackendError, recoveryRequiredError } from "~/backend/errors";
import { cleanFullName, normaliseEmail, requireStrongEnoughPassword } from "~/backend/input.server";
import type { AuthPort, AuthUser, SignUpResult } from "~/backend/ports/auth";
import { issueConfirmLink } from "./email-links.server";
import { hashPassword, verifyPassword, type ScryptCost } from "./passwords.server";
import { releasePendingAddress } from "./pending-accounts.server";
import { hashToken } from "./secret-tokens.server";
import { clearFailures, lockedSecondsLeft, recordFailure, throttledError } from "./sign-in-throttle.server";
import type { SqlExecutor } from "./sql-database";
import { enqueueMail } from "./sql-outbox.server";
import { toUser, userColumns, type RequestSession, type SqlAuthContext, type UserRow } from "./sql-sessions.server";

export interface PasswordAuthContext extends SqlAuthContext {
  scryptCost: ScryptCost;
  /** A new account confirms its address by an e-mailed link before it can sign in (decision 0016). */
  sendsEmail: boolean;
}

type PasswordMethods = Pick<
  AuthPort,
  "signUp" | "signInWithPassword" | "changePassword" | "hasRecoveryGrant" | "resetPassword"
>;

export function passwordMethods(ctx: PasswordAuthContext, session: RequestSession): PasswordMethods {
  const { db, now, scryptCost } = ctx;

  async function signedInUser(): Promise<AuthUser> {
    const user = await session.user();
    if (!user) throw new BackendError("not_authenticated", "Please sign in first.");
    return user;
  }

  /** Hashes `password` and stores it for `user` once `check` (in the same transaction) passes. */
  async function setPassword(
    user: AuthUser,
    password: string,
    check: (tx: SqlExecutor) => Promise<void>,
  ): Promise<AuthUser> {
    const passwordHash = await hashPassword(password, scryptCost);
    const { token } = await session.token();
    // Its other sessions end below; this one is read again on its next request.
    session.cache?.forgetUser({ id: user.id });
    try {
      await db.transaction(async (tx) => {
        await check(tx);
        await storePassword(tx, user.id, passwordHash, token ? hashToken(token) : "", now);
      });
    } catch (error) {
      throw toBackendError(error);
    } finally {
      session.cache?.forgetUser({ id: user.id });
    }
    return user;
  }

  return {
    signUp: (input) => signUp(ctx, session, input),

    signInWithPassword: (input) => signInWithPassword(ctx, session, input),

    async changePassword({ currentPassword, password }) {
      const user = await signedInUser();
      requireStrongEnoughPassword(password);
      const [row] = await db
        .query<{ encrypted_password: string | null }>("select encrypted_password from auth.users where id = $1", [
          user.id,
        ])
        .catch((error) => {
          throw toBackendError(error);
        });
      if (!(await verifyPassword(String(currentPassword ?? ""), row?.encrypted_password ?? null, scryptCost))) {
        throw new BackendError("invalid_credentials", "Your current password is not correct.");
      }
      return setPassword(user, password, async () => {});
    },

    async hasRecoveryGrant() {
      const { token } = await session.token();
      if (!token || !(await session.user())) return false;
      try {
        const [row] = await db.query<{ granted: boolean }>(
          "select recovery_until > $2 as granted from auth.sessions where token_hash = $1 and expires_at > $2",
          [hashToken(token), now()],
        );
        return row?.granted === true;
      } catch (error) {
        throw toBackendError(error);
      }
    },

    async resetPassword({ password }) {
      const user = await signedInUser();
      requireStrongEnoughPassword(password);
      const { token } = await session.token();
      return setPassword(user, password, async (tx) => {
        // Used up in the transaction that sets the password: two posts of the form cannot both use it.
        const [granted] = await tx.query<{ id: string }>(
          "update auth.sessions set recovery_until = null where token_hash = $1 and recovery_until > $2 returning id",
          [token ? hashToken(token) : "", now()],
        );
        if (!granted) throw recoveryRequiredError();
      });
    },
  };
}

/**
 * Stores a new password hash and ends what the old password allowed (in the caller's transaction): every session
 * but `keepTokenHash`, every recovery grant (this session's too), and every reset link not yet followed.
 */
export async function storePassword(
  tx: SqlExecutor,
  userId: string,
  passwordHash: string,
  keepTokenHash: string,
  now: () => Date,
): Promise<void> {
  await tx.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1", [
    userId,
    passwordHash,
  ]);
  // A changed password ends every other session: whoever knew the old one is signed out.
  await tx.query("delete from auth.sessions where user_id = $1 and token_hash <> $2", [userId, keepTokenHash]);
  await tx.query("update auth.sessions set recovery_until = null where user_id = $1", [userId]);
  await tx.query(
    "update auth.email_link_tokens set used_at = $2 where user_id = $1 and purpose = 'reset' and used_at is null",
    [userId, now()],
  );
}

async function signUp(
  ctx: PasswordAuthContext,
  session: RequestSession,
  { email, password, fullName, emailRedirectTo }: Parameters<AuthPort["signUp"]>[0],
): Promise<SignUpResult> {
  const { db, now } = ctx;
  const address = normaliseEmail(email);
  requireStrongEnoughPassword(password);
  const name = fullName === undefined ? null : cleanFullName(fullName);
  const passwordHash = await hashPassword(password, ctx.scryptCost);
  const confirmByEmail = ctx.sendsEmail;
  try {
    const { user, token } = await db.transaction(async (tx) => {
      await releasePendingAddress(tx, address, now());
      const [row] = await tx.query<UserRow>(
        `insert into auth.users as u (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
         values ($1, $2, $3::jsonb, $4)
         returning ${userColumns}`,
        [address, passwordHash, JSON.stringify(name ? { full_name: name } : {}), confirmByEmail ? null : now()],
      );
      if (!row) throw new BackendError("unexpected", "Creating the account returned nothing.");
      if (confirmByEmail) {
        // No session until the address is confirmed: the link (24 h, once) signs the shopper in.
        await issueConfirmLink(tx, row, emailRedirectTo, now());
        return { user: toUser(row), token: null };
      }
      return { user: toUser(row), token: await session.create(tx, row.id) };
    });
    if (token === null) return { user, signedIn: false };
    await session.begin(token, user);
    return { user, signedIn: true };
  } catch (error) {
    if ((error as { code?: string }).code !== "23505") throw toBackendError(error);
    // Without e-mail a new account is signed in at once, so a taken address cannot be hidden (decision 0027).
    if (!confirmByEmail) throw new BackendError("email_taken", "User already registered");
    return answerTakenAddress(ctx, address, name);
  }
}

/**
 * The same answer as for a new address, so that sign-up tells nobody who has an account (as Supabase does with
 * confirmations on: a stand-in user, no session); the owner hears of it by e-mail.
 */
async function answerTakenAddress(
  { db, now }: SqlAuthContext,
  address: string,
  name: string | null,
): Promise<SignUpResult> {
  try {
    await db.transaction(async (tx) => {
      const [owner] = await tx.query<{ email: string }>("select email from auth.users where lower(email) = $1", [
        address,
      ]);
      if (owner) await enqueueMail(tx, { kind: "account_exists", recipient: owner.email, payload: {} });
    });
  } catch (caught) {
    throw toBackendError(caught);
  }
  const standIn = {
    id: crypto.randomUUID(),
    email: address,
    fullName: name,
    avatarUrl: null,
    createdAt: now().toISOString(),
  };
  return { user: standIn, signedIn: false };
}

async function signInWithPassword(
  { db, now, scryptCost }: PasswordAuthContext,
  session: RequestSession,
  { email, password }: Parameters<AuthPort["signInWithPassword"]>[0],
): Promise<AuthUser> {
  const address = normaliseEmail(email);
  const waitSeconds = await lockedSecondsLeft(db, address, now).catch((error) => {
    throw toBackendError(error);
  });
  if (waitSeconds > 0) throw throttledError(waitSeconds);

  const [row] = await db
    .query<UserRow & { encrypted_password: string | null; email_confirmed_at: string | Date | null }>(
      `select ${userColumns}, u.encrypted_password, u.email_confirmed_at from auth.users as u where lower(u.email) = $1`,
      [address],
    )
    .catch((error) => {
      throw toBackendError(error);
    });
  const matches = await verifyPassword(String(password ?? ""), row?.encrypted_password ?? null, scryptCost);
  if (!row || !matches) {
    await recordFailure(db, address, now()).catch((error) => {
      throw toBackendError(error);
    });
    const lockedFor = await lockedSecondsLeft(db, address, now).catch(() => 0);
    if (lockedFor > 0) throw throttledError(lockedFor);
    throw new BackendError("invalid_credentials", "Invalid login credentials");
  }
  // The right password, but the address was never confirmed (as Supabase answers).
  if (row.email_confirmed_at === null) throw new BackendError("email_not_confirmed", "Email not confirmed");
  const user = toUser(row);
  try {
    await clearFailures(db, address);
    const token = await db.transaction((tx) => session.create(tx, row.id));
    await session.begin(token, user);
  } catch (error) {
    throw toBackendError(error);
  }
  return user;
}

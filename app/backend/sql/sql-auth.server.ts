import crypto from "node:crypto";

import { RECOVERY_GRANT_MINUTES } from "~/backend/constants";
import { toBackendError } from "~/backend/database-errors.server";
import { BackendError, recoveryRequiredError } from "~/backend/errors";
import { cleanFullName, normaliseEmail, requireStrongEnoughPassword } from "~/backend/input.server";
import type { AuthPort, AuthUser } from "~/backend/port";
import { toAuthUser } from "~/backend/rows.server";
import { addResponseCookie, createSignedCookie } from "~/http/cookies.server";
import { consumeEmailLink, issueEmailLink, linkPathOf, peekEmailLink } from "./email-links.server";
import { defaultScryptCost, hashPassword, verifyPassword, type ScryptCost } from "./passwords.server";
import type { SqlDatabase, SqlExecutor } from "./sql-database";
import { enqueueMail } from "./sql-outbox.server";

export interface SqlAuthOptions {
  /** Signing secrets, newest first; older ones still verify (rotation). */
  cookieSecrets: string[];
  /** Secure cookies: true in production. */
  secureCookies: boolean;
  scryptCost?: ScryptCost;
  /** Injected by tests to step through the sign-in throttle. */
  now?: () => Date;
  /**
   * Keep session lookups in memory (SessionCache below). Only where this process is the database's one writer,
   * i.e. the embedded backend (one process per data directory, locked); never with several app processes.
   */
  cacheSessions?: boolean;
  /**
   * The shop delivers e-mail (decision 0016): a new account confirms its address by an e-mailed link before it can
   * sign in, and a forgotten password is reset by one. False (MAIL=off, and the default in tests): accounts are
   * confirmed at once.
   */
  sendsEmail?: boolean;
}

const SESSION_LIFETIME_DAYS = 30;
/** A session used when less than this remains is extended, so active shoppers stay signed in. */
const SESSION_RENEW_BELOW_DAYS = 15;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Sign-in throttle per address: after this many failures within the window, wait before trying again. */
export const signInThrottle = {
  freeFailures: 5,
  windowMinutes: 15,
  firstLockSeconds: 30,
  maxLockSeconds: 15 * 60,
} as const;

interface UserRow {
  id: string;
  email: string;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | Date;
}

interface SessionUserRow extends UserRow {
  session_id: string;
  expires_at: string | Date;
}

const userColumns = "u.id, u.email, u.raw_user_meta_data, u.created_at";

function toUser(row: UserRow): AuthUser {
  return toAuthUser({ id: row.id, email: row.email, created_at: row.created_at, metadata: row.raw_user_meta_data });
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

interface CachedSession {
  user: AuthUser;
  expiresAt: number;
  /** When it was read from the database (the auth clock), for CACHED_SESSION_MS. */
  readAt: number;
}

/** A cached session is read again from the database at least this often: a bound on anything missed. */
const CACHED_SESSION_MS = 60_000;
const MAX_CACHED_SESSIONS = 10_000;

/**
 * Signed-in users by session token hash, so that a member's request skips the lookup (one of the two or three
 * statements a member's cart post or checkout sends). Correct only while every change to auth.sessions and
 * auth.users goes through this process's createSqlAuthFactory, which forgets what it changes: sign-out (that
 * session), a password change and a Google sign-in that updates the account (all the user's sessions). An entry
 * is also dropped when the session expires, when it is due for renewal, and after CACHED_SESSION_MS.
 * Anything new that deletes sessions or users, or changes what toUser() reads, must call forgetUser() too, before
 * and after its write: a lookup that read the row before the write then cannot store it (the generation moved).
 */
class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  /** Moves on every forget: a lookup stores its result only if nothing was forgotten since it began. */
  generation = 0;

  get(tokenHash: string, nowMs: number): AuthUser | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    // Past expiry, close to renewal, or read too long ago (or the clock went back): ask the database.
    const renewAt = entry.expiresAt - SESSION_RENEW_BELOW_DAYS * DAY_MS;
    if (nowMs >= renewAt || nowMs - entry.readAt >= CACHED_SESSION_MS || nowMs < entry.readAt) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return { ...entry.user };
  }

  set(tokenHash: string, user: AuthUser, expiresAt: number, nowMs: number, generationAtLookup: number): void {
    if (generationAtLookup !== this.generation) return;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= MAX_CACHED_SESSIONS) {
      // The oldest entry (Map keeps insertion order).
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(tokenHash, { user: { ...user }, expiresAt, readAt: nowMs });
  }

  forget(tokenHash: string): void {
    this.generation += 1;
    this.#entries.delete(tokenHash);
  }

  /** Every session of the account with this id or (case-insensitive) e-mail address. */
  forgetUser(account: { id: string } | { email: string }): void {
    this.generation += 1;
    const matches =
      "id" in account
        ? (user: AuthUser) => user.id === account.id
        : (user: AuthUser) => user.email.toLowerCase() === account.email.toLowerCase();
    for (const [tokenHash, entry] of this.#entries) if (matches(entry.user)) this.#entries.delete(tokenHash);
  }
}

/** One cache per database: every backend object over the same database sees the same sign-outs. */
const sessionCaches = new WeakMap<SqlDatabase, SessionCache>();

/**
 * Server-side sessions for the embedded and postgres backends: the cookie holds only a random token
 * (signed with SESSION_SECRET), the database a hash of it with an expiry; sign-out deletes the row.
 * Runs as the database owner: auth.* is out of reach of the anon and authenticated roles.
 */
export function createSqlAuthFactory(db: SqlDatabase, options: SqlAuthOptions) {
  const scryptCost = options.scryptCost ?? defaultScryptCost;
  const now = options.now ?? (() => new Date());
  let sessionCache: SessionCache | undefined;
  if (options.cacheSessions) {
    sessionCache = sessionCaches.get(db) ?? new SessionCache();
    sessionCaches.set(db, sessionCache);
  }
  const sessionCookie = createSignedCookie(
    "shop_session",
    { maxAge: SESSION_LIFETIME_DAYS * 24 * 60 * 60 },
    { secure: options.secureCookies, secrets: options.cookieSecrets },
  );

  /** A new session; `recovery` for a password-reset link's: it may set a password without the current one, for a while. */
  async function createSession(tx: SqlExecutor, userId: string, { recovery = false } = {}): Promise<string> {
    const token = crypto.randomBytes(32).toString("base64url");
    await tx.query("delete from auth.sessions where user_id = $1 and expires_at <= $2", [userId, now()]);
    await tx.query(
      "insert into auth.sessions (user_id, token_hash, expires_at, recovery_until) values ($1, $2, $3, $4)",
      [
        userId,
        hashToken(token),
        new Date(now().getTime() + SESSION_LIFETIME_DAYS * DAY_MS),
        recovery ? new Date(now().getTime() + RECOVERY_GRANT_MINUTES * 60_000) : null,
      ],
    );
    return token;
  }

  /**
   * Stores a new password hash and ends what the old password allowed (in the caller's transaction): every session
   * but `keepTokenHash`, every recovery grant (this session's too), and every reset link not yet followed.
   */
  async function storePassword(
    tx: SqlExecutor,
    userId: string,
    passwordHash: string,
    keepTokenHash: string,
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

  async function lockedSecondsLeft(email: string): Promise<number> {
    const [row] = await db.query<{ locked_until: string | Date | null }>(
      "select locked_until from auth.sign_in_failures where email = $1",
      [email],
    );
    if (!row?.locked_until) return 0;
    return Math.max(0, Math.ceil((new Date(row.locked_until).getTime() - now().getTime()) / 1000));
  }

  /** Failures counted before the window and no longer locking: they count for nothing (recordFailure resets them). */
  async function purgeExpiredFailures(tx: SqlExecutor, windowStart: Date, at: Date): Promise<void> {
    await tx.query(
      "delete from auth.sign_in_failures where first_failed_at < $1 and (locked_until is null or locked_until <= $2)",
      [windowStart, at],
    );
  }

  async function recordFailure(email: string): Promise<void> {
    const at = now();
    const windowStart = new Date(at.getTime() - signInThrottle.windowMinutes * 60_000);
    await db.transaction(async (tx) => {
      // Rows of addresses that stopped failing expire here, so a flood of made-up addresses does not pile up.
      await purgeExpiredFailures(tx, windowStart, at);
      const [row] = await tx.query<{ failures: number }>(
        `insert into auth.sign_in_failures as f (email, failures, first_failed_at) values ($1, 1, $2)
         on conflict (email) do update set
           failures = case when f.first_failed_at < $3 then 1 else f.failures + 1 end,
           first_failed_at = case when f.first_failed_at < $3 then $2 else f.first_failed_at end
         returning failures`,
        [email, at, windowStart],
      );
      const failures = row?.failures ?? 1;
      if (failures >= signInThrottle.freeFailures) {
        // Doubles with every further failure: 30 s, 1 min, 2 min, ... at most 15 min.
        const seconds = Math.min(
          signInThrottle.firstLockSeconds * 2 ** (failures - signInThrottle.freeFailures),
          signInThrottle.maxLockSeconds,
        );
        await tx.query("update auth.sign_in_failures set locked_until = $2 where email = $1", [
          email,
          new Date(at.getTime() + seconds * 1000),
        ]);
      }
    });
  }

  function throttledError(seconds: number): BackendError {
    const wait = seconds <= 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
    return new BackendError("too_many_attempts", `Too many failed sign-in attempts. Try again in ${wait}.`, {
      retryAfterSeconds: seconds,
    });
  }

  function requireEmailDelivery(): void {
    if (!options.sendsEmail) {
      throw new BackendError(
        "not_supported",
        "This shop cannot send e-mail, so a forgotten password cannot be reset by e-mail. Please contact us.",
      );
    }
  }

  /** Where a confirmation link lands: the sign-up's redirect (/auth/callback), never another origin. */
  function confirmLinkPath(emailRedirectTo: string | undefined): string {
    return linkPathOf(emailRedirectTo ?? "/auth/callback");
  }

  return function authFor(request: Request, responseHeaders: Headers): AuthPort {
    let currentUser: Promise<AuthUser | null> | undefined;

    async function setSessionCookie(token: string) {
      addResponseCookie(responseHeaders, await sessionCookie.serialize(token));
    }

    async function clearSessionCookie() {
      addResponseCookie(responseHeaders, await sessionCookie.serialize("", { maxAge: 0 }));
    }

    /** The token from the cookie, if its signature holds; a tampered cookie counts as none. */
    async function readToken(): Promise<{ token: string | null; present: boolean }> {
      const header = request.headers.get("Cookie");
      const value: unknown = await sessionCookie.parse(header);
      const present = header?.includes(`${sessionCookie.name}=`) ?? false;
      return { token: typeof value === "string" && /^[\w-]{43}$/.test(value) ? value : null, present };
    }

    async function loadUser(): Promise<AuthUser | null> {
      const { token, present } = await readToken();
      if (!token) {
        if (present) await clearSessionCookie();
        return null;
      }
      const tokenHash = hashToken(token);
      const cached = sessionCache?.get(tokenHash, now().getTime());
      if (cached) return cached;
      const generation = sessionCache?.generation ?? 0;
      try {
        const [row] = await db.query<SessionUserRow>(
          `select ${userColumns}, s.id as session_id, s.expires_at
           from auth.sessions as s join auth.users as u on u.id = s.user_id
           where s.token_hash = $1 and s.expires_at > $2`,
          [tokenHash, now()],
        );
        if (!row) {
          await clearSessionCookie();
          return null;
        }
        let expiresAt = new Date(row.expires_at).getTime();
        if (expiresAt - now().getTime() < SESSION_RENEW_BELOW_DAYS * DAY_MS) {
          expiresAt = now().getTime() + SESSION_LIFETIME_DAYS * DAY_MS;
          await db.query("update auth.sessions set expires_at = $2 where id = $1", [
            row.session_id,
            new Date(expiresAt),
          ]);
          await setSessionCookie(token);
        }
        const user = toUser(row);
        sessionCache?.set(tokenHash, user, expiresAt, now().getTime(), generation);
        return user;
      } catch (error) {
        throw toBackendError(error);
      }
    }

    async function signIn(userId: string): Promise<void> {
      const token = await db.transaction((tx) => createSession(tx, userId));
      await setSessionCookie(token);
    }

    /** Hashes `password` and stores it for `user` once `check` (in the same transaction) passes. */
    async function setPassword(
      user: AuthUser,
      password: string,
      check: (tx: SqlExecutor) => Promise<void>,
    ): Promise<AuthUser> {
      const passwordHash = await hashPassword(password, scryptCost);
      const { token } = await readToken();
      // Its other sessions end below; this one is read again on its next request.
      sessionCache?.forgetUser({ id: user.id });
      try {
        await db.transaction(async (tx) => {
          await check(tx);
          await storePassword(tx, user.id, passwordHash, token ? hashToken(token) : "");
        });
      } catch (error) {
        throw toBackendError(error);
      } finally {
        sessionCache?.forgetUser({ id: user.id });
      }
      return user;
    }

    const auth: AuthPort = {
      getUser() {
        currentUser ??= loadUser();
        return currentUser;
      },

      async signUp({ email, password, fullName, emailRedirectTo }) {
        const address = normaliseEmail(email);
        requireStrongEnoughPassword(password);
        const name = fullName === undefined ? null : cleanFullName(fullName);
        const passwordHash = await hashPassword(password, scryptCost);
        const confirmByEmail = options.sendsEmail === true;
        try {
          const { user, token } = await db.transaction(async (tx) => {
            const [row] = await tx.query<UserRow>(
              `insert into auth.users as u (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
               values ($1, $2, $3::jsonb, $4)
               returning ${userColumns}`,
              [address, passwordHash, JSON.stringify(name ? { full_name: name } : {}), confirmByEmail ? null : now()],
            );
            if (!row) throw new BackendError("unexpected", "Creating the account returned nothing.");
            if (confirmByEmail) {
              // No session until the address is confirmed: the link (24 h, once) signs the shopper in.
              await issueEmailLink(tx, {
                userId: row.id,
                email: row.email,
                purpose: "confirm",
                linkPath: confirmLinkPath(emailRedirectTo),
                now: now(),
              });
              return { user: toUser(row), token: null };
            }
            return { user: toUser(row), token: await createSession(tx, row.id) };
          });
          if (token === null) return { user, signedIn: false };
          await setSessionCookie(token);
          currentUser = Promise.resolve(user);
          return { user, signedIn: true };
        } catch (error) {
          if ((error as { code?: string }).code !== "23505") throw toBackendError(error);
          // Without e-mail a new account is signed in at once, so a taken address cannot be hidden (decision 0027).
          if (!confirmByEmail) throw new BackendError("email_taken", "User already registered");
          // The same answer as for a new address, so that sign-up tells nobody who has an account (as Supabase does
          // with confirmations on: a stand-in user, no session); the owner hears of it by e-mail.
          try {
            await db.transaction(async (tx) => {
              const [owner] = await tx.query<{ email: string }>(
                "select email from auth.users where lower(email) = $1",
                [address],
              );
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
      },

      async signInWithPassword({ email, password }) {
        const address = normaliseEmail(email);
        const waitSeconds = await lockedSecondsLeft(address).catch((error) => {
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
          await recordFailure(address).catch((error) => {
            throw toBackendError(error);
          });
          const lockedFor = await lockedSecondsLeft(address).catch(() => 0);
          if (lockedFor > 0) throw throttledError(lockedFor);
          throw new BackendError("invalid_credentials", "Invalid login credentials");
        }
        // The right password, but the address was never confirmed (as Supabase answers).
        if (row.email_confirmed_at === null) throw new BackendError("email_not_confirmed", "Email not confirmed");
        try {
          await db.query("delete from auth.sign_in_failures where email = $1", [address]);
          await signIn(row.id);
        } catch (error) {
          throw toBackendError(error);
        }
        const user = toUser(row);
        currentUser = Promise.resolve(user);
        return user;
      },

      async signOut() {
        const { token, present } = await readToken();
        if (token) {
          const tokenHash = hashToken(token);
          sessionCache?.forget(tokenHash);
          await db
            .query("delete from auth.sessions where token_hash = $1", [tokenHash])
            .catch((error) => {
              throw toBackendError(error);
            })
            .finally(() => sessionCache?.forget(tokenHash));
        }
        if (token || present) await clearSessionCookie();
        currentUser = Promise.resolve(null);
      },

      async signOutEverywhere() {
        const user = await auth.getUser();
        if (!user) {
          await auth.signOut();
          return;
        }
        // Before and after the delete: see SessionCache.
        sessionCache?.forgetUser({ id: user.id });
        try {
          await db.query("delete from auth.sessions where user_id = $1", [user.id]);
        } catch (error) {
          throw toBackendError(error);
        } finally {
          sessionCache?.forgetUser({ id: user.id });
        }
        await clearSessionCookie();
        currentUser = Promise.resolve(null);
      },

      async changePassword({ currentPassword, password }) {
        const user = await auth.getUser();
        if (!user) throw new BackendError("not_authenticated", "Please sign in first.");
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

      async resendConfirmation({ email, emailRedirectTo }) {
        requireEmailDelivery();
        const address = normaliseEmail(email);
        try {
          await db.transaction(async (tx) => {
            const [row] = await tx.query<{ id: string; email: string }>(
              "select id, email from auth.users where lower(email) = $1 and email_confirmed_at is null",
              [address],
            );
            if (row) {
              await issueEmailLink(tx, {
                userId: row.id,
                email: row.email,
                purpose: "confirm",
                linkPath: confirmLinkPath(emailRedirectTo),
                now: now(),
              });
            }
          });
        } catch (error) {
          throw toBackendError(error);
        }
      },

      async requestPasswordReset({ email, redirectTo }) {
        requireEmailDelivery();
        const address = normaliseEmail(email);
        try {
          // The same answer whether or not the account exists (and whether or not a link went out a minute ago).
          await db.transaction(async (tx) => {
            const [row] = await tx.query<{ id: string; email: string }>(
              "select id, email from auth.users where lower(email) = $1",
              [address],
            );
            if (row)
              await issueEmailLink(tx, {
                userId: row.id,
                email: row.email,
                purpose: "reset",
                linkPath: linkPathOf(redirectTo),
                now: now(),
              });
          });
        } catch (error) {
          throw toBackendError(error);
        }
      },

      async hasRecoveryGrant() {
        const { token } = await readToken();
        if (!token || !(await auth.getUser())) return false;
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
        const user = await auth.getUser();
        if (!user) throw new BackendError("not_authenticated", "Please sign in first.");
        requireStrongEnoughPassword(password);
        const { token } = await readToken();
        return setPassword(user, password, async (tx) => {
          // Used up in the transaction that sets the password: two posts of the form cannot both use it.
          const [granted] = await tx.query<{ id: string }>(
            "update auth.sessions set recovery_until = null where token_hash = $1 and recovery_until > $2 returning id",
            [token ? hashToken(token) : "", now()],
          );
          if (!granted) throw recoveryRequiredError();
        });
      },

      async startOAuth() {
        throw new BackendError("not_supported", "Google sign-in runs through the app on this backend.");
      },

      // The e-mailed links (address confirmation, password reset) land on /auth/callback with `?code=`, as on Supabase.
      async exchangeCodeForSession({ code }) {
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
              token: await createSession(tx, row.id, { recovery: link.purpose === "reset" }),
            };
          });
          if (!result) {
            throw new BackendError("invalid_link", "This link is invalid, has already been used or has expired.");
          }
          await setSessionCookie(result.token);
          currentUser = Promise.resolve(result.user);
          return result.user;
        } catch (error) {
          throw toBackendError(error);
        }
      },

      async emailLinkAccount({ code }) {
        try {
          const owner = await peekEmailLink(db, code, now());
          return owner ? { email: owner.email } : null;
        } catch (error) {
          throw toBackendError(error);
        }
      },

      async signInWithVerifiedIdentity({ provider, email, fullName, avatarUrl }) {
        const address = normaliseEmail(email);
        const name = fullName ? cleanFullName(fullName) : null;
        const metadata = {
          ...(name ? { full_name: name } : {}),
          ...(avatarUrl ? { avatar_url: avatarUrl.slice(0, 2000) } : {}),
          provider,
        };
        // The account's metadata may change: its sessions read it again (before and after, see SessionCache).
        sessionCache?.forgetUser({ email: address });
        try {
          const { user, token } = await db.transaction(async (tx) => {
            // First visit creates the account (no password); later visits fill in missing metadata only.
            const [row] = await tx.query<UserRow>(
              `insert into auth.users as u (email, raw_user_meta_data, email_confirmed_at) values ($1, $2::jsonb, now())
               on conflict ((lower(email))) do update set raw_user_meta_data = $2::jsonb || u.raw_user_meta_data,
                 email_confirmed_at = coalesce(u.email_confirmed_at, now())
               returning ${userColumns}`,
              [address, JSON.stringify(metadata)],
            );
            if (!row) throw new BackendError("unexpected", "Signing in returned no user.");
            return { user: toUser(row), token: await createSession(tx, row.id) };
          });
          sessionCache?.forgetUser({ id: user.id });
          await setSessionCookie(token);
          currentUser = Promise.resolve(user);
          return user;
        } catch (error) {
          throw toBackendError(error);
        }
      },
    };
    return auth;
  };
}

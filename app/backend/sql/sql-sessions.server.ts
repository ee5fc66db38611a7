// Server-side sessions for the embedded and postgres backends: the cookie holds only a random token (signed with
// SESSION_SECRET), the database a hash of it with an expiry; sign-out deletes the row. Runs as the database owner:
// auth.* is out of reach of the anon and authenticated roles.
import { RECOVERY_GRANT_MINUTES } from "~/backend/constants";
import { toBackendError } from "~/backend/database-errors.server";
import { BackendError } from "~/backend/errors";
import { cleanFullName, normaliseEmail } from "~/backend/input.server";
import type { AuthPort, AuthUser } from "~/backend/ports/auth";
import { toAuthUser } from "~/backend/rows.server";
import { addResponseCookie, createSignedCookie } from "~/http/cookies.server";
import { releasePendingAddress } from "./pending-accounts.server";
import { hashToken, newToken, TOKEN_SHAPE } from "./secret-tokens.server";
import { SessionCache } from "./session-cache.server";
import type { SqlDatabase, SqlExecutor } from "./sql-database";

export interface SqlSessionOptions {
  /** Signing secrets, newest first; older ones still verify (rotation). */
  cookieSecrets: string[];
  /** Secure cookies: true in production. */
  secureCookies: boolean;
  /**
   * Keep session lookups in memory (SessionCache). Only where this process is the database's one writer, i.e. the
   * embedded backend (one process per data directory, locked); never with several app processes.
   */
  cacheSessions?: boolean;
}

/** What every part of the SQL adapter's auth works with: the database, as its owner, and the auth clock. */
export interface SqlAuthContext {
  db: SqlDatabase;
  now: () => Date;
}

const SESSION_LIFETIME_DAYS = 30;
/** A session used when less than this remains is extended, so active shoppers stay signed in. */
const SESSION_RENEW_BELOW_DAYS = 15;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface UserRow {
  id: string;
  email: string;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | Date;
}

interface SessionUserRow extends UserRow {
  session_id: string;
  expires_at: string | Date;
}

/** The columns of auth.users (as `u`) that toUser() reads. */
export const userColumns = "u.id, u.email, u.raw_user_meta_data, u.created_at";

export function toUser(row: UserRow): AuthUser {
  return toAuthUser({ id: row.id, email: row.email, created_at: row.created_at, metadata: row.raw_user_meta_data });
}

/** The session of one request's browser. */
export interface RequestSession {
  /** The signed-in user, looked up (or cached) once per request; a session due for renewal is extended. */
  user(): Promise<AuthUser | null>;
  /** The token from the cookie, if its signature holds (a tampered cookie counts as none); `present`: any cookie. */
  token(): Promise<{ token: string | null; present: boolean }>;
  /**
   * A new session for the user, in the caller's transaction; its token goes to begin(). `recovery` for a
   * password-reset link's: it may set a password without the current one, for a while.
   */
  create(tx: SqlExecutor, userId: string, options?: { recovery?: boolean }): Promise<string>;
  /** Sets the cookie of a session just created: this request is `user`'s from now on. */
  begin(token: string, user: AuthUser): Promise<void>;
  clearCookie(): Promise<void>;
  /** The request's user from now on, without a lookup. */
  remember(user: AuthUser | null): void;
  /** The process's session cache, where it keeps one: whatever changes sessions or users must forget them. */
  readonly cache: SessionCache | undefined;
}

/** One cache per database: every backend object over the same database sees the same sign-outs. */
const sessionCaches = new WeakMap<SqlDatabase, SessionCache>();

type SessionCookie = ReturnType<typeof createSignedCookie>;

/** The sessions of one database; its result gives each request its own RequestSession. */
export function createSqlSessions(context: SqlAuthContext, options: SqlSessionOptions) {
  let cache: SessionCache | undefined;
  if (options.cacheSessions) {
    cache = sessionCaches.get(context.db) ?? new SessionCache(SESSION_RENEW_BELOW_DAYS * DAY_MS);
    sessionCaches.set(context.db, cache);
  }
  const sessionCookie = createSignedCookie(
    "shop_session",
    { maxAge: SESSION_LIFETIME_DAYS * 24 * 60 * 60 },
    { secure: options.secureCookies, secrets: options.cookieSecrets },
  );
  return (request: Request, responseHeaders: Headers): RequestSession =>
    requestSession(context, cache, sessionCookie, request, responseHeaders);
}

async function createSession(
  { now }: SqlAuthContext,
  tx: SqlExecutor,
  userId: string,
  { recovery = false } = {},
): Promise<string> {
  const token = newToken();
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

/** The session's user, or null; renews a session with less than SESSION_RENEW_BELOW_DAYS left (a new cookie). */
async function lookUpSession(
  { db, now }: SqlAuthContext,
  cache: SessionCache | undefined,
  token: string,
  setCookie: (token: string) => Promise<void>,
): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now().getTime());
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const [row] = await db.query<SessionUserRow>(
    `select ${userColumns}, s.id as session_id, s.expires_at
     from auth.sessions as s join auth.users as u on u.id = s.user_id
     where s.token_hash = $1 and s.expires_at > $2`,
    [tokenHash, now()],
  );
  if (!row) return null;
  let expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt - now().getTime() < SESSION_RENEW_BELOW_DAYS * DAY_MS) {
    expiresAt = now().getTime() + SESSION_LIFETIME_DAYS * DAY_MS;
    await db.query("update auth.sessions set expires_at = $2 where id = $1", [row.session_id, new Date(expiresAt)]);
    await setCookie(token);
  }
  const user = toUser(row);
  cache?.set(tokenHash, user, expiresAt, now().getTime(), generation);
  return user;
}

function requestSession(
  context: SqlAuthContext,
  cache: SessionCache | undefined,
  sessionCookie: SessionCookie,
  request: Request,
  responseHeaders: Headers,
): RequestSession {
  let currentUser: Promise<AuthUser | null> | undefined;

  const setCookie = async (token: string) => addResponseCookie(responseHeaders, await sessionCookie.serialize(token));
  const clearCookie = async () => addResponseCookie(responseHeaders, await sessionCookie.serialize("", { maxAge: 0 }));

  async function token(): Promise<{ token: string | null; present: boolean }> {
    const header = request.headers.get("Cookie");
    const value: unknown = await sessionCookie.parse(header);
    const present = header?.includes(`${sessionCookie.name}=`) ?? false;
    return { token: typeof value === "string" && TOKEN_SHAPE.test(value) ? value : null, present };
  }

  async function loadUser(): Promise<AuthUser | null> {
    const read = await token();
    if (!read.token) {
      if (read.present) await clearCookie();
      return null;
    }
    try {
      const user = await lookUpSession(context, cache, read.token, setCookie);
      if (!user) await clearCookie();
      return user;
    } catch (error) {
      throw toBackendError(error);
    }
  }

  return {
    user() {
      currentUser ??= loadUser();
      return currentUser;
    },
    token,
    create: (tx, userId, options) => createSession(context, tx, userId, options),
    async begin(token, user) {
      await setCookie(token);
      currentUser = Promise.resolve(user);
    },
    clearCookie,
    remember(user) {
      currentUser = Promise.resolve(user);
    },
    cache,
  };
}

/** The AuthPort's session methods: who is signed in, signing out, and Google's verified sign-in. */
export function sessionMethods(
  context: SqlAuthContext,
  session: RequestSession,
): Pick<AuthPort, "getUser" | "signOut" | "signOutEverywhere" | "startOAuth" | "signInWithVerifiedIdentity"> {
  const { db } = context;
  async function signOut(): Promise<void> {
    const { token, present } = await session.token();
    if (token) {
      const tokenHash = hashToken(token);
      session.cache?.forget(tokenHash);
      await db
        .query("delete from auth.sessions where token_hash = $1", [tokenHash])
        .catch((error) => {
          throw toBackendError(error);
        })
        .finally(() => session.cache?.forget(tokenHash));
    }
    if (token || present) await session.clearCookie();
    session.remember(null);
  }

  return {
    getUser: () => session.user(),

    signOut,

    async signOutEverywhere() {
      const user = await session.user();
      if (!user) {
        await signOut();
        return;
      }
      // Before and after the delete: see SessionCache.
      session.cache?.forgetUser({ id: user.id });
      try {
        await db.query("delete from auth.sessions where user_id = $1", [user.id]);
      } catch (error) {
        throw toBackendError(error);
      } finally {
        session.cache?.forgetUser({ id: user.id });
      }
      await session.clearCookie();
      session.remember(null);
    },

    async startOAuth() {
      throw new BackendError("not_supported", "Google sign-in runs through the app on this backend.");
    },

    signInWithVerifiedIdentity: (input) => signInWithVerifiedIdentity(context, session, input),
  };
}

/** Signs in the owner of an address Google has verified, creating the account on the first visit. */
async function signInWithVerifiedIdentity(
  { db, now }: SqlAuthContext,
  session: RequestSession,
  { provider, email, fullName, avatarUrl }: Parameters<AuthPort["signInWithVerifiedIdentity"]>[0],
): Promise<AuthUser> {
  const address = normaliseEmail(email);
  const name = fullName ? cleanFullName(fullName) : null;
  const metadata = {
    ...(name ? { full_name: name } : {}),
    ...(avatarUrl ? { avatar_url: avatarUrl.slice(0, 2000) } : {}),
    provider,
  };
  // The account's metadata may change: its sessions read it again (before and after, see SessionCache).
  session.cache?.forgetUser({ email: address });
  try {
    const { user, token } = await db.transaction(async (tx) => {
      // Google has verified the address: a pending account's password (perhaps a stranger's) does not survive.
      await releasePendingAddress(tx, address, now());
      // First visit creates the account (no password); later visits fill in missing metadata only.
      const [row] = await tx.query<UserRow>(
        `insert into auth.users as u (email, raw_user_meta_data, email_confirmed_at) values ($1, $2::jsonb, now())
         on conflict ((lower(email))) do update set raw_user_meta_data = $2::jsonb || u.raw_user_meta_data,
           email_confirmed_at = coalesce(u.email_confirmed_at, now())
         returning ${userColumns}`,
        [address, JSON.stringify(metadata)],
      );
      if (!row) throw new BackendError("unexpected", "Signing in returned no user.");
      return { user: toUser(row), token: await session.create(tx, row.id) };
    });
    session.cache?.forgetUser({ id: user.id });
    await session.begin(token, user);
    return user;
  } catch (error) {
    throw toBackendError(error);
  }
}

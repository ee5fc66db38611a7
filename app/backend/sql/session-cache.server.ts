import type { AuthUser } from "~/backend/ports/auth";

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
 * auth.users goes through this process's SQL auth (sql-auth.server.ts), which forgets what it changes: sign-out
 * (that session), a password change and a Google sign-in that updates the account (all the user's sessions). An
 * entry is also dropped when the session expires, when it is due for renewal, and after CACHED_SESSION_MS.
 * Anything new that deletes sessions or users, or changes what toUser() reads, must call forgetUser() too, before
 * and after its write: a lookup that read the row before the write then cannot store it (the generation moved).
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  /** Moves on every forget: a lookup stores its result only if nothing was forgotten since it began. */
  generation = 0;

  /** A session with less than this left is renewed, so it is read from the database again. */
  readonly #renewBelowMs: number;

  constructor(renewBelowMs: number) {
    this.#renewBelowMs = renewBelowMs;
  }

  get(tokenHash: string, nowMs: number): AuthUser | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    // Past expiry, close to renewal, or read too long ago (or the clock went back): ask the database.
    const renewAt = entry.expiresAt - this.#renewBelowMs;
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

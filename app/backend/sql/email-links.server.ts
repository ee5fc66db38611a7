// E-mailed links of the embedded and postgres backends (decision 0016): address confirmation on sign-up and password
// reset. The token (32 random bytes) travels once, in the outbox message; the database keeps only its SHA-256.
import { hashToken, newToken, TOKEN_SHAPE } from "./secret-tokens.server";
import type { SqlExecutor } from "./sql-database";
import { enqueueMail } from "./sql-outbox.server";

export type EmailLinkPurpose = "confirm" | "reset";

export const emailLinkRules = {
  confirm: { lifetimeMs: 24 * 60 * 60 * 1000, mailKind: "confirm_signup" },
  reset: { lifetimeMs: 60 * 60 * 1000, mailKind: "password_reset" },
  /** At most one link of a kind per account this often: a form posted in a loop sends one e-mail a minute. */
  throttleMs: 60 * 1000,
} as const;

/**
 * Issues a link for the account and writes its e-mail to the outbox, in the caller's transaction. Returns
 * false (and sends nothing) when a link of this kind went out less than a minute ago. `linkPath` is where the
 * link lands on this shop (path and query; the sender puts the shop's own origin before it).
 */
export async function issueEmailLink(
  tx: SqlExecutor,
  input: { userId: string; email: string; purpose: EmailLinkPurpose; linkPath: string; now: Date },
): Promise<boolean> {
  const rule = emailLinkRules[input.purpose];
  const [recent] = await tx.query<{ n: number }>(
    "select count(*)::int as n from auth.email_link_tokens where user_id = $1 and purpose = $2 and created_at > $3",
    [input.userId, input.purpose, new Date(input.now.getTime() - emailLinkRules.throttleMs)],
  );
  if ((recent?.n ?? 0) > 0) return false;
  const token = newToken();
  await tx.query(
    "insert into auth.email_link_tokens (user_id, purpose, token_hash, created_at, expires_at) values ($1, $2, $3, $4, $5)",
    [input.userId, input.purpose, hashToken(token), input.now, new Date(input.now.getTime() + rule.lifetimeMs)],
  );
  await enqueueMail(tx, {
    kind: rule.mailKind,
    recipient: input.email,
    payload: { link_path: input.linkPath },
    secret: token,
  });
  return true;
}

/**
 * Uses a link once: its account's id and the link's purpose, or null when the token is unknown, used or expired.
 * Following any of them proves the address, so it also confirms it.
 */
export async function consumeEmailLink(
  tx: SqlExecutor,
  token: string,
  now: Date,
): Promise<{ userId: string; purpose: EmailLinkPurpose } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await tx.query<{ user_id: string; purpose: EmailLinkPurpose }>(
    `update auth.email_link_tokens set used_at = $2
     where token_hash = $1 and used_at is null and expires_at > $2
     returning user_id, purpose`,
    [hashToken(token), now],
  );
  if (!row) return null;
  await tx.query("update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2) where id = $1", [
    row.user_id,
    now,
  ]);
  return { userId: row.user_id, purpose: row.purpose };
}

/** The account a link would sign in, without using it: null when the token is unknown, used or expired. */
export async function peekEmailLink(
  db: SqlExecutor,
  token: string,
  now: Date,
): Promise<{ userId: string; email: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db.query<{ user_id: string; email: string }>(
    `select t.user_id, u.email from auth.email_link_tokens as t join auth.users as u on u.id = t.user_id
     where t.token_hash = $1 and t.used_at is null and t.expires_at > $2`,
    [hashToken(token), now],
  );
  return row ? { userId: row.user_id, email: row.email } : null;
}

/**
 * Issues an address-confirmation link for the account (see issueEmailLink). It lands on the sign-up's redirect
 * (/auth/callback), never on another origin.
 */
export function issueConfirmLink(
  tx: SqlExecutor,
  account: { id: string; email: string },
  emailRedirectTo: string | undefined,
  now: Date,
): Promise<boolean> {
  const linkPath = linkPathOf(emailRedirectTo ?? "/auth/callback");
  return issueEmailLink(tx, { userId: account.id, email: account.email, purpose: "confirm", linkPath, now });
}

/** Path and query of a link target the app built from the request (the origin is never taken from it). */
export function linkPathOf(target: string): string {
  const url = new URL(target, "http://localhost");
  return `${url.pathname}${url.search}`;
}

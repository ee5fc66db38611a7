// The random tokens the SQL backends hand out (session cookies, e-mailed links): 32 random bytes in base64url. The
// database keeps only their SHA-256, so a copy of its tables signs nobody in.
import crypto from "node:crypto";

/** The shape of a token; anything else is refused before a query. */
export const TOKEN_SHAPE = /^[\w-]{43}$/;

export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

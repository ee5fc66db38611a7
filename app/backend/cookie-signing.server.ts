import crypto from "node:crypto";

// HMAC-SHA256 signatures for cookie values we do not serialise ourselves (Supabase's session chunks),
// so a tampered cookie is dropped before it reaches the client library.

function signatureOf(value: string, secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update(value).digest();
}

/** "value.signature" with the first (newest) secret. */
export function signCookieValue(value: string, secrets: readonly string[]): string {
  const [secret] = secrets;
  if (!secret) throw new Error("No cookie secret configured.");
  return `${value}.${signatureOf(value, secret).toString("base64url")}`;
}

/** The value if any of the secrets signed it (rotation), else null. */
export function unsignCookieValue(signed: string, secrets: readonly string[]): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64url");
  for (const secret of secrets) {
    const expected = signatureOf(value, secret);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return value;
  }
  return null;
}

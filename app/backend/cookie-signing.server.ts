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
  // The signature as text, not decoded: base64url leaves spare bits in its last character, so a decoded comparison
  // would take an edited cookie for the original.
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(signatureOf(value, secret).toString("base64url"));
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return value;
  }
  return null;
}

import crypto from "node:crypto";

/** A fresh key for one checkout form: unguessable, so nobody can replay another shopper's submission. */
export function newIdempotencyKey(): string {
  return crypto.randomBytes(24).toString("base64url");
}

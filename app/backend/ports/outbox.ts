// The e-mail outbox (decision 0016): messages written in the transaction of the event that causes them.

export interface OutboxMessage {
  id: string;
  /** Which template renders it. */
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  /** A link's one-time token, present until the message is sent or given up. */
  secret: string | null;
  /** Delivery attempts so far, this one included. */
  attempts: number;
  /** ISO 8601. */
  createdAt: string;
  /** This claim's token: only its holder may renew or finish the message (another claim has another token). */
  claim: string;
}

export type OutboxOutcome =
  { outcome: "sent" } | { outcome: "retry"; error: string; retryAt: Date } | { outcome: "failed"; error: string };

export interface OutboxPort {
  /** Due messages, each leased to the caller for `leaseSeconds` (other senders skip them meanwhile). */
  claim(input: { limit: number; leaseSeconds: number }): Promise<OutboxMessage[]>;
  /**
   * Extends the lease of a claim still held to `leaseSeconds` from now. False when the claim was lost (its lease ran
   * out and another sender claimed the message, or the message is finished): the caller holds nothing then.
   */
  renew(input: { id: string; claim: string; leaseSeconds: number }): Promise<boolean>;
  /** Records the attempt's outcome. False, and nothing changes, when `claim` is no longer the message's claim. */
  finish(input: { id: string; claim: string } & OutboxOutcome): Promise<boolean>;
}

import { toBackendError } from "~/backend/database-errors.server";
import type { OutboxMessage, OutboxPort } from "~/backend/ports/outbox";
import type { SqlDatabase, SqlExecutor } from "./sql-database";

export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  secret: string | null;
  attempts: number;
  created_at: string | Date;
  claim_token: string;
}

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    payload: row.payload,
    secret: row.secret,
    attempts: row.attempts,
    createdAt: new Date(row.created_at).toISOString(),
    claim: row.claim_token,
  };
}

/** Writes a message inside the caller's transaction, so that it commits (or not) with the event causing it. */
export async function enqueueMail(
  tx: SqlExecutor,
  message: { kind: string; recipient: string; payload: Record<string, unknown>; secret?: string },
): Promise<void> {
  await tx.query("insert into public.outbox (kind, recipient, payload, secret) values ($1, $2, $3::jsonb, $4)", [
    message.kind,
    message.recipient,
    JSON.stringify(message.payload),
    message.secret ?? null,
  ]);
}

/** The sender's side, as the database owner, through the same functions Supabase's service role calls. */
export function createSqlOutbox(db: SqlDatabase): OutboxPort {
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toBackendError(error);
    }
  }
  return {
    claim: ({ limit, leaseSeconds }) =>
      call(async () =>
        (
          await db.query<OutboxRow>(
            "select id, kind, recipient, payload, secret, attempts, created_at, claim_token from public.claim_outbox($1, $2)",
            [limit, leaseSeconds],
          )
        ).map(toOutboxMessage),
      ),
    renew: ({ id, claim, leaseSeconds }) =>
      call(async () => {
        const [row] = await db.query<{ renewed: boolean }>("select public.renew_outbox_claim($1, $2, $3) as renewed", [
          id,
          claim,
          leaseSeconds,
        ]);
        return row?.renewed === true;
      }),
    finish: (input) =>
      call(async () => {
        const error = input.outcome === "sent" ? null : input.error;
        const retryAt = input.outcome === "retry" ? input.retryAt : null;
        const [row] = await db.query<{ finished: boolean }>(
          "select public.finish_outbox_claim($1, $2, $3, $4, $5) as finished",
          [input.id, input.claim, input.outcome, error, retryAt],
        );
        return row?.finished === true;
      }),
  };
}

import { toBackendError } from "~/backend/database-errors.server";
import type { OutboxMessage, OutboxPort } from "~/backend/port";
import type { SqlDatabase, SqlExecutor } from "./sql-database";

export interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  payload: Record<string, unknown>;
  secret: string | null;
  attempts: number;
  created_at: string | Date;
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
  return {
    async claim({ limit, leaseSeconds }) {
      try {
        const rows = await db.query<OutboxRow>(
          "select id, kind, recipient, payload, secret, attempts, created_at from public.claim_outbox($1, $2)",
          [limit, leaseSeconds],
        );
        return rows.map(toOutboxMessage);
      } catch (error) {
        throw toBackendError(error);
      }
    },
    async finish(input) {
      const error = input.outcome === "sent" ? null : input.error;
      const retryAt = input.outcome === "retry" ? input.retryAt : null;
      try {
        await db.query("select public.finish_outbox($1, $2, $3, $4)", [input.id, input.outcome, error, retryAt]);
      } catch (caught) {
        throw toBackendError(caught);
      }
    },
  };
}

// How the SQL adapter's data ports reach the database for one request: every call in a transaction under the role
// PostgREST would use, so that the row-level security policies protect the embedded and postgres backends as they
// protect Supabase.

import { toBackendError } from "~/backend/database-errors.server";
import { requireUserId } from "~/backend/input.server";
import { requireSessionUser } from "~/backend/request-scope.server";
import type { RpcCall } from "~/backend/rpc/rpc-call";
import { inBackOfficeTurn } from "./back-office-gate.server";
import type { SqlDatabase, SqlExecutor, SqlStatement } from "./sql-database";

/** How long PostgreSQL lets one back-office statement run (a search, a page of an export) before stopping it. */
export const STAFF_STATEMENT_TIMEOUT_MS = 5_000;

export interface SqlDataOptions {
  /** Tests lower it to meet it. */
  staffStatementTimeoutMs?: number;
}

/** Statements as the user of the request's verified session (a `userId` must be that user), or as anon (null). */
export interface SqlSessionCalls {
  /** Work of several statements, each needing the one before, as the user (or anon) in one transaction. */
  as<T>(userId: string | null, work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** One statement as the user (or anon): sent with the claims in one batch, one round trip on the embedded database. */
  asOne<Row extends object>(userId: string | null, text: string, params: readonly unknown[]): Promise<Row[]>;
  /** public.<name>(named arguments) as the user (or anon), its result parsed. */
  rpcAs(userId: string | null): RpcCall;
  /**
   * A back-office call as the session's user: through the database's gate (back-office-gate.server.ts), and stopped
   * by PostgreSQL after the time limit (57014, "timed_out"). PGlite has no timer to stop a statement with (it runs in
   * WebAssembly on this thread) and ignores the setting: there, each call reads one page through an index (decision
   * 0035).
   */
  staffRpc: RpcCall;
}

export function createSqlSessionCalls(
  db: SqlDatabase,
  sessionUserId: () => Promise<string | null>,
  { staffStatementTimeoutMs = STAFF_STATEMENT_TIMEOUT_MS }: SqlDataOptions = {},
): SqlSessionCalls {
  /** Who the statements after it run as. set_config(..., true) is SET LOCAL: both end with the transaction, as under PostgREST. */
  async function claimsOf(userId: string | null): Promise<SqlStatement> {
    // A malformed id is refused before the session is read or any query runs.
    const actingId = await requireSessionUser(userId === null ? null : requireUserId(userId), sessionUserId);
    return {
      text: "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true)",
      params: actingId === null ? ["anon", ""] : ["authenticated", actingId],
    };
  }

  async function as<T>(userId: string | null, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const claims = await claimsOf(userId);
    try {
      return await db.transaction(async (tx) => {
        await tx.query(claims.text, claims.params);
        return await work(tx);
      });
    } catch (error) {
      throw toBackendError(error);
    }
  }

  async function asOne<Row extends object>(
    userId: string | null,
    text: string,
    params: readonly unknown[],
  ): Promise<Row[]> {
    const claims = await claimsOf(userId);
    try {
      const [, rows = []] = await db.batch([claims, { text, params }]);
      return rows as Row[];
    } catch (error) {
      throw toBackendError(error);
    }
  }

  const rpcAs =
    (userId: string | null): RpcCall =>
    async (name, args) => {
      const { text, params = [] } = rpcStatement(name, args);
      const [row] = await asOne<{ result: unknown }>(userId, text, params);
      return row?.result ?? null;
    };

  const staffRpc: RpcCall = async (name, args) => {
    const claims = await claimsOf(await sessionUserId());
    const call = rpcStatement(name, args);
    const timeLimit = {
      text: "select set_config('statement_timeout', $1, true)",
      params: [String(staffStatementTimeoutMs)],
    };
    try {
      const [, , [row] = []] = await inBackOfficeTurn(db, () => db.batch([claims, timeLimit, call]));
      return (row as { result?: unknown } | undefined)?.result ?? null;
    } catch (error) {
      throw toBackendError(error);
    }
  };

  return { as, asOne, rpcAs, staffRpc };
}

/** The statement that calls public.<name>(named arguments), each cast to its SQL type; its one column is `result`. */
export function rpcStatement(name: string, args: Parameters<RpcCall>[1]): SqlStatement {
  const entries = Object.entries(args);
  const list = entries.map(([argument, [, type]], index) => `${argument} => $${index + 1}::${type}`).join(", ");
  const params = entries.map(([, [value, type]]) =>
    type === "jsonb" && value !== null ? JSON.stringify(value) : value,
  );
  return { text: `select public.${name}(${list}) as result`, params };
}

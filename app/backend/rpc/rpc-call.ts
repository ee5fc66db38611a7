// How the ports in this folder reach the database: public.<name>(named arguments), one implementation for every
// backend. Each adapter supplies the call (SQL: a statement as the session's user or the database owner; Supabase:
// PostgREST RPC with the session's token or the service role).

/** A database function's argument: its value and its SQL type (the SQL adapter casts; PostgREST knows them). */
export type RpcArgument = readonly [
  value: unknown,
  type: "text" | "integer" | "bigint" | "boolean" | "uuid" | "jsonb" | "timestamptz",
];

/** Calls public.<name>(...) with named arguments and returns its result (JSON parsed). */
export type RpcCall = (name: string, args: Record<string, RpcArgument>) => Promise<unknown>;

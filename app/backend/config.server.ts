import type { Env } from "~/site/env.server";

export type BackendConfig =
  | { kind: "embedded"; dataDir: string }
  | { kind: "postgres"; databaseUrl: string; poolSize: number }
  | { kind: "supabase"; url: string; anonKey: string; serviceRoleKey?: string };

/** A deployment that cannot start as configured; the message says what to set. */
export class BackendConfigError extends Error {
  override readonly name = "BackendConfigError";
}

type BackendEnv = Pick<
  Env,
  "BACKEND" | "DATA_DIR" | "DATABASE_URL" | "DATABASE_POOL_SIZE" | "SUPABASE_URL" | "SUPABASE_ANON_KEY"
> &
  Partial<Pick<Env, "SUPABASE_SERVICE_ROLE_KEY">>;

/**
 * Which backend runs: BACKEND when set; otherwise DATABASE_URL means postgres, SUPABASE_URL (or its key)
 * means supabase, nothing means embedded. Anything half-set or ambiguous is an error, never a fallback.
 */
export function resolveBackendConfig(env: BackendEnv): BackendConfig {
  const kind = env.BACKEND ?? inferKind(env);
  switch (kind) {
    case "embedded":
      return { kind, dataDir: env.DATA_DIR };
    case "postgres":
      if (!env.DATABASE_URL) {
        throw new BackendConfigError(
          "BACKEND=postgres needs DATABASE_URL, e.g. postgres://user:password@localhost:5432/shop.",
        );
      }
      return { kind, databaseUrl: checkDatabaseUrl(env.DATABASE_URL), poolSize: env.DATABASE_POOL_SIZE };
    case "supabase": {
      const missing = [!env.SUPABASE_URL && "SUPABASE_URL", !env.SUPABASE_ANON_KEY && "SUPABASE_ANON_KEY"].filter(
        Boolean,
      );
      if (missing.length > 0 || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) {
        throw new BackendConfigError(
          `The Supabase backend needs SUPABASE_URL and SUPABASE_ANON_KEY; ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set. ` +
            "Both are in the Supabase dashboard under Project Settings > API. " +
            "Unset both (and BACKEND) to use the embedded database instead.",
        );
      }
      return {
        kind,
        url: checkSupabaseUrl(env.SUPABASE_URL),
        anonKey: env.SUPABASE_ANON_KEY,
        ...(env.SUPABASE_SERVICE_ROLE_KEY ? { serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY } : {}),
      };
    }
  }
}

function inferKind(env: BackendEnv): BackendConfig["kind"] {
  const wantsSupabase = Boolean(env.SUPABASE_URL || env.SUPABASE_ANON_KEY);
  if (env.DATABASE_URL && wantsSupabase) {
    throw new BackendConfigError(
      "Both DATABASE_URL and SUPABASE_URL/SUPABASE_ANON_KEY are set: choose one with BACKEND=postgres or BACKEND=supabase.",
    );
  }
  if (env.DATABASE_URL) return "postgres";
  if (wantsSupabase) return "supabase";
  return "embedded";
}

function checkDatabaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BackendConfigError(
      "DATABASE_URL is not a valid URL: expected postgres://user:password@host:5432/database.",
    );
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new BackendConfigError(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  if (!url.hostname)
    throw new BackendConfigError("DATABASE_URL has no host: postgres://user:password@host:5432/database.");
  return value;
}

function checkSupabaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BackendConfigError(
      "SUPABASE_URL is not a valid URL: expected your project's URL, e.g. https://abcdefghijkl.supabase.co.",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new BackendConfigError("SUPABASE_URL must be an http(s) URL, e.g. https://abcdefghijkl.supabase.co.");
  }
  if (url.pathname !== "/" || url.search) {
    throw new BackendConfigError(
      "SUPABASE_URL must be the project's base URL without a path (e.g. https://abcdefghijkl.supabase.co, not .../rest/v1).",
    );
  }
  return url.origin;
}

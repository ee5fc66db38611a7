import type { Backend, RequestBackend } from "~/backend/ports/backend";
import { getEnv } from "~/site/env.server";
import { resolveBackendConfig, type BackendConfig } from "./config.server";

declare global {
  // On globalThis so that development reloads of server modules reuse the open database.
  var __shopBackend: Promise<Backend> | undefined;
}

export interface BackendRuntimeOptions {
  cookieSecrets: string[];
  secureCookies: boolean;
  /** The shop delivers e-mail (MAIL is not off): the embedded and postgres backends confirm addresses by link. */
  sendsEmail?: boolean;
  /** The production build's migrated database, for an embedded backend whose data directory is new (decision 0022). */
  databaseImage?: string;
}

/** Opens the adapter a configuration names. Adapters load lazily: Supabase deployments never load PGlite. */
export async function openBackend(config: BackendConfig, runtime: BackendRuntimeOptions): Promise<Backend> {
  switch (config.kind) {
    case "embedded": {
      const { openEmbeddedBackend } = await import("./sql/sql-backend.server");
      const { databaseImage, ...options } = runtime;
      return openEmbeddedBackend(config.dataDir, options, { image: databaseImage });
    }
    case "postgres": {
      const { openPostgresBackend } = await import("./sql/sql-backend.server");
      return openPostgresBackend({ url: config.databaseUrl, poolSize: config.poolSize }, runtime);
    }
    case "supabase": {
      const { createSupabaseBackend } = await import("./supabase/supabase-backend.server");
      const backend = createSupabaseBackend({
        url: config.url,
        anonKey: config.anonKey,
        serviceRoleKey: config.serviceRoleKey,
        cookieSecrets: runtime.cookieSecrets,
        secureCookies: runtime.secureCookies,
      });
      await backend.ping();
      return backend;
    }
  }
}

/**
 * The backend this process runs on, chosen from the environment (see config.server.ts) and opened
 * once. Start-up calls it first, so a misconfiguration stops the server before it listens; `opening` applies to
 * that first call only.
 */
export function getBackend(opening: Pick<BackendRuntimeOptions, "databaseImage"> = {}): Promise<Backend> {
  if (!globalThis.__shopBackend) {
    if (process.env.VITEST) {
      // A test must never open the developer's ./data database by accident.
      throw new Error("No backend in this test: call installTestBackend() from tests/support/pglite.ts first.");
    }
    const env = getEnv();
    const opened = openBackend(resolveBackendConfig(env), {
      cookieSecrets: env.sessionSecrets,
      secureCookies: env.secureCookies,
      sendsEmail: env.MAIL !== "off",
      ...opening,
    });
    globalThis.__shopBackend = opened;
    // A failed open is not cached: the error surfaces, and the next call tries again.
    opened.catch(() => {
      if (globalThis.__shopBackend === opened) globalThis.__shopBackend = undefined;
    });
  }
  return globalThis.__shopBackend;
}

/**
 * The backend as one request sees it: `auth` reads its cookies, and the headers it produces go to
 * `context.responseHeaders`, which the server adds to the request's response (server/remix-handler.js).
 *
 *   const backend = await backendFor(request, context);
 *   const user = await backend.auth.getUser();
 *   return data({ user });
 */
export async function backendFor(request: Request, context: { responseHeaders: Headers }): Promise<RequestBackend> {
  return (await getBackend()).forRequest(request, context.responseHeaders);
}

export async function closeBackend(): Promise<void> {
  const opening = globalThis.__shopBackend;
  globalThis.__shopBackend = undefined;
  const backend = await opening?.catch(() => undefined);
  await backend?.close();
}

/** Tests only: make getBackend() answer with a backend the test built (tests/support/pglite.ts). */
export function setBackendForTests(backend: Backend | undefined): void {
  if (getEnv().isProduction) throw new Error("setBackendForTests cannot be used in production.");
  globalThis.__shopBackend = backend ? Promise.resolve(backend) : undefined;
}

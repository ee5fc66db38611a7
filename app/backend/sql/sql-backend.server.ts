import { STAFF_SETUP_LINK_HOURS } from "~/backend/constants";
import { toBackendError } from "~/backend/database-errors.server";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import { createRateLimits, memoryLimiter } from "~/backend/rate-limit-counters.server";
import { memberOf, requestScopes } from "~/backend/request-scope.server";
import { createCatalogueImageFiles } from "~/backend/rpc/catalogue-images.server";
import { createCatalogueReader } from "~/backend/rpc/catalogue.server";
import { createDiscountCodesPort } from "~/backend/rpc/discounts.server";
import { createPaymentsPort } from "~/backend/rpc/payments.server";
import type { RpcCall } from "~/backend/rpc/rpc-call";
import { migrate } from "./migrations.server";
import { openPostgresDatabase } from "./pg-database.server";
import { openPGliteDatabase, type PGliteOpenOptions } from "./pglite-database.server";
import { withPlannerStatistics } from "./planner-statistics.server";
import { createSqlAuthFactory, type SqlAuthOptions } from "./sql-auth.server";
import { createSqlDataPorts } from "./sql-data.server";
import type { SqlDatabase } from "./sql-database";
import { createSqlOutbox } from "./sql-outbox.server";
import { rpcStatement, type SqlDataOptions } from "./sql-session-calls.server";

export type SqlBackendOptions = SqlAuthOptions & SqlDataOptions;

/** The one SQL adapter, over any SqlDatabase (PGlite or a pg Pool). The database must be migrated. */
export function createSqlBackend(db: SqlDatabase, description: string, options: SqlBackendOptions): Backend {
  const authFor = createSqlAuthFactory(db, options);

  return {
    description,
    // Without mail (MAIL=off) accounts are confirmed at once and a forgotten password cannot be reset by e-mail.
    capabilities: { sendsEmail: options.sendsEmail ?? false, linksWorkInAnyBrowser: true, hostedOAuth: false },
    hostedOAuthProviders: async () => [],
    rateLimits: createRateLimits({ shared: Boolean(db.sharedLimiter), limiterFor: db.sharedLimiter ?? memoryLimiter }),
    outbox: createSqlOutbox(db),
    payments: createPaymentsPort(ownerRpc(db)),
    discountCodes: createDiscountCodesPort(ownerRpc(db)),
    catalogue: createCatalogueReader(anonRpc(db)),
    catalogueImages: createCatalogueImageFiles(anonRpc(db)),
    forRequest: requestScopes((request, responseHeaders) => {
      const auth = authFor(request, responseHeaders);
      // Data calls run as the user whose session cookie this request carries, checked by auth.getUser().
      const data = createSqlDataPorts(db, async () => (await auth.getUser())?.id ?? null, options);
      const scope: RequestBackend = { ...data, auth, responseHeaders, member: () => memberOf(scope) };
      return scope;
    }),
    async syncStaff({ staffEmails, orderRecipients }) {
      try {
        const [row] = await db.query<{ count: number }>(
          "select public.sync_shop_staff($1::text[], $2::text[]) as count",
          [[...staffEmails], [...orderRecipients]],
        );
        return Number(row?.count ?? 0);
      } catch (error) {
        throw toBackendError(error);
      }
    },
    async issueStaffSetupTokens({ email } = {}) {
      try {
        return await db.query<{ email: string; token: string }>(
          "select email, token from public.issue_staff_setup_tokens($1, $2)",
          [STAFF_SETUP_LINK_HOURS * 3600, email ?? null],
        );
      } catch (error) {
        throw toBackendError(error);
      }
    },
    async ping() {
      try {
        await db.query("select 1");
      } catch (error) {
        throw toBackendError(error);
      }
    },
    close: () => db.close(),
  };
}

/** A function of supabase/migrations called by its named arguments, as the database owner (no session's role). */
function ownerRpc(db: SqlDatabase): RpcCall {
  return async (name, args) => {
    const { text, params } = rpcStatement(name, args);
    try {
      const [row] = await db.query<{ result: unknown }>(text, params);
      return row?.result ?? null;
    } catch (error) {
      throw toBackendError(error);
    }
  };
}

/** A function of supabase/migrations as the shop itself (role anon), so row-level security decides what it sees. */
function anonRpc(db: SqlDatabase): RpcCall {
  return async (name, args) => {
    const claims = { text: "select set_config('role', 'anon', true), set_config('request.jwt.claim.sub', '', true)" };
    try {
      const [, [row] = []] = await db.batch([claims, rpcStatement(name, args)]);
      return (row as { result?: unknown } | undefined)?.result ?? null;
    } catch (error) {
      throw toBackendError(error);
    }
  };
}

/** Opens, migrates and wraps a database; closes it again if migrating fails. */
async function openMigrated(db: SqlDatabase, name: string, options: SqlBackendOptions): Promise<Backend> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return createSqlBackend(db, `${name} (${db.description})`, options);
}

export async function openEmbeddedBackend(
  dataDir: string,
  options: SqlBackendOptions,
  { image }: PGliteOpenOptions = {},
): Promise<Backend> {
  // One process per data directory (locked): every change to sessions goes through this process, so it may cache them.
  // A new directory starts from the build's image; migrate() then brings any directory up to this code's SQL.
  const db = await openPGliteDatabase(dataDir, { image });
  const backend = await openMigrated(db, "embedded", { ...options, cacheSessions: true });
  try {
    // PGlite runs no autovacuum: the backend keeps the planner's statistics itself.
    return await withPlannerStatistics(db, backend);
  } catch (error) {
    await backend.close();
    throw error;
  }
}

export async function openPostgresBackend(
  connection: { url: string; poolSize: number },
  options: SqlBackendOptions,
): Promise<Backend> {
  return openMigrated(await openPostgresDatabase(connection), "postgres", options);
}

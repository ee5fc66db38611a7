// The port contract for the Supabase adapter: the adapter as it runs in production, its `fetch` answered by a
// Supabase at the network edge (supabase-over-pglite.ts) over a database migrated with supabase/migrations.
import { createSupabaseOverPglite } from "#tests/support/supabase-over-pglite";

import { createSupabaseBackend } from "~/backend/supabase/supabase-backend.server";
import { describeBackendContract } from "./contract";

describeBackendContract("supabase (network-edge fake over PGlite)", async () => {
  const supabase = await createSupabaseOverPglite();
  return {
    db: supabase.db,
    createBackend: (overrides = {}) =>
      createSupabaseBackend({
        url: supabase.url,
        anonKey: supabase.anonKey,
        serviceRoleKey: supabase.serviceRoleKey,
        cookieSecrets: ["test-session-secret"],
        secureCookies: false,
        fetch: supabase.fetch,
        ...overrides,
      }),
    async recoveryCode(email) {
      const code = supabase.recoveryCode(email);
      if (!code) throw new Error(`No recovery link was asked for ${email}.`);
      return code;
    },
    teardown: () => supabase.close(),
  };
});

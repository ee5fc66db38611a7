// The port contract for the Supabase adapter: the adapter as it runs in production, its `fetch` answered by a
// Supabase at the network edge (supabase-over-pglite.ts) over a database migrated with supabase/migrations.
import { createSupabaseOverPglite } from "#tests/support/supabase-over-pglite";

import { createSupabaseBackend } from "~/backend/supabase/supabase-backend.server";
import { describeCatalogueImagesContract } from "./catalogue-images-contract";
import { describeBackendContract, type ContractHarness } from "./contract";
import { describeRefundQueue } from "./refund-contract";

async function supabaseHarness(): Promise<ContractHarness> {
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
}

describeBackendContract("supabase (network-edge fake over PGlite)", supabaseHarness);
describeRefundQueue("supabase (network-edge fake over PGlite)", supabaseHarness);
describeCatalogueImagesContract("supabase (network-edge fake over PGlite)", supabaseHarness);

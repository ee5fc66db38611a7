// What the Supabase project says of itself, over plain HTTP: whether it answers with the shop's tables, and which
// sign-in providers its dashboard switched on.
import { BackendError } from "~/backend/errors";
import type { OAuthProvider } from "~/backend/ports/auth";
import { REQUEST_TIMEOUT_MS, type SupabaseProject } from "./supabase-clients.server";

const PROVIDERS_TTL_MS = 60_000;
const PROVIDERS_RETRY_MS = 10_000;

/** Throws a BackendError that says what to fix when the project cannot serve the shop. */
export async function pingSupabase(project: SupabaseProject): Promise<void> {
  let response: Response;
  try {
    response = await (project.fetch ?? fetch)(`${project.url}/rest/v1/catalogue_state?select=version&limit=1`, {
      headers: { apikey: project.anonKey, Authorization: `Bearer ${project.anonKey}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BackendError(
      "unavailable",
      `Cannot reach Supabase at ${project.url}: ${(error as Error).message}. Check SUPABASE_URL.`,
      { cause: error },
    );
  }
  if (response.ok) return;
  const body = await response.text();
  if (response.status === 401 || response.status === 403) {
    throw new BackendError(
      "unavailable",
      `Supabase at ${project.url} refused SUPABASE_ANON_KEY (HTTP ${response.status}). ` +
        "Copy the anon public key from the project's API settings.",
    );
  }
  if (response.status === 404 || body.includes("PGRST205") || body.includes("42P01")) {
    throw new BackendError(
      "unavailable",
      `The shop's tables are missing in the Supabase project at ${project.url}: ` +
        "run `supabase link --project-ref <ref>` and `supabase db push`.",
    );
  }
  throw new BackendError(
    "unavailable",
    `Supabase at ${project.url} answered HTTP ${response.status}: ${body.slice(0, 200)}`,
  );
}

/** The providers switched on in the dashboard, asked of Supabase at most once a minute (its public settings). */
export function hostedProviders(project: SupabaseProject): () => Promise<readonly OAuthProvider[]> {
  let providers: { until: number; value: Promise<readonly OAuthProvider[]> } | undefined;

  async function readProviders(): Promise<readonly OAuthProvider[]> {
    try {
      const response = await (project.fetch ?? fetch)(`${project.url}/auth/v1/settings`, {
        headers: { apikey: project.anonKey },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const settings = (await response.json()) as { external?: Record<string, unknown> };
      return settings.external?.google === true ? ["google"] : [];
    } catch (error) {
      // Unknown for now: no button that could only fail; asked again soon.
      console.error("Reading Supabase's sign-in providers failed:", (error as Error).message);
      providers = { until: Date.now() + PROVIDERS_RETRY_MS, value: Promise.resolve([]) };
      return [];
    }
  }

  return () => {
    if (!providers || Date.now() >= providers.until) {
      providers = { until: Date.now() + PROVIDERS_TTL_MS, value: readProviders() };
    }
    return providers.value;
  };
}

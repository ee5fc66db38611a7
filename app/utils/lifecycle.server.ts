import { closeBackend, getBackend } from "~/backend/backend.server";
import { getArticles } from "~/modules/blog/articles.server";
import { getEnv } from "~/utils/env.server";

/** Runs once before the server listens: a misconfigured deployment fails here, not on a shopper's request. */
export async function startup(): Promise<void> {
  getEnv();
  const backend = await getBackend();
  console.log(`Backend: ${backend.description}`);
  // Sanitise the static blog HTML once, before the first request needs it.
  getArticles();
}

/** Runs after the server stopped accepting requests and finished those in flight. */
export async function shutdown(): Promise<void> {
  await closeBackend();
}

import { closeBackend, getBackend } from "~/backend/backend.server";
import { getArticles } from "~/modules/blog/articles.server";
import { startMail, stopMail } from "~/modules/mail/mail-service.server";
import { getEnv } from "~/utils/env.server";

/** Runs once before the server listens: a misconfigured deployment fails here, not on a shopper's request. */
export async function startup(): Promise<void> {
  const env = getEnv();
  // Sanitise the blog's HTML before the first request needs it, and before the backend opens: the sanitiser's
  // child process and the embedded database are the two largest allocations, and should not peak together.
  await getArticles();
  const backend = await getBackend();
  console.log(`Backend: ${backend.description}`);
  console.log(startMail(backend, env));
}

/** Runs after the server stopped accepting requests and finished those in flight. */
export async function shutdown(): Promise<void> {
  await stopMail();
  await closeBackend();
}

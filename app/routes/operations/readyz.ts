import { getBackend } from "~/backend/backend.server";
import { NO_STORE_CACHE_CONTROL } from "~/http/cache-control";

/** A probe must answer before the load balancer's own timeout, even when the database hangs. */
const PING_TIMEOUT_MS = 3_000;

/**
 * Readiness: the backend answers a trivial query. 503 tells a load balancer to send shoppers to another
 * instance until the database is back; the body never names hosts or credentials.
 */
export async function loader() {
  const ready = await pingBackend().then(
    () => true,
    () => false,
  );
  return new Response(ready ? "ok\n" : "unavailable\n", {
    status: ready ? 200 : 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": NO_STORE_CACHE_CONTROL,
      ...(ready ? {} : { "Retry-After": "5" }),
    },
  });
}

async function pingBackend(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([(await getBackend()).ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

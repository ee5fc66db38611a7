import { isBackendError } from "~/backend/errors";
import { NO_STORE_CACHE_CONTROL } from "~/http/cache-control";

/**
 * What a loader or action throws when it cannot work without the backend (database or Supabase out of reach):
 * the error boundary shows its 503 page ("We'll be right back"), and load balancers and monitors see a 503,
 * not a 500. Retry-After: the pool reconnects by itself as soon as the database is back.
 */
export function backendUnavailable(): Response {
  return new Response("The shop's database is not reachable right now. Please try again in a moment.", {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": NO_STORE_CACHE_CONTROL,
      "Retry-After": "30",
    },
  });
}

/** The backend is out of reach: a BackendError "unavailable", or the response backendUnavailable() builds. */
export function isBackendUnavailable(error: unknown): boolean {
  return isBackendError(error, "unavailable") || (error instanceof Response && error.status === 503);
}

/** A read a page cannot do without: when the backend is out of reach, the shop's 503 page instead of a 500. */
export async function orUnavailablePage<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isBackendError(error, "unavailable")) throw backendUnavailable();
    throw error;
  }
}

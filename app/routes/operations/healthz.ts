import { NO_STORE_CACHE_CONTROL } from "~/http/cache-control";

/**
 * Liveness: the process is up and answers HTTP. Deliberately touches no backend, so that a database outage
 * (which /readyz reports) never makes a process manager restart healthy app instances.
 */
export function loader() {
  return new Response("ok\n", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE_CACHE_CONTROL },
  });
}

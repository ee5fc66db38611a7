import { clientKey, formatWait } from "~/modules/limits/rate-limit";

/**
 * A client refused by a per-client limit (rate-limits.server.ts) gets one friendly 429: the page as typed, with the
 * message. Until that refusal's Retry-After has passed, its further posts to the same page are answered by the server
 * before Remix (server.js asks `refusal()`): a small plain 429, with Retry-After, and no render. A flood of refused
 * posts then costs the shop next to nothing (decision 0027). Per process and in memory: the limits themselves are
 * counted where the backend keeps them; this only spares the render of answers already decided.
 */

/** Most clients held at once: an entry is a few dozen bytes, and the oldest goes first past this. */
const MAX_ENTRIES = 10_000;

export interface FloodGate {
  /** Closes the gate for `clientIp` posting to `path` for `seconds` (a per-client limit just refused it). */
  close(clientIp: string, path: string, seconds: number): void;
  /** For a post the server has not read yet: the plain refusal to send, or null to let it through. */
  refusal(clientIp: string | undefined, path: string): { status: 429; retryAfterSeconds: number; text: string } | null;
}

/** One key per client (IPv6: its /64) and page; a fetcher's `/auth.data` is the page `/auth`. */
function keyOf(clientIp: string, path: string): string {
  return `${clientKey(clientIp)} ${
    path
      .toLowerCase()
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/"
  }`;
}

export function createFloodGate(now: () => number = Date.now): FloodGate {
  const closedUntil = new Map<string, number>();
  return {
    close(clientIp, path, seconds) {
      const key = keyOf(clientIp, path);
      closedUntil.delete(key);
      if (closedUntil.size >= MAX_ENTRIES) {
        const oldest = closedUntil.keys().next();
        if (!oldest.done) closedUntil.delete(oldest.value);
      }
      closedUntil.set(key, now() + seconds * 1000);
    },
    refusal(clientIp, path) {
      if (!clientIp) return null;
      const key = keyOf(clientIp, path);
      const until = closedUntil.get(key);
      if (until === undefined) return null;
      const left = Math.ceil((until - now()) / 1000);
      if (left <= 0) {
        closedUntil.delete(key);
        return null;
      }
      return {
        status: 429,
        retryAfterSeconds: left,
        text: `Too many attempts from your network. Please try again in ${formatWait(left)}.\n`,
      };
    },
  };
}

declare global {
  // On globalThis so that development reloads of server modules keep the one gate server.js asks.
  var __shopFloodGate: FloodGate | undefined;
}

/** This process's gate: the one server.js consults and the per-client limits close. */
export function floodGate(): FloodGate {
  globalThis.__shopFloodGate ??= createFloodGate();
  return globalThis.__shopFloodGate;
}

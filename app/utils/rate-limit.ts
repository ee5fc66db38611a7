/** "1 second", "45 seconds", "2 minutes", "1 hour": a wait as a shopper reads it, rounded up. */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;
  if (whole < 60) return unit(whole, "second");
  if (whole < 60 * 60) return unit(Math.ceil(whole / 60), "minute");
  return unit(Math.ceil(whole / 3600), "hour");
}

/**
 * A route's `headers` for a page whose action may answer 429: Remix passes an action's headers on to the page
 * only through this function, so the Retry-After of a refusal is copied over `headers` (the route's own).
 */
export function withRetryAfter(actionHeaders: Headers, headers: HeadersInit = {}): Headers {
  const combined = new Headers(headers);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) combined.set("Retry-After", retryAfter);
  return combined;
}

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

/**
 * The counter key of a client address. One IPv6 subscriber usually holds a whole /64 and could take a new
 * address per request, so IPv6 addresses count by their /64; IPv4 (also written IPv4-mapped) by the address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

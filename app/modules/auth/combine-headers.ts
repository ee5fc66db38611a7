/**
 * One Headers from several, keeping every Set-Cookie (the backend's session cookie, the cart cookie, a
 * toast); for any other header the last source wins.
 */
export function combineHeaders(...sources: Array<Headers | null | undefined>): Headers {
  const combined = new Headers();
  for (const source of sources) {
    source?.forEach((value, key) => {
      if (key === "set-cookie") combined.append(key, value);
      else combined.set(key, value);
    });
  }
  return combined;
}

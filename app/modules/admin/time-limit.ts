/** What a stream stopped at its time limit fails with (the download fails; the log says why). */
export class TimeLimitExceeded extends Error {
  override readonly name = "TimeLimitExceeded";
}

/**
 * The items of `source` until `limitMs` have passed since the call, then a TimeLimitExceeded (and the source is
 * closed): a long task ends by itself, however slowly its reader reads.
 */
export async function* withinTimeLimit<T>(
  source: AsyncIterable<T>,
  limitMs: number,
  now: () => number = Date.now,
): AsyncGenerator<T> {
  const deadline = now() + limitMs;
  for await (const item of source) {
    if (now() > deadline) {
      throw new TimeLimitExceeded(`Stopped after its time limit of ${Math.round(limitMs / 1000)} s.`);
    }
    yield item;
  }
}

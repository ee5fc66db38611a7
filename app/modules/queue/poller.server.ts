// The poll loop of a durable queue drained in the shop process (the mail sender's outbox, decision 0016; the refund
// worker's refunds, decision 0033): claim the next due item, work it to its recorded outcome, and again until nothing
// is due; then wait `pollMs` and look again. What an item is, how it is leased and what its outcome records belong to
// the queue's owner; the loop only runs one round at a time, and stop() waits for the round in progress.

export interface QueuePollerOptions<Item> {
  /** The next due item, leased to this process, or null when none is due. */
  claimNext(): Promise<Item | null>;
  /** Works one claimed item and records its outcome. */
  handle(item: Item): Promise<void>;
  /** How often to look for due items. */
  pollMs: number;
  /** A round that failed (the database away for a moment): the items wait in their table, the next round tries again. */
  onRoundError(error: unknown): void;
}

export interface QueuePoller {
  /** Works what is due now, one item at a time; resolves with how many were worked. For tests and for start(). */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

export function createQueuePoller<Item>(options: QueuePollerOptions<Item>): QueuePoller {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  let stopRequested = false;

  /** Until nothing is due (or stop() is called): one item at a time, so none waits claimed behind another's work. */
  async function runOnce(): Promise<number> {
    let worked = 0;
    while (!stopRequested) {
      const item = await options.claimNext();
      if (!item) break;
      await options.handle(item);
      worked += 1;
    }
    return worked;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .catch(options.onRoundError)
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, options.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      stopRequested = true;
      clearTimeout(timer);
      await running;
    },
  };
}

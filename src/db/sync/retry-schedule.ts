/**
 * When queued work could not go (offline without an 'offline' event, a time-out, a 5xx), the leader
 * tries again on a timer: after `baseMs`, then twice as long each time up to `maxMs`, with a little
 * jitter so that many devices coming back after an outage do not retry in step. A round that leaves
 * nothing waiting resets the wait.
 */
export interface RetrySchedule {
  /** The round left work waiting: try again after the next wait. */
  later(): void;
  /** Nothing is waiting: the next trouble starts from the shortest wait again. */
  settled(): void;
  stop(): void;
  /** The wait the next `later()` will use (status panel, tests). */
  readonly nextDelayMs: number;
}

export function retrySchedule(run: () => void, options: { baseMs?: number; maxMs?: number; random?: () => number } = {}): RetrySchedule {
  const baseMs = options.baseMs ?? 2_000;
  const maxMs = options.maxMs ?? 60_000;
  const random = options.random ?? Math.random;
  let delay = baseMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  return {
    later() {
      if (stopped || timer) return;
      const wait = Math.round(delay * (0.8 + 0.4 * random()));
      delay = Math.min(maxMs, delay * 2);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, wait);
    },
    settled() {
      delay = baseMs;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    get nextDelayMs() {
      return delay;
    },
  };
}

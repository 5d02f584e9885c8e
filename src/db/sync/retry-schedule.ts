/**
 * When queued work could not go (offline without an 'offline' event, a time-out, a 5xx), the leader
 * tries again on a timer: after `baseMs`, then twice as long each time up to `maxMs`, with a little
 * jitter so that many devices coming back after an outage do not retry in step. A round that leaves
 * nothing waiting resets the wait.
 *
 * `withinMs`: the server said when it takes the waiting requests again (Retry-After; until then the
 * API client answers them itself, so a round meant to be the retry, the one on 'online' say, sent
 * nothing). The retry comes no later than that, whatever the backoff has grown to.
 */
export interface RetrySchedule {
  /** The round left work waiting: try again after the next wait, or within `withinMs` when sooner. */
  later(withinMs?: number): void;
  /** Nothing is waiting: the next trouble starts from the shortest wait again. */
  settled(): void;
  stop(): void;
  /** The wait the next `later()` will use (status panel, tests). */
  readonly nextDelayMs: number;
  /** How long until the retry now set runs (ms), or null when none is set. */
  readonly dueInMs: number | null;
}

export function retrySchedule(run: () => void, options: { baseMs?: number; maxMs?: number; random?: () => number } = {}): RetrySchedule {
  const baseMs = options.baseMs ?? 2_000;
  const maxMs = options.maxMs ?? 60_000;
  const random = options.random ?? Math.random;
  let delay = baseMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dueAt = 0;
  let stopped = false;
  const arm = (wait: number) => {
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + wait;
    timer = setTimeout(() => {
      timer = null;
      run();
    }, wait);
  };
  return {
    later(withinMs) {
      if (stopped) return;
      if (timer) {
        if (withinMs !== undefined && dueAt > Date.now() + withinMs) arm(withinMs);
        return;
      }
      const wait = Math.round(delay * (0.8 + 0.4 * random()));
      delay = Math.min(maxMs, delay * 2);
      arm(withinMs === undefined ? wait : Math.min(wait, withinMs));
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
    get dueInMs() {
      return timer ? Math.max(0, dueAt - Date.now()) : null;
    },
  };
}

import { retrySchedule } from './sync/retry-schedule';
import { yieldToMain } from './yield-to-main';

/** The first wait after a chunk failed to arrive, and the longest between tries. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * A code chunk that did not arrive (a connection dropped on a first visit, before the service worker
 * holds the code; a busy server's 5xx; a proxy's error page) is "not known", not "never": it is
 * fetched again after 1 s, twice as long each time up to 30 s, and at once when the browser says it
 * is back online, until it arrives or `options.signal` aborts. Browsers no longer keep a failed module fetch
 * in their module map (whatwg/html#10327; checked in the system Chromium, for a chunk and for a chunk
 * it imports), so `import()` fetches it anew. A chunk that arrived but throws while it is evaluated
 * is kept failed by the browser: each try then fails at once, at the same spaced-out times.
 * Where there is no window (the server rendering the same routes) a failure is final: a module of
 * the server's own does not arrive later, and a render must not wait for it.
 */
export function importUntilLoaded<T>(load: () => Promise<T>, options: { signal?: AbortSignal; random?: () => number } = {}): Promise<T> {
  if (typeof window === 'undefined') return load();
  const signal = options.signal ?? new AbortController().signal;
  return new Promise<T>((resolve, reject) => {
    let trying = false;
    let failures = 0;
    const attempt = () => {
      if (trying || signal.aborted) return;
      trying = true;
      load().then(
        (loaded) => {
          finish();
          resolve(loaded);
        },
        (error: unknown) => {
          trying = false;
          if (signal.aborted) return;
          // Once, not per try: a phone offline for an hour would otherwise fill the console.
          if (failures++ === 0) console.warn('a code chunk did not arrive; trying again', error);
          schedule.later();
        },
      );
    };
    const schedule = retrySchedule(attempt, { baseMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS, random: options.random });
    const backOnline = () => {
      if (failures === 0) return;
      schedule.settled();
      attempt();
    };
    const abort = () => {
      finish();
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    function finish() {
      schedule.stop();
      window.removeEventListener('online', backOnline);
      signal.removeEventListener('abort', abort);
    }
    if (signal.aborted) return abort();
    window.addEventListener('online', backOnline);
    signal.addEventListener('abort', abort);
    attempt();
  });
}

/**
 * Code evaluated in steps: each chunk imported (until it arrives) once the one before has been
 * evaluated and the browser has had a turn, so a tap or a paint waits for one chunk's evaluation at
 * most, never for the whole module graph at once. Each chunk is fetched only after the one before
 * is evaluated: a round trip or two later for what needs them, never for the first paint.
 */
export async function importInSteps<T>(before: readonly (() => Promise<unknown>)[], last: () => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
  for (const step of before) {
    await importUntilLoaded(step, options);
    await yieldToMain();
  }
  return importUntilLoaded(last, options);
}

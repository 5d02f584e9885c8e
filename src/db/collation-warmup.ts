/**
 * RxDB sorts the keys of every collection's schema with `localeCompare` when the collection is
 * created. The first collator a browser process makes is expensive: Chrome builds ICU's list of
 * collation locales, 10-15 ms of CPU on this machine, 40-60 ms on a phone (4x slower), and it fell
 * inside the first collection's creation, making that one task of about 95 ms on a first visit. That
 * work is kept for the whole process (a second collator, in any thread of it, takes under 1 ms), so
 * a short-lived worker, which runs in the page's process, makes the first one on its own thread
 * while this one goes on opening the database.
 *
 * Resolves once the worker has compared two strings, or failed, or after `timeoutMs`; the database
 * opens either way (without the worker the first collection pays for the collator as before).
 */
let warming: Promise<void> | undefined;

export function warmUpCollation(timeoutMs = 1000): Promise<void> {
  // Node (the unit and integration tests) and browsers without workers: nothing to warm.
  if (typeof Worker !== 'function' || typeof window === 'undefined') return Promise.resolve();
  // Once a page: a second database (the in-memory fallback) finds the collator made.
  return (warming ??= new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./collation-warmup-worker.ts', import.meta.url), { type: 'module', name: 'collation-warmup' });
    } catch {
      return resolve();
    }
    const done = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    worker.onmessage = done;
    worker.onerror = done;
  }));
}

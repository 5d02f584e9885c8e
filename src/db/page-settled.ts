/** The longest anything waits for the page to settle. */
const SETTLE_MS = 2000;
/** An idle period this long means no frame is due and nothing is queued (the browser gives at most 50 ms). */
const LONG_IDLE_MS = 40;

/**
 * Resolves once the page's thread is idle (at most SETTLE_MS), at once offline: when the catalogue
 * worker and the service worker's first install start. The database's opening brings every screen
 * its first reads (the cart, the session, the sync's state) on this page's thread, a few hundred
 * milliseconds of short tasks on a phone; a worker started meanwhile began the download among them,
 * its first batches competing with them for the phone's cores and its state messages and the
 * progress renders queued between them. Offline the screens wait for the replica, so the worker
 * starts at once.
 */
export function pageSettled(): Promise<void> {
  if (typeof requestIdleCallback !== 'function' || (typeof navigator !== 'undefined' && navigator.onLine === false)) return Promise.resolve();
  const until = Date.now() + SETTLE_MS;
  return new Promise((resolve) => {
    // A short idle period comes while the screens wait on IndexedDB between their reads; a long one
    // (no frame due, nothing queued) once they are done.
    const check = (idle: IdleDeadline) => {
      if (idle.didTimeout || idle.timeRemaining() >= LONG_IDLE_MS || Date.now() >= until) resolve();
      else requestIdleCallback(check, { timeout: Math.max(1, until - Date.now()) });
    };
    requestIdleCallback(check, { timeout: SETTLE_MS });
  });
}

import type { QueryClient } from '@tanstack/react-query';

/** The longest the database waits for the first screen's server reads. */
const SETTLE_CAP_MS = 3000;
const POLL_MS = 50;

/**
 * Runs `start` once the first screen is up: the page has loaded and its server reads have settled
 * (at most SETTLE_CAP_MS more), then when the browser is idle. Opening the local database and
 * replicating hold the main thread for hundreds of milliseconds on a phone; run earlier, they held
 * up the rendering of the first screen's largest picture. Offline the screen needs the database to
 * show anything, so it opens at once.
 */
export function afterFirstScreen(client: QueryClient, start: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => void (cancelled || start());
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(go, { timeout: 2000 });
    else timer = setTimeout(go, 200);
  };
  const settle = () => {
    const until = Date.now() + SETTLE_CAP_MS;
    const check = () => {
      if (cancelled) return;
      if (client.isFetching() === 0 || Date.now() > until) whenIdle();
      else timer = setTimeout(check, POLL_MS);
    };
    // One poll interval first: the route's own reads start as its code arrives, just after load.
    timer = setTimeout(check, POLL_MS);
  };
  if (!navigator.onLine) whenIdle();
  else if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', settle);
  };
}

import { pageSettled } from '../../db/page-settled';
import { registerWorker } from './register-worker';

/** How often an open shop asks whether a new version was published. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** A failed install is tried again after this, doubling up to the cap (the shop works offline only once one succeeds). */
const INSTALL_RETRY_MS = 5_000;
const INSTALL_RETRY_CAP_MS = 60_000;

/**
 * Registers the service worker (production builds only: the dev server has none) and calls
 * `onWaiting` with an `apply` function when a new version is installed and waiting. The new version
 * takes over only when the shopper accepts (SKIP_WAITING), and the page then reloads into it once.
 */
export function registerServiceWorker(onWaiting: (apply: () => void) => void): () => void {
  if (!import.meta.env?.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  let accepted = false;
  let timer: number | undefined;
  let retry: number | undefined;
  let retryDelay = INSTALL_RETRY_MS;
  let stopped = false;
  /**
   * An install that failed (a precached file did not arrive: the server busy or the connection cut)
   * leaves no worker, and the page would have no offline support until its next full load. It is
   * tried again, with backoff, while the page stays open.
   */
  const checkLater = () => {
    if (stopped) return;
    window.clearTimeout(retry);
    retry = window.setTimeout(ensureInstalled, retryDelay);
    retryDelay = Math.min(retryDelay * 2, INSTALL_RETRY_CAP_MS);
  };
  const onControllerChange = () => {
    if (!accepted) return;
    accepted = false;
    window.location.reload();
  };
  container.addEventListener('controllerchange', onControllerChange);

  let wired: ServiceWorkerRegistration | null = null;
  /** Listens to a registration once: announces a waiting version, and asks hourly for a new one. */
  const wire = (registration: ServiceWorkerRegistration) => {
    if (wired === registration) return;
    wired = registration;
    // A first install has no controller yet: nothing to announce, the page already runs this version.
    const announce = () => {
      const waiting = registration.waiting;
      if (!waiting || !container.controller) return;
      onWaiting(() => {
        accepted = true;
        waiting.postMessage({ type: 'SKIP_WAITING' });
      });
    };
    announce();
    const watchInstall = (installing: ServiceWorker | null) => installing?.addEventListener('statechange', () => installing.state === 'installed' && announce());
    watchInstall(registration.installing);
    registration.addEventListener('updatefound', () => watchInstall(registration.installing));
    window.clearInterval(timer);
    timer = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  };
  function register(): void {
    // A stubbed `register` (a privacy extension, an automated browser with workers blocked) can
    // resolve with nothing: the shop then runs as where workers are missing.
    registerWorker().then(
      (registration: ServiceWorkerRegistration | undefined) => registration && wire(registration),
      (error: unknown) => console.warn('service worker registration failed', error),
    );
  }
  /** Until a worker is active: a registration left with no worker (its first install failed, and the browser dropped it) is made again. */
  function ensureInstalled(): void {
    container.getRegistration().then(
      (registration) => {
        if (registration?.active) return;
        if (!registration || (!registration.installing && !registration.waiting)) register();
        checkLater();
      },
      checkLater,
    );
  }
  // The first install (the app's 121 files fetched and stored, most of a second of a core) waits until
  // the app is live and the page idle: started with the app, it ran beside the hydration on a phone's
  // few cores, and every hydration task took several times its own CPU time (Lighthouse's blocking
  // time 200-700 ms against 20-120 ms after). The catalogue worker waits for the same moment.
  void pageSettled().then(() => {
    if (stopped) return;
    register();
    checkLater();
  });
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    container.removeEventListener('controllerchange', onControllerChange);
    window.clearInterval(timer);
  };
}

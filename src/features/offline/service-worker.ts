/** How often an open shop asks whether a new version was published. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

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
  const onControllerChange = () => {
    if (!accepted) return;
    accepted = false;
    window.location.reload();
  };
  container.addEventListener('controllerchange', onControllerChange);

  void container.register('/sw.js', { scope: '/', updateViaCache: 'none' }).then(
    (registration) => {
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
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => installing.state === 'installed' && announce());
      });
      timer = window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    (error: unknown) => console.warn('service worker registration failed', error),
  );
  return () => {
    container.removeEventListener('controllerchange', onControllerChange);
    window.clearInterval(timer);
  };
}

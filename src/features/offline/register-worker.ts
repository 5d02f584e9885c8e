/**
 * Registers the service worker (production builds only: the dev server has none); resolves with
 * nothing where there is none. One call for both callers: the entry (main.tsx) as the app starts,
 * once the page is painted, so the install (the app's files and the precache) shares the link with
 * the app's own chunks from the start instead of beginning after the app has rendered (seconds
 * later on a phone), and registerServiceWorker, which follows the registration for updates and
 * retries. Registering again with the same script and options resolves with the same registration.
 */
export function registerWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env?.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
}

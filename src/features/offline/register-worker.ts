/**
 * Registers the service worker (production builds only: the dev server has none); resolves with
 * nothing where there is none. Registering again with the same script and options resolves with the
 * same registration.
 */
export function registerWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env?.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
}

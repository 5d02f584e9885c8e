/** The cache the service worker answers the back-office from offline (sw/admin-caching.ts). */
export const ADMIN_CACHE = 'admin-shell';

/**
 * Keeps this page and its code for a visit without a connection: the shop's service worker (the same
 * one, registered here too) precaches the shared chunks, and this puts the back-office's own page and
 * entry chunk into the admin cache, which only this page ever fills, so shoppers' devices never hold it.
 */
export function keepForOffline(entryUrl: string): void {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  void caches
    .open(ADMIN_CACHE)
    .then((cache) => cache.addAll(['/admin', entryUrl]))
    .catch(() => undefined);
}

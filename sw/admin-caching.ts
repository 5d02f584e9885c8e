/**
 * The back-office's part of the service worker, apart from the shop's precache. Its page and its own
 * chunk (assets/admin/) are never precached, so shoppers' devices never download them; the
 * back-office puts them into ADMIN_CACHE itself when it runs (src/admin/offline-shell.ts), and this
 * answers from there: the page from the network first (the cached copy offline or after
 * ADMIN_NAVIGATION_TIMEOUT_S), its chunk from the cache first (content-hashed names). The chunks it
 * shares with the shop are in the shop's precache.
 */
export const ADMIN_CACHE = 'admin-shell';
export const ADMIN_PATHS = /^\/admin(\/|$)/;
export const ADMIN_ASSETS = 'assets/admin/**';
const ADMIN_NAVIGATION_TIMEOUT_S = 4;

export function adminCachingSource(): string {
  return `
// The back-office (/admin): see sw/admin-caching.ts.
routing.registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && ${String(ADMIN_PATHS)}.test(url.pathname),
  new strategies.NetworkFirst({
    cacheName: ${JSON.stringify(ADMIN_CACHE)},
    networkTimeoutSeconds: ${ADMIN_NAVIGATION_TIMEOUT_S},
    // Every /admin path is the same page: one cached copy, under /admin.
    plugins: [{ cacheKeyWillBeUsed: async () => '/admin' }],
  }),
);
routing.registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/admin/'), new strategies.CacheFirst({ cacheName: ${JSON.stringify(ADMIN_CACHE)} }));
`;
}

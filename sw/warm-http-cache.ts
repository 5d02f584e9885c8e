/**
 * Workbox 7 precaches one file at a time (PrecacheController.install awaits each fetch before the
 * next), so a first install pays a round trip per file: on a phone's link (150 ms) the ~50 files the
 * page had not loaded itself took 12 s. Its fetches of content-hashed files use the HTTP cache
 * (`cache: 'default'`), and the server sends those immutable, so the worker first fetches them here a
 * few at a time, as the install starts, and Workbox's own fetches are then answered from the HTTP
 * cache (or join the one still under way). Workbox still decides what is stored and whether the
 * install succeeded: a file that fails here is simply fetched again by Workbox, and an HTTP cache that
 * keeps nothing only makes the install as slow as before.
 */

/**
 * Fetches at once: enough to keep a slow link busy, while leaving the page's own requests some of the
 * browser's six connections per host (HTTP/1.1).
 */
export const WARM_CONCURRENCY = 4;

/** Service-worker source: on install, fetch `urls` into the HTTP cache, WARM_CONCURRENCY at a time. */
export function warmHttpCacheSource(urls: readonly string[]): string {
  return `
// Fills the HTTP cache ahead of Workbox's one-at-a-time precache: see sw/warm-http-cache.ts.
self.addEventListener('install', (event) => {
  const urls = ${JSON.stringify(urls)};
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      try {
        // The body must be read for the HTTP cache to keep it.
        await (await fetch(url, { credentials: 'same-origin' })).arrayBuffer();
      } catch {
        // Workbox fetches it again and fails the install if it must.
      }
    }
  };
  event.waitUntil(Promise.all(Array.from({ length: ${WARM_CONCURRENCY} }, worker)));
});
`;
}

/** What the service worker precached: bytes and entries in Cache Storage once it is active. */
import type { Page } from 'playwright-core';

export function precacheInPage(page: Page): Promise<{ bytes: number; entries: number } | null> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return null;
    await Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    let bytes = 0;
    let entries = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        bytes += response ? (await response.blob()).size : 0;
        entries++;
      }
    }
    return { bytes, entries };
  });
}

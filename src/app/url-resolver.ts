import { mapUrl, type UrlMapping } from '../features/catalog/catalog-api';
import { onStoragePressure } from '../ui/storage-pressure';

/**
 * Unknown paths go through the url mapping (SPEC §2): product, category or CMS page, or page not
 * found. One resolution runs at a time (the lock), and a path asked for again while it resolves
 * shares the same answer; resolved paths are remembered for the session.
 */
let lock: Promise<unknown> = Promise.resolve();
const resolved = new Map<string, Promise<UrlMapping | null>>();
// SPEC §8: a storage quota error clears the url route cache.
onStoragePressure(() => resolved.clear());

export function resolvePath(path: string): Promise<UrlMapping | null> {
  const known = resolved.get(path);
  if (known) return known;
  const run = lock.then(() =>
    mapUrl(path).catch((error: unknown) => {
      // The spec asks for unknown route requests to be logged.
      console.warn(`[router] No mapping found for path ${path}`, error instanceof Error ? error.message : error);
      resolved.delete(path);
      return null;
    }),
  );
  lock = run;
  resolved.set(path, run);
  return run;
}

/** For tests of the lock: forget what was resolved. */
export function resetResolver(): void {
  resolved.clear();
  lock = Promise.resolve();
}
